// Single-site dashboard (spec 3 §2): /site/:siteId?start&end&alarmId. A pinned bar with the site's name, the date
// control, the widget chooser and a menu; selectable widgets on the left (map, emission timeline, CH4 emission rate,
// a chart per gas with a line per device, wind per device stay, diagnostics for device administrators); the site's
// totals, baseline, emissions and events on the right. A deleted site, or one outside the selected organization,
// sends the user to /. An alarmId opens the alarm panel; closing it takes alarmId out of the address.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { endpointKey } from '@/api/endpoint-client';
import { invalidateSiteDashboard } from '@/api/site-dashboard-keys';
import { siteDetailEndpoint, type SiteDetail, type SiteDeviceStay } from '@/contracts/site-dashboard';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { DeviceInstallationType } from '@/domain/enums';
import { isWindType, measurementType } from '@/domain/measurement-type';
import { Permission } from '@/domain/permissions';
import {
  CONTENT_WIDGET_LABELS,
  readSiteWidgetSelection,
  siteWidgetGroups,
  SITE_WIDGET_UNAVAILABLE,
  SITE_WIDGETS_STORAGE_KEY,
  siteDashboardTitle,
  type SiteWidget,
} from '@/domain/site-dashboard';
import { AlarmSlideOut } from '@/entities/alarm/alarm-slide-out';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { Modal } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { Popover } from '@/ui/popover';
import { ChartPickTimeContext } from '@/ui/chart/time-series-chart';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SiteDialog } from '@/entities/site/site-dialog';
import { ModelPipelineDialog } from '@/entities/site/model-pipeline-dialog';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { useSiteDetail, useSiteDevices, useSiteEmissions, useSiteSources, type SiteWindow } from './api';
import { EmissionTimeline } from './emission-timeline';
import { CameraWidget } from './camera-widget';
import { InspectionsTimeline } from './inspections-timeline';
import { BaselineHistoryDialog } from './baseline-history-dialog';
import { SideColumn } from './side-column';
import { SiteMenu, type SiteMenuDialog } from './site-menu';
import { useAlarmParam } from './alarm-param';
import { useDashboardFocus } from './dashboard-focus';
import { SiteMeasurementChart, SiteRateChart, SiteWindChart } from './site-charts';
import { FactList } from '@/ui/fact-list';
import { NotFoundOrNoAccessPage } from '@/ui/not-found-or-no-access';

