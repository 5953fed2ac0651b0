// Users of the organization (spec 1 §2): role, notifications, sign-on method, the SSO banners, add/edit/remove
// (never oneself), history, user details, CSV export.
import { useState } from 'react';
import type { OrganizationUser } from '@/contracts/organization-user';
import { Permission } from '@/domain/permissions';
import {
  CANNOT_REMOVE_YOURSELF,
  DELETE_ORGANIZATION_USER,
  SIGN_ON_METHOD_LABELS,
  SSO_REQUIRED_BANNER,
  userBanners,
} from '@/domain/user-form';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
import type { GridColumn } from '@/ui/data-grid/types';
import { ConfirmDialog } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { UserDetailsDialog } from '@/entities/user/user-details-dialog';
import { NotificationSubscriptionsDialog } from '@/entities/notification/notification-subscriptions-dialog';
import { CANNOT_EDIT_NOTIFICATIONS } from '@/domain/notification';
import { useDeleteUser, useOrganizationUsers } from './api/users';
import { UserDialog } from './user-dialog';

const columns: GridColumn<OrganizationUser>[] = [
  { id: 'email', header: 'Email', value: (u) => u.email, hideable: false, width: 280 },
  { id: 'role', header: 'Role', value: (u) => u.role },
  { id: 'notifications', header: 'Notifications', value: (u) => (u.hasNotifications ? 'On' : 'Off') },
  { id: 'signOnMethod', header: 'Sign-on Method', value: (u) => SIGN_ON_METHOD_LABELS[u.signOnMethod] },
];

export default function UsersPage() {
  const { organization, user: me } = useSession();
  const organizationId = organization!.id;
  const canSeeDetails = useHasPermission(Permission.CognitoAdministration);
  const { data, isPending, error, refetch, dataUpdatedAt } = useOrganizationUsers(organizationId);
  const remove = useDeleteUser(organizationId);
  const toast = useToast();
  const [editing, setEditing] = useState<OrganizationUser | 'new' | null>(null);
  const [removing, setRemoving] = useState<OrganizationUser | null>(null);
  const [history, setHistory] = useState<OrganizationUser | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [subscriptions, setSubscriptions] = useState<number | null>(null);
  const users = data?.users;
  const banners = data ? userBanners(data.users, data.organization) : [];

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
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add User
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
        {banners.map((b) => (
          <UserBanner key={b} text={b} />
        ))}
        <DataGrid
          label="Users"
          gridKey="UsersColumnVisibility"
          columns={columns}
          rows={users}
          getRowId={(u) => String(u.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          searchPlaceholder="Search users"
          exportName="Users"
          emptyText="This organization has no users yet."
          rowActions={(u) => {
            const isMe = u.id === me.userDetails.userId;
            return (
              <RowActions>
                <RowAction label="History" name={`History of ${u.email}`} onClick={() => setHistory(u)} />
                <RowAction label="Edit" name={`Edit ${u.email}`} onClick={() => setEditing(u)} />
                <RowAction
                  label="Notifications"
                  name={`Notification subscriptions of ${u.email}`}
                  lock={u.canEditNotifications ? null : CANNOT_EDIT_NOTIFICATIONS}
                  onClick={() => setSubscriptions(u.id)}
                />
                {canSeeDetails && (
                  <RowAction label="Details" name={`Details of ${u.email}`} onClick={() => setDetails(u.id)} />
                )}
                <RowAction
                  label="Delete"
                  name={isMe ? CANNOT_REMOVE_YOURSELF : `Delete ${u.email}`}
                  className="text-error"
                  lock={isMe ? CANNOT_REMOVE_YOURSELF : null}
                  onClick={() => setRemoving(u)}
                />
              </RowActions>
            );
          }}
        />
      </div>
      {editing && data && (
        <UserDialog
          organizationId={organizationId}
          ssoEnabled={data.organization.singleSignOnEnabled}
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {details !== null && <UserDetailsDialog userId={details} onClose={() => setDetails(null)} />}
      {subscriptions !== null && (
        <NotificationSubscriptionsDialog
          userId={subscriptions}
          organizationId={organizationId}
          onClose={() => setSubscriptions(null)}
        />
      )}
      <AuditHistoryDialog
        entity="users"
        id={history?.id ?? null}
        organizationId={organizationId}
        title={`History of ${history?.email ?? ''}`}
        onClose={() => setHistory(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.email ?? ''}?`}
        message={DELETE_ORGANIZATION_USER}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

/** A warning about the organization's users; the SSO requirement is an error. */
function UserBanner({ text }: { text: string }) {
  return (
    <div role="alert" className={`alert py-2 ${text === SSO_REQUIRED_BANNER ? 'alert-error' : 'alert-warning'}`}>
      {text}
    </div>
  );
}
