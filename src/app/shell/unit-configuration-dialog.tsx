// Unit Configuration (spec 2 §2): six display-unit choices saved for the user; every formatted quantity follows them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import { currentUserKey } from '@/api/get-current-user';
import type { CurrentUser } from '@/contracts/current-user';
import {
  type displayUnitSchema,
  saveUnitConfigurationEndpoint,
  unitConfigurationEndpoint,
  unitListEndpoint,
} from '@/contracts/user-settings';
import {
  UNIT_FIELD_LABELS,
  UNIT_FIELDS,
  UNIT_GROUPS,
  unitConfigurationSchema,
  UNITS_EDITED,
  type UnitConfiguration,
} from '@/domain/units';
import { formErrorsOf } from '@/ui/form/form-errors';
import { FormActions, Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { FormAlert } from '@/ui/form/form-alert';

export function UnitConfigurationDialog({ onClose }: { onClose: () => void }) {
  const units = useQuery({ ...endpointQuery(unitListEndpoint), staleTime: Infinity });
  const current = useQuery({ ...endpointQuery(unitConfigurationEndpoint), staleTime: 0, gcTime: 0 });
  return (
    <Modal open title="Unit Configuration" onClose={onClose}>
      {units.isPending || current.isPending ? (
        <Spinner label="Loading units" />
      ) : units.error || current.error ? (
        <p className="alert alert-error" role="alert">
          {(units.error ?? current.error)!.message}
        </p>
      ) : (
        <UnitForm units={units.data} initial={current.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function UnitForm({
  units,
  initial,
  onClose,
}: {
  units: z.infer<typeof displayUnitSchema>[];
  initial: UnitConfiguration;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: UnitConfiguration) => callEndpoint(saveUnitConfigurationEndpoint, { body }),
    // The saved units apply at once; the user's labels refresh behind them (not awaited: issue 25).
    onSuccess: (saved) => {
      qc.setQueryData<CurrentUser>(currentUserKey, (u) =>
        u ? { ...u, userSettings: { ...u.userSettings, unitConfiguration: saved } } : u,
      );
      void qc.invalidateQueries({ queryKey: currentUserKey });
    },
  });
  const { register, handleSubmit, formState } = useForm<UnitConfiguration>({
    defaultValues: initial,
    resolver: zodResolver(unitConfigurationSchema),
  });
  const onValid = async (v: UnitConfiguration) => {
    setGeneral(null);
    try {
      await save.mutateAsync(v);
      toast(UNITS_EDITED, 'success');
      onClose();
    } catch (e) {
      setGeneral(formErrorsOf(e).general ?? 'There was an unexpected error, please try again');
    }
  };
  return (
    <form className="grid gap-3" onSubmit={handleSubmit(onValid)} noValidate>
      <FormAlert message={general} />
      <div className="grid gap-3 sm:grid-cols-2">
        {UNIT_FIELDS.map(([field, group]) => {
          const error = formState.errors[field]?.message;
          return (
            <label key={field} className="form-control">
              <span className="label-text mb-1 text-sm font-medium">{UNIT_FIELD_LABELS[field]}</span>
              <select
                className={`select w-full ${error ? 'select-error' : ''}`}
                aria-invalid={Boolean(error)}
                {...register(field, { valueAsNumber: true })}
              >
                {units
                  .filter((u) => u.unitGroupId === UNIT_GROUPS[group])
                  .map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.label} — {u.name}
                    </option>
                  ))}
              </select>
              {error && <span className="mt-1 text-xs text-error">{error}</span>}
            </label>
          );
        })}
      </div>
      <FormActions onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
