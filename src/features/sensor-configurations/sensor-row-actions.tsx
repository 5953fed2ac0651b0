// A Sensor Configurations row's actions: edit (or configure) its sensor, the sensor's and the device's history, and
// loading the coefficients onto the device; each says why when it cannot.
import type { SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { rmxBlocked } from '@/domain/sensor-configuration';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
import type { SensorDialog } from './use-sensor-configurations-page';

export function SensorRowActions({
  row: r,
  onOpen,
}: {
  row: SensorConfigurationRow;
  onOpen: (dialog: SensorDialog) => void;
}) {
  const blocked = rmxBlocked(r);
  const label = r.deviceName ?? r.sensorSerialNumber ?? '';
  return (
    <RowActions>
      <span
        className="tooltip tooltip-left"
        data-tip={r.sensorSerialNumber ? undefined : 'The device has no CH4 sensor serial number'}
      >
        <RowAction
          label={r.versionId === null ? 'Configure' : 'Edit'}
          name={`Edit configuration of ${label}`}
          disabled={!r.sensorSerialNumber}
          onClick={() => onOpen({ kind: 'edit', row: r })}
        />
      </span>
      <RowAction
        label="Sensor History"
        name={`Sensor history of ${label}`}
        disabled={r.versionId === null}
        onClick={() =>
          onOpen({
            kind: 'history',
            of: { sensorSerialNumber: r.sensorSerialNumber!, title: `Sensor History: ${r.sensorSerialNumber}` },
          })
        }
      />
      <RowAction
        label="Device History"
        name={`Device history of ${label}`}
        disabled={r.deviceId === null}
        onClick={() =>
          onOpen({ kind: 'history', of: { deviceId: r.deviceId!, title: `Device History: ${r.deviceName}` } })
        }
      />
      <span className="tooltip tooltip-left" data-tip={blocked ?? undefined}>
        <RowAction
          label="Set RMX"
          name={`Set RMX coefficients on ${label}`}
          disabled={blocked !== null}
          onClick={() => onOpen({ kind: 'rmx', rows: [r] })}
        />
      </span>
    </RowActions>
  );
}
