// Users of the organization (spec 1 §2): roles, notifications, sign-on method, SSO banners, add/edit/remove, CSV.
import { useState } from 'react';
import type { OrganizationUser } from '@/contracts/organization-user';
import { toCsv } from '@/domain/csv';
import { CANNOT_REMOVE_YOURSELF, SIGN_ON_METHOD_LABELS, SSO_REQUIRED_BANNER, userBanners } from '@/domain/user-form';
import { downloadText } from '@/components/download';
import { ConfirmDialog } from '@/components/modal';
import { GridFooter, LoadError } from '@/components/grid-parts';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toasts';
import { useDeleteUser, useOrganizationUsers } from './api/users';
import { UserDialog } from './user-dialog';

export default function UsersPage() {
  const { organization, user: me } = useSession();
  const organizationId = organization!.id;
  const { data, isPending, error, refetch } = useOrganizationUsers(organizationId);
  const remove = useDeleteUser(organizationId);
  const toast = useToast();
  const [editing, setEditing] = useState<OrganizationUser | 'new' | null>(null);
  const [removing, setRemoving] = useState<OrganizationUser | null>(null);
  const users = data?.users ?? [];
  const banners = data ? userBanners(users, data.organization) : [];

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast('User deleted', 'success');
    } catch (e) {
      toast(e instanceof Error ? e.message : 'There was an unexpected error, please try again', 'error');
    }
    setRemoving(null);
  }

  return (
    <>
      <PageHeader title="Users">
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={users.length === 0}
          onClick={() => downloadText('Users.csv', toCsv(['Email', 'Role', 'Notifications', 'Sign-on Method'], users.map((u) => [u.email, u.role, u.hasNotifications ? 'Yes' : 'No', SIGN_ON_METHOD_LABELS[u.signOnMethod]])))}
        >
          Export CSV
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add User
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
        {banners.map((b) => (
          <div key={b} role="alert" className={`alert py-2 ${b === SSO_REQUIRED_BANNER ? 'alert-error' : 'alert-warning'}`}>
            {b}
          </div>
        ))}
        {isPending ? (
          <Spinner label="Loading users" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm">
              <thead className="bg-base-200 text-base-content">
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Notifications</th>
                  <th scope="col">Sign-on Method</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => {
                  const isMe = u.id === me.userDetails.userId;
                  return (
                    <tr key={u.id}>
                      <td className="font-medium">{u.email}</td>
                      <td>{u.role}</td>
                      <td>{u.hasNotifications ? 'On' : 'Off'}</td>
                      <td>{SIGN_ON_METHOD_LABELS[u.signOnMethod]}</td>
                      <td className="whitespace-nowrap text-right">
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(u)} aria-label={`Edit ${u.email}`}>
                          Edit
                        </button>
                        <span className={isMe ? 'tooltip tooltip-left' : ''} data-tip={isMe ? CANNOT_REMOVE_YOURSELF : undefined}>
                          <button type="button" className="btn btn-ghost btn-xs text-error" disabled={isMe} onClick={() => setRemoving(u)} aria-label={isMe ? CANNOT_REMOVE_YOURSELF : `Delete ${u.email}`}>
                            Delete
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <GridFooter shown={users.length} total={users.length} />
          </div>
        )}
      </div>
      {editing && data && <UserDialog organizationId={organizationId} ssoEnabled={data.organization.singleSignOnEnabled} user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.email ?? ''}?`}
        message="This will remove the user from this organization."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
