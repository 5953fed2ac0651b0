// Delete or restore a site (spec 1 §4, §8): the spec's confirmation text, then the 'Site deleted' / 'Site restored' toast.
import { SITE_DELETE_WARNING } from '@/domain/site-form';
import { ConfirmDialog } from '../../ui/modal';
import { useToast } from '../../ui/toasts';
import { useDeleteOrRestoreSite } from './api';

const RESTORE_TEXT = 'The site and its information return to the dashboard, emission totals, the API and CSV exports.';

export function SiteDeleteRestoreDialog({
  site,
  action,
  organizationId,
  onClose,
}: {
  site: { id: number; name: string };
  action: 'delete' | 'restore';
  organizationId: number;
  onClose: () => void;
}) {
  const change = useDeleteOrRestoreSite();
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      title={`${action === 'delete' ? 'Delete' : 'Restore'} ${site.name}?`}
      message={action === 'delete' ? SITE_DELETE_WARNING : RESTORE_TEXT}
      confirmLabel={action === 'delete' ? 'Delete' : 'Restore'}
      danger={action === 'delete'}
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() =>
        change.mutate(
          { siteId: site.id, organizationId, action },
          {
            onSuccess: () => toast(action === 'delete' ? 'Site deleted' : 'Site restored', 'success'),
            onError: (e) => toast(e.message || 'There was an unexpected error, please try again', 'error'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
