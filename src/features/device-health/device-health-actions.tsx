// What can be done from Device Health (spec 2 §2): the Manage Devices menu, each row's actions, and the dialog the
// chosen action opens.
import type { DeviceHealthRow } from '@/contracts/device';
import { quarantineBlocked } from '@/domain/device-form';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { Popover } from '@/ui/popover';
import { BulkDevicesDialog } from '@/entities/device/bulk-devices-dialog';
import { DeviceDialog } from '@/entities/device/device-dialog';
import { EndInstallationDialog } from '@/entities/device/end-installation-dialog';
import { QuarantineDialog } from '@/entities/device/quarantine-dialog';
import { StartInstallationDialog } from '@/entities/device/start-installation-dialog';
import { TrendDialog } from '@/entities/device/trend-dialog';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';

export type DeviceHealthDialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'edit' | 'history' | 'start' | 'end' | 'quarantine' | 'ticket'; device: DeviceHealthRow }
  | { kind: 'trend'; device: DeviceHealthRow; typeId: number };

type Open = (dialog: DeviceHealthDialog) => void;

export function ManageDevicesMenu({ onOpen }: { onOpen: Open }) {
  return (
    <Popover
      label="Manage Devices"
      buttonClassName="btn btn-sm btn-primary"
      haspopup="true"
      panelClassName="absolute right-0 z-30 mt-1 rounded-box border border-base-300 bg-base-100 shadow-lg"
    >
      {(close) => (
        <ul className="menu w-48 p-1">
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                onOpen({ kind: 'add' });
              }}
            >
              Add Device
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                onOpen({ kind: 'bulk' });
              }}
            >
              Bulk Add/Edit Devices
            </button>
          </li>
        </ul>
      )}
    </Popover>
  );
}

/** Edit, Start or End Installation (with the permission), Quarantine, Ticket and History of one device. */
export function DeviceRowActions({
  device: d,
  canInstall,
  onOpen,
}: {
  device: DeviceHealthRow;
  canInstall: boolean;
  onOpen: Open;
}) {
  const blocked = quarantineBlocked(d.deviceType, d.currentDeviceInstallationId !== null);
  const installed = Boolean(d.currentDeviceInstallationId);
  return (
    <span className="inline-flex gap-0.5">
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        onClick={() => onOpen({ kind: 'edit', device: d })}
        aria-label={`Edit ${d.name}`}
      >
        Edit
      </button>
      {canInstall && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => onOpen({ kind: installed ? 'end' : 'start', device: d })}
          aria-label={`${installed ? 'End' : 'Start'} installation of ${d.name}`}
        >
          {installed ? 'End Installation' : 'Start Installation'}
        </button>
      )}
      <span className="tooltip tooltip-left" data-tip={blocked ?? undefined}>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={blocked !== null}
          onClick={() => onOpen({ kind: 'quarantine', device: d })}
          aria-label={`Change quarantine state of ${d.name}`}
        >
          Quarantine
        </button>
      </span>
      <span className="tooltip tooltip-left" data-tip={installed ? undefined : NOT_INSTALLED_FOR_TICKET}>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={!installed}
          onClick={() => onOpen({ kind: 'ticket', device: d })}
          aria-label={`Create support ticket for ${d.name}`}
        >
          Ticket
        </button>
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        onClick={() => onOpen({ kind: 'history', device: d })}
        aria-label={`History of ${d.name}`}
      >
        History
      </button>
    </span>
  );
}

/** The dialog of the chosen action; Bulk Add/Edit takes the selected rows. */
export function DeviceHealthDialogs({
  dialog,
  selectedIds,
  organizationId,
  onClose,
}: {
  dialog: DeviceHealthDialog | null;
  selectedIds: readonly string[];
  organizationId: number;
  onClose: () => void;
}) {
  return (
    <>
      {dialog?.kind === 'bulk' && <BulkDevicesDialog deviceIds={selectedIds.map(Number)} onClose={onClose} />}
      {dialog?.kind === 'add' && <DeviceDialog deviceId={null} onClose={onClose} />}
      {dialog?.kind === 'edit' && <DeviceDialog deviceId={dialog.device.id} onClose={onClose} />}
      {dialog?.kind === 'start' && <StartInstallationDialog device={dialog.device} onClose={onClose} />}
      {dialog?.kind === 'end' && <EndInstallationDialog device={dialog.device} onClose={onClose} />}
      {dialog?.kind === 'quarantine' && <QuarantineDialog device={dialog.device} onClose={onClose} />}
      {dialog?.kind === 'ticket' && <TicketCreateDialog device={dialog.device} onClose={onClose} />}
      {dialog?.kind === 'trend' && <TrendDialog device={dialog.device} typeId={dialog.typeId} onClose={onClose} />}
      <AuditHistoryDialog
        entity="device"
        id={dialog?.kind === 'history' ? dialog.device.id : null}
        organizationId={organizationId}
        title={`History of ${dialog?.kind === 'history' ? dialog.device.name : ''}`}
        onClose={onClose}
      />
    </>
  );
}
