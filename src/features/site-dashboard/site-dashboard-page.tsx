// Single-site dashboard (spec 3 §2): /site/:siteId?start&end&alarmId. A pinned bar with the site's name, the date
// control, the widget chooser and a menu; selectable widgets on the left (map, emission timeline, CH4 emission rate,
// a chart per gas with a line per device, wind per device stay, diagnostics for device administrators); the site's
// totals, baseline, emissions and events on the right. A deleted site, or one outside the selected organization,
// sends the user to /. An alarmId opens the alarm panel; closing it takes alarmId out of the address.
import { useCallback, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import type { SiteDetail } from '@/contracts/site-dashboard';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { siteDashboardTitle } from '@/domain/site-dashboard';
import { AlarmSlideOut } from '@/entities/alarm/alarm-slide-out';
import { ChartPickTimeContext } from '@/ui/chart/time-series-chart';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { NotFoundOrNoAccessPage } from '@/ui/not-found-or-no-access';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { alarmZoomRange, useAlarmParam } from './alarm-param';
import { useSiteDetail, useSiteEmissions, useSiteSources, type SiteWindow } from './api';
import { useDashboardFocus } from './dashboard-focus';
import { SideColumn } from './side-column';
import { SiteMenu } from './site-menu';
import { SiteMenuDialogs, type SiteDashboardDialog } from './site-menu-dialogs';
import { quarantineNotice } from './site-stays';
import { SiteWidgets } from './site-widgets';
import { useSiteStays } from './use-site-stays';
import { useSiteWidgets } from './use-site-widgets';
import { WidgetChooser } from './widget-chooser';

export default function SiteDashboardPage() {
  const { siteId: raw = '' } = useParams();
  const siteId = Number(raw);
  const { organization, config } = useSession();
  const organizationId = organization?.id ?? 0;
  const detail = useSiteDetail(organizationId, Number.isInteger(siteId) && siteId > 0 ? siteId : 0);
  if (!Number.isInteger(siteId) || siteId <= 0) return <Navigate to="/" replace />;
  if (detail.isPending) return <Spinner label="Loading site" />;
  // Deleted (410): back to the landing page (spec 3 §2). Unknown or out of reach (404): say so (the deep-link gate has
  // already selected the site's organization when the user belongs to it).
  if (detail.error instanceof ApiError && detail.error.status === 410) return <Navigate to="/" replace />;
  if (detail.error instanceof ApiError && detail.error.status === 404)
    return <NotFoundOrNoAccessPage what={`site ${raw}`} supportEmail={config.supportEmail} />;
  if (detail.error)
    return (
      <div className="p-4">
        <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />
      </div>
    );
  return <Dashboard site={detail.data} organizationId={organizationId} />;
}

function Dashboard({ site, organizationId }: { site: SiteDetail; organizationId: number }) {
  const toast = useToast();
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  const w: SiteWindow = useMemo(
    () => ({ organizationId, siteId: site.id, range: debounced }),
    [organizationId, site.id, debounced],
  );
  const stays = useSiteStays(w);
  const sources = useSiteSources(organizationId, site.id);
  const emissions = useSiteEmissions(w);
  const widgets = useSiteWidgets(stays.stays);
  const [dialog, setDialog] = useState<SiteDashboardDialog | null>(null);
  const [now] = useState(() => Date.now());
  const onMessage = useCallback((text: string) => toast(text, 'info'), [toast]);
  const { alarmId, openAlarm, closeAlarm } = useAlarmParam();
  const focus = useDashboardFocus(debounced);
  const { quarantined, showQuarantined } = stays;

  return (
    <ChartPickTimeContext value={focus.pick}>
      <div className="sticky top-0 z-20 bg-base-100">
        <PageHeader title={siteDashboardTitle(site.name)}>
          {site.alias && <span className="badge badge-ghost">{site.alias}</span>}
          <DateRangePicker range={range} onChange={setRange} />
          <WidgetChooser
            groups={widgets.groups}
            selected={widgets.selected}
            available={widgets.available}
            onChoose={widgets.choose}
          />
          <SiteMenu
            site={site}
            hasQuarantined={quarantined.length > 0}
            showQuarantined={showQuarantined}
            onOpen={setDialog}
            onToggleQuarantined={stays.toggleQuarantined}
          />
        </PageHeader>
      </div>
      {quarantined.length > 0 && (
        <div role="status" className="alert alert-warning mx-4 mt-3 py-2 text-sm">
          {quarantineNotice(quarantined, showQuarantined)}
        </div>
      )}
      <div className="grid gap-3 p-4 xl:grid-cols-[minmax(0,1fr)_380px]">
        <SiteWidgets
          shown={widgets.shown}
          site={site}
          w={w}
          stays={stays}
          sources={sources}
          emissions={emissions}
          focus={focus}
          onZoom={setRange}
          onMessage={onMessage}
        />
        <SideColumn w={w} now={now} onAlarm={openAlarm} onZoom={setRange} />
      </div>
      {alarmId && (
        <AlarmSlideOut encodedId={alarmId} onClose={closeAlarm} onZoom={(a) => setRange(alarmZoomRange(a))} />
      )}
      <SiteMenuDialogs open={dialog} site={site} organizationId={organizationId} onOpen={setDialog} />
    </ChartPickTimeContext>
  );
}
