// Device Dashboard (spec 2 §2): /device/:deviceName?tab= with the tabs Data, Detail, Installations and Events (unknown
// values fall back to Data); header actions History and Edit Device — after an edit the page reloads at the device's
// possibly new name and keeps the search parameters.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { deviceSummaryEndpoint, type DeviceSummary } from '@/contracts/device';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { DASHBOARD_TABS, dashboardTab } from '@/domain/device-widgets';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { DeviceDialog } from '@/entities/device/device-dialog';
import { DeviceEventsGrid } from '@/entities/device/device-events-grid';
import { SiteDashboardLink } from '@/entities/site/site-links';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { PageHeader } from '@/ui/page-header';
import { UrlTabs } from '@/ui/url-tabs';
import { useHasPermission, useSession } from '@/ui/session-context';
import { CloudFunctionDialog } from '@/entities/device/cloud-function-dialog';
import { Permission } from '@/domain/permissions';
import { Spinner } from '@/ui/spinner';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';
import { DataTab } from './data-tab';
import { DetailTab } from './detail-tab';
import { FreshdeskTab } from './freshdesk-tab';
import { InstallationsTab } from './installations-tab';

export default function DeviceDashboardPage() {
  const { deviceName = '' } = useParams();
  const { organization } = useSession();
  const organizationId = organization?.id ?? 0;
  const device = useQuery({
    ...endpointQuery(deviceSummaryEndpoint, { query: { organizationId, deviceName } }),
    retry: false,
  });
  if (device.isPending) return <Spinner label="Loading device" />;
  if (device.error)
    return (
      <>
        <PageHeader title={deviceName} />
        <div className="p-4">
          <LoadError
            message={
              device.error.message === 'Device not found'
                ? `There is no device named ${deviceName} in ${organization?.name ?? 'this organization'}.`
                : device.error.message
            }
            onRetry={() => void device.refetch()}
          />
        </div>
      </>
    );
  return <Dashboard device={device.data} />;
}

function Dashboard({ device }: { device: DeviceSummary }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = dashboardTab(params.get('tab'));
  const { organization } = useSession();
  const current = device.installations.find((i) => i.endTime === null);
  const [dialog, setDialog] = useState<'history' | 'edit' | 'ticket' | 'cloud' | null>(null);
  const canCloud = useHasPermission(Permission.ParticleCloudFunctions) && device.deviceType === 'Qube';
  return (
    <>
      <PageHeader title={device.name}>
        <span className="badge badge-outline">{device.deviceType}</span>
        <span
          className={`badge ${device.online === true ? 'badge-success' : device.online === false ? 'badge-error' : 'badge-ghost'}`}
        >
          {device.online === true ? 'Online' : device.online === false ? 'Offline' : 'Unknown'}
        </span>
        {current && <span className="text-sm text-base-content/70">at {current.siteName}</span>}
        {canCloud && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setDialog('cloud')}>
            Cloud Functions
          </button>
        )}
        <span
          className={current ? '' : 'tooltip tooltip-bottom'}
          data-tip={current ? undefined : NOT_INSTALLED_FOR_TICKET}
        >
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={!current}
            onClick={() => setDialog('ticket')}
          >
            Create Support Ticket
          </button>
        </span>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setDialog('history')}>
          History
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog('edit')}>
          Edit Device
        </button>
      </PageHeader>
      <AuditHistoryDialog
        entity="device"
        id={dialog === 'history' ? device.id : null}
        organizationId={organization!.id}
        title={`History of ${device.name}`}
        onClose={() => setDialog(null)}
      />
      {dialog === 'cloud' && (
        <CloudFunctionDialog
          target={{ kind: 'device', id: device.id, name: device.name }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'ticket' && <TicketCreateDialog device={device} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && (
        <DeviceDialog
          deviceId={device.id}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if (saved.name !== device.name)
              void navigate(`/device/${encodeURIComponent(saved.name)}?${params.toString()}`, { replace: true });
          }}
        />
      )}
      <UrlTabs tabs={DASHBOARD_TABS} current={tab} label="Device dashboard tabs" />
      {tab === 'Data' && <DataTab device={device} />}
      {tab === 'Detail' && (
        <div className="p-4">
          <DetailTab deviceName={device.name} />
        </div>
      )}
      {tab === 'Installations' && (
        <div className="p-4">
          <InstallationsTab deviceId={device.id} />
        </div>
      )}
      {tab === 'Freshdesk' && (
        <div className="p-4">
          <FreshdeskTab deviceId={device.id} />
        </div>
      )}
      {tab === 'Events' && <EventsTab deviceId={device.id} />}
    </>
  );
}

/** The Device Events grid scoped to this device, over the page's time range. */
function EventsTab({ deviceId }: { deviceId: number }) {
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
      <DateRangePicker range={range} onChange={setRange} />
      <DeviceEventsGrid range={debounced} deviceId={deviceId} height="60vh" siteLink={eventSiteLink} />
    </div>
  );
}

function eventSiteLink({ siteId, siteName }: { siteId: number; siteName: string }) {
  return (
    <SiteDashboardLink siteId={siteId} siteName={siteName}>
      Site
    </SiteDashboardLink>
  );
}
