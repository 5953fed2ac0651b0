// Add / edit provider staff (spec 1 §5): e-mail only when adding, provider roles augmented and sorted, both sign-on methods.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { QubeUserRow } from '@/contracts/qube-user';
import { roleOptionsFor, SIGN_ON_METHOD_LABELS, signOnMethodsOffered, userFormSchema, type UserForm } from '@/domain/user-form';
import { formErrorsOf } from '@/components/form-errors';
import { FormActions, Modal } from '@/components/modal';
import { useToast } from '@/components/toasts';
import { useQubeRoleOptions, useSaveQubeUser } from './api/qube-users';

export function QubeUserDialog({ user, onClose }: { user: QubeUserRow | null; onClose: () => void }) {
  const roles = useQubeRoleOptions();
  const save = useSaveQubeUser();
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: { id: user?.id ?? 0, email: user?.email ?? '', roleId: user?.qubeRoleId ?? 0, signOnMethod: user?.signOnMethod ?? 'EmailPassword' },
  });
  const options = roleOptionsFor(roles.data ?? [], user?.qubeRoleId && user.qubeRole ? { id: user.qubeRoleId, name: user.qubeRole } : null);
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
    <Modal open title={user ? `Edit ${user.email}` : 'Add Qube User'} onClose={onClose}>
      <form className="grid gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        {general && (
          <p className="alert alert-error py-2" role="alert">
            {general}
          </p>
        )}
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Email</span>
          <input className={`input w-full ${err('email') ? 'input-error' : ''}`} type="email" readOnly={user !== null} aria-invalid={Boolean(err('email'))} {...register('email')} />
          {err('email') && <span className="mt-1 text-xs text-error">{err('email')}</span>}
        </label>
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Role</span>
          <select className={`select w-full ${err('roleId') ? 'select-error' : ''}`} aria-invalid={Boolean(err('roleId'))} {...register('roleId', { valueAsNumber: true })}>
            <option value={0}>Select a role</option>
            {options.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {err('roleId') && <span className="mt-1 text-xs text-error">{err('roleId')}</span>}
        </label>
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Sign-on Method</span>
          <select className="select w-full" {...register('signOnMethod')}>
            {signOnMethodsOffered('Qube', true).map((m) => (
              <option key={m} value={m}>
                {SIGN_ON_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
