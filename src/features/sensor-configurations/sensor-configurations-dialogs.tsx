// The Sensor Configurations screen's open dialog: add or edit a configuration, bulk upload, a sensor's or device's
// history, or loading coefficients onto devices.
import { BulkSensorDialog } from './bulk-sensor-dialog';
import { RmxDialog } from './rmx-dialog';
import { SensorConfigurationDialog } from './sensor-configuration-dialog';
import { SensorHistoryDialog } from './sensor-history-dialog';
import type { SensorDialog } from './use-sensor-configurations-page';

export function SensorConfigurationsDialogs({
  organizationId,
  dialog,
  latestBySerial,
  onClose,
  onRmxClose,
}: {
  organizationId: number;
  dialog: SensorDialog | null;
  /** The sensors' latest coefficients by serial number. */
  latestBySerial: ReadonlyMap<string, string>;
  onClose: () => void;
  /** Closing the RMX dialog, which also clears the grid's selection. */
  onRmxClose: () => void;
}) {
  const existing = (s: string) => latestBySerial.get(s) ?? null;
  return (
    <>
      {dialog?.kind === 'add' && (
        <SensorConfigurationDialog
          organizationId={organizationId}
          editing={null}
          existing={existing}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'edit' && (
        <SensorConfigurationDialog
          organizationId={organizationId}
          editing={{
            sensorSerialNumber: dialog.row.sensorSerialNumber!,
            coefficients: dialog.row.coefficients,
            deviceName: dialog.row.deviceName,
          }}
          existing={existing}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'bulk' && <BulkSensorDialog organizationId={organizationId} onClose={onClose} />}
      {dialog?.kind === 'history' && (
        <SensorHistoryDialog organizationId={organizationId} of={dialog.of} onClose={onClose} />
      )}
      {dialog?.kind === 'rmx' && <RmxDialog organizationId={organizationId} rows={dialog.rows} onClose={onRmxClose} />}
    </>
  );
}