// The map's code (MapLibre, deck.gl) loads beside the page's requests, not before them (issue 25 'Screen speed').
const SiteMap = lazy(() => import('./site-map').then((m) => ({ default: m.SiteMap })));

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
  const devices = useSiteDevices(w);
  const sources = useSiteSources(organizationId, site.id);
  const emissions = useSiteEmissions(w);
  const canSeeDevices = useHasPermission(Permission.DeviceView, Permission.DeviceAdministration);
  const isDeviceAdmin = useHasPermission(Permission.DeviceAdministration);
  const canEdit = useHasPermission(Permission.SiteEdit);
  const [selected, setSelected] = useState<SiteWidget[]>(() =>
    readSiteWidgetSelection(window.localStorage.getItem(SITE_WIDGETS_STORAGE_KEY)),
  );
  const [showQuarantined, setShowQuarantined] = useState(false);
  const [details, setDetails] = useState<SiteMenuDialog | 'edit' | null>(null);
  const queryClient = useQueryClient();
  const [now] = useState(() => Date.now());
  const onMessage = useCallback((text: string) => toast(text, 'info'), [toast]);

  const stays = useMemo(() => devices.data ?? [], [devices.data]);
  const quarantined = stays.filter(
    (s) => s.quarantinedAt !== null && s.deviceInstallationType !== DeviceInstallationType.values.Active,
  );
  // Quarantined stays leave the charts unless asked for; a wind quarantine only leaves the wind charts. Kept stable,
  // so the charts' loaders change only with the stays.
  const { gasStays, windStays } = useMemo(() => {
    const { Active, QuarantineWind } = DeviceInstallationType.values;
    const keep = (wind: boolean): SiteDeviceStay[] =>
      showQuarantined
        ? stays
        : stays.filter(
            (s) => s.deviceInstallationType === Active || (!wind && s.deviceInstallationType === QuarantineWind),
          );
    return { gasStays: keep(false), windStays: keep(true) };
  }, [stays, showQuarantined]);
  const reported = new Set(stays.flatMap((s) => s.measurementTypeIds));
  const hasCamera = stays.some((s) => s.deviceType === 'QubeCamera');
  const groups = siteWidgetGroups(hasCamera)
    .filter((g) => (g.diagnostic ? isDeviceAdmin : true))
    .filter((g) => g.widgets.every((x) => typeof x === 'string') || canSeeDevices);
  const available = (x: SiteWidget) => typeof x === 'string' || reported.has(x);
  const choose = (next: SiteWidget[]) => {
    setSelected(next);
    window.localStorage.setItem(SITE_WIDGETS_STORAGE_KEY, JSON.stringify(next));
  };
  const shown = groups.flatMap((g) => g.widgets).filter((x) => selected.includes(x) && available(x));
  const { alarmId, openAlarm, closeAlarm } = useAlarmParam();
  const focus = useDashboardFocus(debounced);
  const chartProps = { organizationId, siteId: site.id, range: debounced, onZoom: setRange, onMessage };

  return (
    <ChartPickTimeContext value={focus.pick}>
      <div className="sticky top-0 z-20 bg-base-100">
        <PageHeader title={siteDashboardTitle(site.name)}>
          {site.alias && <span className="badge badge-ghost">{site.alias}</span>}
          <DateRangePicker range={range} onChange={setRange} />
          <Popover
            label="Show/Hide Widgets"
            buttonClassName="btn btn-sm btn-outline"
            haspopup="true"
            panelClassName="absolute left-0 top-full z-40 mt-1 max-h-[70vh] w-72 overflow-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
          >
            {() =>
              groups.map((g) => {
                const boxes = g.widgets.map((x) => {
                  const has = available(x);
                  return (
                    <label
                      key={String(x)}
                      className={`flex items-center gap-2 rounded px-2 py-0.5 text-sm ${has ? 'cursor-pointer hover:bg-base-200' : 'text-base-content/50'}`}
                      title={has ? undefined : SITE_WIDGET_UNAVAILABLE}
                    >
                      <input
                        type="checkbox"
                        className="checkbox checkbox-xs"
                        disabled={!has}
                        checked={has && selected.includes(x)}
                        onChange={(e) => choose(e.target.checked ? [...selected, x] : selected.filter((y) => y !== x))}
                      />
                      {typeof x === 'string' ? CONTENT_WIDGET_LABELS[x] : measurementType(x).label}
                    </label>
                  );
                });
                // Diagnostic groups are collapsible (spec 3 §2) and start folded unless one of theirs is shown.
                if (g.diagnostic) {
                  const chosen = g.widgets.filter((x) => selected.includes(x)).length;
                  return (
                    <details key={g.name} className="mb-1" open={chosen > 0}>
                      <summary className="cursor-pointer px-1 text-xs font-semibold uppercase text-base-content/70">
                        {g.name}
                        {chosen > 0 ? ` (${chosen})` : ''}
                      </summary>
                      <div role="group" aria-label={g.name}>
                        {boxes}
                      </div>
                    </details>
                  );
                }
                return (
                  <fieldset key={g.name} className="mb-1">
                    <legend className="px-1 text-xs font-semibold uppercase text-base-content/70">{g.name}</legend>
                    {boxes}
                  </fieldset>
                );
              })
            }
          </Popover>
          <SiteMenu
            site={site}
            hasQuarantined={quarantined.length > 0}
            showQuarantined={showQuarantined}
            onOpen={setDetails}
            onToggleQuarantined={() => setShowQuarantined((v) => !v)}
          />
        </PageHeader>
      </div>
      {quarantined.length > 0 && (
        <div role="status" className="alert alert-warning mx-4 mt-3 py-2 text-sm">
          {`Quarantined at this site: ${[...new Set(quarantined.map((s) => s.deviceName))].join(', ')}. ${showQuarantined ? 'Their data is shown.' : 'Their data is left out of the charts.'}`}
        </div>
      )}
      <div className="grid gap-3 p-4 xl:grid-cols-[minmax(0,1fr)_380px]">
        <div className="grid min-w-0 content-start gap-3">
          {devices.error && <LoadError message={devices.error.message} onRetry={() => void devices.refetch()} />}
          {shown.length === 0 && (
            <p className="text-base-content/70">Choose the widgets to show with Show/Hide Widgets.</p>
          )}
          {shown.map((x) => {
            if (x === 'map')
              return (
                <Suspense
                  key="map"
                  fallback={<div className="skeleton h-[460px] w-full rounded-box" aria-hidden="true" />}
                >
                  <SiteMap
                    site={site}
                    stays={stays}
                    sources={sources.data ?? []}
                    emissions={emissions.data ?? []}
                    w={w}
                    focus={focus}
                  />
                </Suspense>
              );
            if (x === 'camera') return <CameraWidget key="camera" w={w} />;
            if (x === 'inspections') return <InspectionsTimeline key="inspections" w={w} pinned={focus.pins} />;
            if (x === 'timeline')
              return (
                <EmissionTimeline
                  key="timeline"
                  emissions={emissions.data}
                  loading={emissions.isPending}
                  range={debounced}
                />
              );
            if (x === 'rate') return <SiteRateChart key="rate" {...chartProps} />;
            if (isWindType(x)) return <SiteWindChart key={x} {...chartProps} stays={windStays} typeId={x} />;
            return <SiteMeasurementChart key={x} {...chartProps} stays={gasStays} typeId={x} />;
          })}
        </div>
        <SideColumn w={w} now={now} onAlarm={openAlarm} onZoom={setRange} />
      </div>
      {alarmId && (
        <AlarmSlideOut
          encodedId={alarmId}
          onClose={closeAlarm}
          onZoom={(a) =>
            setRange({
              start: Date.parse(a.startTime),
              end: Math.max(Date.parse(a.endTime ?? a.startTime), Date.parse(a.startTime) + 3_600_000),
            })
          }
        />
      )}
      {details === 'view' && (
        <SiteDetailsDialog
          site={site}
          canEdit={canEdit}
          onEdit={() => setDetails('edit')}
          onClose={() => setDetails(null)}
        />
      )}
      {details === 'edit' && (
        <SiteDialog siteId={site.id} onClose={() => (setDetails(null), void invalidateSiteDashboard(queryClient))} />
      )}
      {details === 'baselines' && <BaselineHistoryDialog site={site} onClose={() => setDetails(null)} />}
      {details === 'model' && (
        <ModelPipelineDialog
          site={{ id: site.id, name: site.name, processedUpTo: site.modelProcessedUpTo }}
          action={site.modellingPipelineIsOn ? 'stop' : 'start'}
          onClose={() => setDetails(null)}
          onAnswered={(isOn) => {
            // The menu shows the answer at once; the detail refetches behind it.
            queryClient.setQueryData<SiteDetail>(
              endpointKey(siteDetailEndpoint, { query: { organizationId, siteId: site.id } }),
              (d) => (d ? { ...d, modellingPipelineIsOn: isOn } : d),
            );
            void queryClient.invalidateQueries({ queryKey: endpointKey(siteDetailEndpoint) });
          }}
        />
      )}
    </ChartPickTimeContext>
  );
}

