// The dialog a search drawer action opens: a device's installation, quarantine, ticket or cloud functions, or a
// site's cloud functions.
import type { DeviceSearchRow } from '@/contracts/device';
import { CloudFunctionDialog } from '@/entities/device/cloud-function-dialog';
import { EndInstallationDialog } from '@/entities/device/end-installation-dialog';
import { QuarantineDialog } from '@/entities/device/quarantine-dialog';
import { StartInstallationDialog } from '@/entities/device/start-installation-dialog';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';
import type { DeviceAction } from './search-drawer-lists';

export type SearchDrawerDialog =
  { kind: DeviceAction; device: DeviceSearchRow } | { kind: 'siteCloud'; site: { id: number; name: string } };

export function SearchDrawerDialogs({ dialog, onClose }: { dialog: SearchDrawerDialog | null; onClose: () => void }) {
  if (!dialog) return null;
  if (dialog.kind === 'siteCloud')
    return (
      <CloudFunctionDialog target={{ kind: 'site', id: dialog.site.id, name: dialog.site.name }} onClose={onClose} />
    );
  const { device } = dialog;
  switch (dialog.kind) {
    case 'start':
      return <StartInstallationDialog device={device} onClose={onClose} />;
    case 'end':
      return <EndInstallationDialog device={device} onClose={onClose} />;
    case 'quarantine':
      return <QuarantineDialog device={{ ...device }} onClose={onClose} />;
    case 'ticket':
      return <TicketCreateDialog device={device} onClose={onClose} />;
    case 'cloud':
      return <CloudFunctionDialog target={{ kind: 'device', id: device.id, name: device.name }} onClose={onClose} />;
  }
}
