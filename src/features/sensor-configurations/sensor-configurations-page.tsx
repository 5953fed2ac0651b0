// Sensor Configurations (spec 3 §2, §3, §5, §7, §8; SensorConfiguration): the organization's Qubes with their CH4
// (RMX) sensor's latest coefficients, and configured sensors on no Qube. Quick filters, add and edit, the template and
// bulk upload, CSV export, each sensor's and device's history, and loading coefficients onto online devices.
// State lives in useSensorConfigurationsPage, the columns in sensor-configuration-columns.
import { DataGrid } from '@/ui/data-grid/data-grid';
import { PageHeader } from '@/ui/page-header';
import { PageToolbar } from '@/ui/page-toolbar';
import { useToast } from '@/ui/toasts';
import { downloadSensorTemplate } from './bulk-sensor-dialog';
import { SENSOR_CONFIGURATION_FILTERS, sensorRowId } from './sensor-configuration-columns';
import { SensorConfigurationsDialogs } from './sensor-configurations-dialogs';
import { SensorRowActions } from './sensor-row-actions';
import { useSensorConfigurationsPage, type SensorDialog } from './use-sensor-configurations-page';

/** The page's buttons: the upload template, bulk upload, and adding one configuration. */
function SensorConfigurationsHeader({ onOpen }: { onOpen: (dialog: SensorDialog) => void }) {
  const toast = useToast();
  return (
    <PageHeader title="Sensor Configurations">
      <PageToolbar
        actions={
          <>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() =>
                void downloadSensorTemplate().catch((e: unknown) =>
                  toast(e instanceof Error ? e.message : String(e), 'error'),
                )
              }
            >
              Template
            </button>
            <button type="button" className="btn btn-sm btn-outline" onClick={() => onOpen({ kind: 'bulk' })}>
              Bulk Upload
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => onOpen({ kind: 'add' })}>
              Add Sensor Configuration
            </button>
          </>
        }
      />
    </PageHeader>
  );
}

export default function SensorConfigurationsPage() {
  const { organizationId, query, columns, dialog, setDialog, selected, setSelected, chosen, latestBySerial } =
    useSensorConfigurationsPage();
  const { data, isPending, error, refetch, dataUpdatedAt } = query;
  const close = () => setDialog(null);
  return (
    <>
      <SensorConfigurationsHeader onOpen={setDialog} />
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <DataGrid
          label="Sensor configurations"
          gridKey="SensorConfigurationsColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={sensorRowId}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          quickFilters={SENSOR_CONFIGURATION_FILTERS}
          searchPlaceholder="Search sensors and devices"
          emptyText="This organization has no Qube devices or sensor configurations yet."
          exportName="SensorConfigurations"
          selection={{ selected, onChange: setSelected, canSelect: (r) => r.deviceId !== null }}
          toolbar={
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'rmx', rows: chosen })}
            >
              {`Set RMX Coefficients${chosen.length ? ` (${chosen.length})` : ''}`}
            </button>
          }
          rowActions={(r) => <SensorRowActions row={r} onOpen={setDialog} />}
        />
      </div>
      <SensorConfigurationsDialogs
        organizationId={organizationId}
        dialog={dialog}
        latestBySerial={latestBySerial}
        onClose={close}
        onRmxClose={() => {
          setSelected(new Set());
          close();
        }}
      />
    </>
  );
}
