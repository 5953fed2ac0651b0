// Grid columns every device list shows the same way (Device Health, Devices): online state, quarantine state with
// its colour (the tickets column is the ticket entity's: src/entities/ticket/ticket-columns.tsx).
import { quarantineTone } from '@/domain/device-health';
import { DeviceInstallationType, onlineStatus } from '@/domain/enums';
import type { GridColumn } from '../../ui/data-grid/types';

const ONLINE_BADGE = { Online: 'badge-success', Offline: 'badge-error', Unknown: 'badge-ghost' } as const;

export function onlineColumn<T extends { particleOnlineStatus: boolean | null }>(): GridColumn<T> {
  return {
    id: 'online',
    header: 'Online',
    value: (d) => onlineStatus(d.particleOnlineStatus),
    width: 100,
    cell: (d) => {
      const s = onlineStatus(d.particleOnlineStatus);
      return <span className={`badge badge-sm ${ONLINE_BADGE[s]}`}>{s}</span>;
    },
  };
}

export function quarantineColumn<
  T extends { deviceInstallationType: number | null; quarantinedAt: string | null; quarantineNotes?: string | null },
>(describeTime: (iso: string) => string): GridColumn<T> {
  return {
    id: 'quarantine',
    header: 'Quarantine',
    value: (d) => (d.deviceInstallationType === null ? '' : DeviceInstallationType.label(d.deviceInstallationType)),
    cell: (d) => {
      if (d.deviceInstallationType === null) return '';
      const tone = quarantineTone(d);
      const label = DeviceInstallationType.label(d.deviceInstallationType);
      const title = [d.quarantinedAt ? `Since ${describeTime(d.quarantinedAt)}` : '', d.quarantineNotes ?? '']
        .filter(Boolean)
        .join(' — ');
      return tone ? (
        <span
          className={`badge badge-sm whitespace-nowrap ${tone === 'info' ? 'badge-info' : 'badge-warning'}`}
          title={title || undefined}
        >
          {label}
        </span>
      ) : (
        <span className="text-base-content/70">{label}</span>
      );
    },
  };
}
