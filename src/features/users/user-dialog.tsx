// Add / edit an organization user (spec 1 §5): roles of the organization augmented and sorted, SSO only where enabled.
import type { OrganizationUser } from '@/contracts/organization-user';
import { roleOptionsFor, signOnMethodsOffered } from '@/domain/user-form';
import { UserFormDialog } from '@/entities/user/user-form-dialog';
import { useRoleOptions, useSaveUser } from './api/users';

export function UserDialog({
  organizationId,
  ssoEnabled,
  user,
  onClose,
}: {
  organizationId: number;
  ssoEnabled: boolean;
  user: OrganizationUser | null;
  onClose: () => void;
}) {
  const roles = useRoleOptions(organizationId);
  const save = useSaveUser(organizationId);
  return (
    <UserFormDialog
      title={user ? `Edit ${user.email}` : 'Add User'}
      initial={{
        id: user?.id ?? 0,
        email: user?.email ?? '',
        roleId: user?.roleId ?? 0,
        signOnMethod: user?.signOnMethod ?? 'EmailPassword',
      }}
      roles={roleOptionsFor(roles.data ?? [], user ? { id: user.roleId, name: user.role } : null)}
      methods={signOnMethodsOffered('Organization', ssoEnabled)}
      busy={save.isPending}
      save={(form) => save.mutateAsync(form)}
      onClose={onClose}
    />
  );
}
