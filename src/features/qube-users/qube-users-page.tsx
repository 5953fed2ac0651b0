// Qube users (spec 1 §2 'Qube users screen', §5): every user with provider role and organizations, the quick filters
// Qube Users / Organization Users / No Organization, add/edit/delete of provider staff, details, CSV export.
import { useMemo, useState } from 'react';
import type { QubeUserRow } from '@/contracts/qube-user';
import { Permission } from '@/domain/permissions';
import { CANNOT_REMOVE_YOURSELF, DELETE_QUBE_USER, qubeUserLock, SIGN_ON_METHOD_LABELS } from '@/domain/user-form';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { ConfirmDialog } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { UserDetailsDialog } from '@/entities/user/user-details-dialog';
import { useDeleteQubeUser, useQubeUsers } from './api/qube-users';
import { QubeUserDialog } from './qube-user-dialog';

const columns: GridColumn<QubeUserRow>[] = [
  { id: 'email', header: 'Email', value: (u) => u.email, hideable: false, width: 260 },
  { id: 'role', header: 'Role', value: (u) => u.qubeRole },
  {
    id: 'organizations',
    header: 'Organizations',
    value: (u) => u.organizations.map((o) => `${o.organizationName} (${o.roleName})`).join(', '),
  },
  { id: 'notificationsEnabled', header: 'Notifications', value: (u) => (u.notificationsEnabled ? 'On' : 'Off') },
  { id: 'signOnMethod', header: 'Sign-on Method', value: (u) => SIGN_ON_METHOD_LABELS[u.signOnMethod] },
];

const quickFilters: QuickFilter<QubeUserRow>[] = [
  { id: 'qube', label: 'Qube Users', predicate: (u) => u.qubeRole !== null },
  { id: 'organization', label: 'Organization Users', predicate: (u) => u.organizations.length > 0 },
  { id: 'none', label: 'No Organization', predicate: (u) => u.organizations.length === 0 },
];

function LockedButton({
  label,
  lock,
  danger,
  onClick,
}: {
  label: string;
  lock: string | null;
  danger?: boolean;
  onClick: () => void;
}) {
  const button = (
    <button
      type="button"
      className={`btn btn-ghost btn-xs ${danger ? 'text-error' : ''}`}
      disabled={lock !== null}
      onClick={onClick}
      aria-label={lock ?? label}
    >
      {label.split(' ')[0]}
    </button>
  );
  return lock ? (
    <span className="tooltip tooltip-left" data-tip={lock}>
      {button}
    </span>
  ) : (
    button
  );
}

export default function QubeUsersPage() {
  const { user: me } = useSession();
  const canSeeDetails = useHasPermission(Permission.CognitoAdministration);
  const { data, isPending, error, refetch, dataUpdatedAt } = useQubeUsers();
  const remove = useDeleteQubeUser();
  const toast = useToast();
  const [editing, setEditing] = useState<QubeUserRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<QubeUserRow | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const rows = useMemo(() => data ?? [], [data]);

  return (
    <>
      <PageHeader title="Qube Users">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add Qube User
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
        <DataGrid
          label="Qube users"
          gridKey="QubeUsersColumnVisibility"
          columns={columns}
          rows={rows}
          getRowId={(u) => String(u.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          quickFilters={quickFilters}
          searchPlaceholder="Search users"
          exportName="QubeUsers"
          rowActions={(u) => {
            const isMe = u.id === me.userDetails.userId;
            return (
              <span className="inline-flex gap-0.5">
                <LockedButton
                  label={`Edit ${u.email}`}
                  lock={qubeUserLock(u, 'edited')}
                  onClick={() => setEditing(u)}
                />
                {canSeeDetails && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => setDetails(u.id)}
                    aria-label={`Details of ${u.email}`}
                  >
                    Details
                  </button>
                )}
                <LockedButton
                  label={`Delete ${u.email}`}
                  danger
                  lock={isMe ? CANNOT_REMOVE_YOURSELF : qubeUserLock(u, 'deleted')}
                  onClick={() => setRemoving(u)}
                />
              </span>
            );
          }}
        />
      </div>
      {editing && <QubeUserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {details !== null && <UserDetailsDialog userId={details} onClose={() => setDetails(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.email ?? ''}?`}
        message={DELETE_QUBE_USER}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast('User deleted', 'success'),
            onError: (e) => toast(e.message, 'error'),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </>
  );
}
