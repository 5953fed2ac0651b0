// Device Health (spec 2 §2): every device of the organization with its installation, quarantine, device-cloud state
// and latest readings coloured by freshness; quick filters, a 7-day trend from a reading, the Manage Devices menu,
// row actions, CSV export, and the stale-data prompt after an hour.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { deviceHealthEndpoint } from '@/contracts/device';
import { Permission } from '@/domain/permissions';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { PageHeader } from '@/ui/page-header';
import { PageToolbar } from '@/ui/page-toolbar';
import { UrlTabs } from '@/ui/url-tabs';
import { useHasPermission, useSession } from '@/ui/session-context';
import {
  DeviceHealthDialogs,
  DeviceRowActions,
  ManageDevicesMenu,
  type DeviceHealthDialog,
} from './device-health-actions';
import { CH4, DEVICE_HEALTH_FILTERS, deviceHealthColumns } from './device-health-columns';
import { useStaleDataPrompt } from './use-stale-data-prompt';

// The map's code (MapLibre, deck.gl) loads beside the page's requests, not before them (issue 25 'Screen speed').
const DeviceMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));

export default function DeviceHealthPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const { ianaTimezoneId: timeZone, timeFormat, unitConfiguration: units } = user.userSettings;
  const internal = user.userDetails.isQubeUser;
  const canInstall = useHasPermission(Permission.DeviceAdministration, Permission.DeviceInstallationStartStop);
  const [dialog, setDialog] = useState<DeviceHealthDialog | null>(null);
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const tab = params.get('tab') === 'Map' ? 'Map' : 'Grid';
  const { data, isPending, error, refetch, dataUpdatedAt, isFetching } = useQuery(
    endpointQuery(deviceHealthEndpoint, { query: { organizationId } }),
  );
  useStaleDataPrompt(dataUpdatedAt, refetch);

  const columns = useMemo(
    () =>
      deviceHealthColumns({
        timeZone,
        timeFormat,
        units,
        internal,
        onTrend: (device, typeId) => setDialog({ kind: 'trend', device, typeId }),
      }),
    [timeZone, timeFormat, units, internal],
  );

  return (
    <>
      <PageHeader title="Device Health">
        <PageToolbar
          actions={
            <>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => void refetch()}
                disabled={isFetching}
              >
                {isFetching ? 'Refreshing…' : 'Refresh'}
              </button>
              <ManageDevicesMenu onOpen={setDialog} />
            </>
          }
        />
      </PageHeader>
      <UrlTabs tabs={['Grid', 'Map'] as const} current={tab} label="Device Health views" />
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        {tab === 'Map' ? (
          <Suspense fallback={<div className="skeleton h-[70vh] w-full rounded-box" aria-hidden="true" />}>
            <DeviceMap onTrend={(device) => setDialog({ kind: 'trend', device, typeId: CH4 })} />
          </Suspense>
        ) : (
          <DataGrid
            label="Device health"
            gridKey="DeviceHealthColumnVisibility"
            columns={columns}
            rows={data}
            getRowId={(d) => String(d.id)}
            loading={isPending}
            error={error ? { message: error.message, retry: () => void refetch() } : null}
            refreshedAt={dataUpdatedAt}
            quickFilters={DEVICE_HEALTH_FILTERS}
            searchPlaceholder="Search devices"
            emptyText="This organization has no devices yet."
            exportName="DeviceHealth"
            selection={{ selected, onChange: setSelected }}
            rowActions={(d) => <DeviceRowActions device={d} canInstall={canInstall} onOpen={setDialog} />}
          />
        )}
      </div>
      <DeviceHealthDialogs
        dialog={dialog}
        selectedIds={[...selected]}
        organizationId={organizationId}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