function SiteDetailsDialog({
  site,
  canEdit,
  onEdit,
  onClose,
}: {
  site: SiteDetail;
  canEdit: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['Name', site.name],
    ['Alias', site.alias ?? '—'],
    ['Organization', site.organization],
    ['Location', `${site.location.lat.toFixed(5)},${site.location.lng.toFixed(5)}`],
    ['Site groups', site.siteGroupNames.join(', ') || '—'],
    ['Business unit', site.businessUnit ?? '—'],
    ['Asset area', site.assetArea ?? '—'],
    ['Country', site.country ?? '—'],
    ['State / province', site.stateProvince ?? '—'],
    ['Regulation', site.regulation ?? '—'],
    ['Regulatory site type', site.regulatorySiteType ?? '—'],
    ['Generic site type', site.genericSiteType ?? '—'],
    ['Basin', site.basin ?? '—'],
    ['Devices installed', site.devices.join(', ') || '—'],
    ['Modelling pipeline', site.modellingPipelineIsOn ? 'On' : 'Off'],
    ['Access notes', site.accessNotes ?? '—'],
  ];
  return (
    <Modal open title={`${site.name} details`} onClose={onClose}>
      <FactList rows={rows} />
      <div className="modal-action">
        {canEdit && (
          <button type="button" className="btn btn-outline" onClick={onEdit}>
            Edit Site
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
