// Add / edit provider staff (spec 1 §5): provider roles augmented and sorted, both sign-on methods.
import type { QubeUserRow } from '@/contracts/qube-user';
import { roleOptionsFor, signOnMethodsOffered } from '@/domain/user-form';
import { UserFormDialog } from '@/entities/user/user-form-dialog';
import { useQubeRoleOptions, useSaveQubeUser } from './api/qube-users';

export function QubeUserDialog({ user, onClose }: { user: QubeUserRow | null; onClose: () => void }) {
  const roles = useQubeRoleOptions();
  const save = useSaveQubeUser();
  return (
    <UserFormDialog
      title={user ? `Edit ${user.email}` : 'Add Qube User'}
      initial={{
        id: user?.id ?? 0,
        email: user?.email ?? '',
        roleId: user?.qubeRoleId ?? 0,
        signOnMethod: user?.signOnMethod ?? 'EmailPassword',
      }}
      roles={roleOptionsFor(
        roles.data ?? [],
        user?.qubeRoleId && user.qubeRole ? { id: user.qubeRoleId, name: user.qubeRole } : null,
      )}
      methods={signOnMethodsOffered('Qube', true)}
      busy={save.isPending}
      save={(form) => save.mutateAsync(form)}
      onClose={onClose}
    />
  );
}
