// Add / edit an organization user (spec 1 §5): e-mail only when adding, roles augmented and sorted, sign-on methods offered.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { OrganizationUser } from '@/contracts/organization-user';
import { roleOptionsFor, SIGN_ON_METHOD_LABELS, signOnMethodsOffered, userFormSchema, type UserForm } from '@/domain/user-form';
import { FormActions, Modal } from '@/components/modal';
import { formErrorsOf } from '@/components/form-errors';
import { useToast } from '@/components/toasts';
import { useRoleOptions, useSaveUser } from './api/users';

export function UserDialog({ organizationId, ssoEnabled, user, onClose }: { organizationId: number; ssoEnabled: boolean; user: OrganizationUser | null; onClose: () => void }) {
  const roles = useRoleOptions(organizationId);
  const save = useSaveUser(organizationId);
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: { id: user?.id ?? 0, email: user?.email ?? '', roleId: user?.roleId ?? 0, signOnMethod: user?.signOnMethod ?? 'EmailPassword' },
  });
  const options = roleOptionsFor(roles.data ?? [], user ? { id: user.roleId, name: user.role } : null);
  const methods = signOnMethodsOffered('Organization', ssoEnabled);

  const onSubmit = async (form: UserForm) => {
    setGeneral(null);
    try {
      await save.mutateAsync(form);
      toast(user ? 'User edited' : 'User added', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields)) setError(path as keyof UserForm, { type: 'server', message });
      setGeneral(mapped.general);
    }
  };
  const err = (k: keyof UserForm) => formState.errors[k]?.message;

  return (
    <Modal open title={user ? `Edit ${user.email}` : 'Add User'} onClose={onClose}>
      <form className="grid gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        {general && (
          <p className="alert alert-error py-2" role="alert">
            {general}
          </p>
        )}
        <div className="grid gap-1">
          <label htmlFor="user-email" className="text-sm font-medium">
            Email
          </label>
          <input id="user-email" className={`input w-full ${err('email') ? 'input-error' : ''}`} type="email" readOnly={user !== null} aria-invalid={Boolean(err('email'))} {...register('email')} />
          {err('email') && <span className="text-xs text-error">{err('email')}</span>}
        </div>
        <div className="grid gap-1">
          <label htmlFor="user-role" className="text-sm font-medium">
            Role
          </label>
          <select id="user-role" className={`select w-full ${err('roleId') ? 'select-error' : ''}`} aria-invalid={Boolean(err('roleId'))} {...register('roleId', { valueAsNumber: true })}>
            <option value={0}>Select a role</option>
            {options.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {err('roleId') && <span className="text-xs text-error">{err('roleId')}</span>}
        </div>
        <div className="grid gap-1">
          <label htmlFor="user-sign-on" className="text-sm font-medium">
            Sign-on Method
          </label>
          <select id="user-sign-on" className="select w-full" {...register('signOnMethod')}>
            {methods.map((m) => (
              <option key={m} value={m}>
                {SIGN_ON_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
          {err('signOnMethod') && <span className="text-xs text-error">{err('signOnMethod')}</span>}
        </div>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
