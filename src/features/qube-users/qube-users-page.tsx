// Qube users (spec 1 §2 'Qube users screen', §5): every user with provider role and organizations, the quick filters
// Qube Users / Organization Users / No Organization, add/edit/delete of provider staff, details, CSV export.
import { useMemo, useState } from 'react';
import type { QubeUserRow } from '@/contracts/qube-user';
import { Permission } from '@/domain/permissions';
import { CANNOT_REMOVE_YOURSELF, DELETE_QUBE_USER, qubeUserLock, SIGN_ON_METHOD_LABELS } from '@/domain/user-form';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
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
            const editLock = qubeUserLock(u, 'edited');
            const deleteLock = u.id === me.userDetails.userId ? CANNOT_REMOVE_YOURSELF : qubeUserLock(u, 'deleted');
            return (
              <RowActions>
                <RowAction
                  label="Edit"
                  name={editLock ?? `Edit ${u.email}`}
                  lock={editLock}
                  onClick={() => setEditing(u)}
                />
                {canSeeDetails && (
                  <RowAction label="Details" name={`Details of ${u.email}`} onClick={() => setDetails(u.id)} />
                )}
                <RowAction
                  label="Delete"
                  name={deleteLock ?? `Delete ${u.email}`}
                  className="text-error"
                  lock={deleteLock}
                  onClick={() => setRemoving(u)}
                />
              </RowActions>
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
