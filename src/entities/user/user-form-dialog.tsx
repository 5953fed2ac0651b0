// The user add/edit form both user screens share (spec 1 §5): e-mail only when adding, a role, a sign-on method;
// server errors land on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SIGN_ON_METHOD_LABELS, userFormSchema, type SignOnMethod, type UserForm } from '@/domain/user-form';
import { formErrorsOf } from '../../ui/form/form-errors';
import { FormActions, Modal } from '../../ui/modal';
import { useToast } from '../../ui/toasts';
import { FormAlert } from '../../ui/form/form-alert';

interface Props {
  title: string;
  initial: UserForm;
  roles: readonly { id: number; name: string }[];
  methods: readonly SignOnMethod[];
  busy: boolean;
  save: (form: UserForm) => Promise<unknown>;
  onClose: () => void;
}

export function UserFormDialog({ title, initial, roles, methods, busy, save, onClose }: Props) {
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: initial,
  });
  const onSubmit = async (form: UserForm) => {
    setGeneral(null);
    try {
      await save(form);
      toast(initial.id === 0 ? 'User added' : 'User edited', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path as keyof UserForm, { type: 'server', message });
      setGeneral(mapped.general);
    }
  };
  const err = (k: keyof UserForm) => formState.errors[k]?.message;
  return (
    <Modal open title={title} onClose={onClose}>
      <form className="grid gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormAlert message={general} />
        <div className="grid gap-1">
          <label htmlFor="user-email" className="text-sm font-medium">
            Email
          </label>
          <input
            id="user-email"
            className={`input w-full ${err('email') ? 'input-error' : ''}`}
            type="email"
            readOnly={initial.id !== 0}
            aria-invalid={Boolean(err('email'))}
            {...register('email')}
          />
          {err('email') && <span className="text-xs text-error">{err('email')}</span>}
        </div>
        <div className="grid gap-1">
          <label htmlFor="user-role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="user-role"
            className={`select w-full ${err('roleId') ? 'select-error' : ''}`}
            aria-invalid={Boolean(err('roleId'))}
            {...register('roleId', { valueAsNumber: true })}
          >
            <option value={0}>Select a role</option>
            {roles.map((r) => (
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
        <FormActions onCancel={onClose} busy={busy} />
      </form>
    </Modal>
  );
}
