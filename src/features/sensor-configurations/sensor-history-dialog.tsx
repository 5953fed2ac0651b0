// Sensor history and device history (spec 3 §2 row actions, §7 sensorConfigurationHistory/): every version, newest
// first, with who created it (Created By), its last load onto the device, and which version the device confirms.
import type { SensorConfigurationHistoryRow } from '@/contracts/sensor-configuration';
import { formatDateTime } from '@/domain/format';
import { HistoryDialog, HistoryTable } from '@/ui/history-dialog';
import { useSession } from '@/ui/session-context';
import { useSensorConfigurationHistory, type HistoryOf } from './api';
import { SyncBadge } from './sync-badge';

export function SensorHistoryDialog({
  organizationId,
  of,
  onClose,
}: {
  organizationId: number;
  of: HistoryOf;
  onClose: () => void;
}) {
  const { user } = useSession();
  const time = (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const history = useSensorConfigurationHistory(organizationId, of);
  const byDevice = 'deviceId' in of;
  return (
    <HistoryDialog
      title={of.title}
      query={history}
      isEmpty={(d) => d.length === 0}
      emptyText={
        byDevice
          ? 'No sensor configuration has been made for this device yet.'
          : 'This sensor has no configuration yet.'
      }
      onClose={onClose}
    >
      {(rows) => (
        <HistoryTable<SensorConfigurationHistoryRow>
          label={of.title}
          rows={rows}
          rowKey={(h) => `${h.versionId}-${h.deviceId ?? 0}`}
          columns={[
            { header: 'Version', cell: (h) => h.versionId },
            byDevice && { header: 'Sensor', cell: (h) => h.sensorSerialNumber },
            { header: 'Coefficients', className: 'font-mono', cell: (h) => h.coefficients },
            { header: 'Created', className: 'whitespace-nowrap', cell: (h) => time(h.createdAt) },
            { header: 'Created By', cell: (h) => h.userEmail },
            !byDevice && {
              header: 'Device',
              cell: (h) => h.deviceName ?? <span className="text-base-content/70">On no device</span>,
            },
            { header: 'Loaded', cell: (h) => <SyncBadge row={h} time={time} /> },
            {
              header: 'Confirmed',
              cell: (h) =>
                h.deviceId !== null && h.deviceConfirmedVersionId === h.versionId ? (
                  <span className="badge badge-sm badge-success">Running</span>
                ) : (
                  ''
                ),
            },
          ]}
        />
      )}
    </HistoryDialog>
  );
}
