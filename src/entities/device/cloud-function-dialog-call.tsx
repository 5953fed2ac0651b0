// Calling a cloud function (spec 2 §2 'Cloud function dialogs', §5, §8) on a Qube device or a whole site: choose
// a function, read its description, give a Parameter only when it needs one (it replaces XXX in the argument), call
// it. Success toasts the spec's text; an unsuccessful result shows its error.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/api/client';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import {
  callDeviceCloudFunctionEndpoint,
  callSiteCloudFunctionEndpoint,
  cloudFunctionListEndpoint,
} from '@/contracts/device';
import {
  argumentWith,
  CLOUD_FUNCTION_FAILED,
  cloudFunctionFormSchema,
  cloudFunctionSuccess,
} from '@/domain/cloud-function';
import { FormAlert } from '../../ui/form/form-alert';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';

interface CallForm {
  functionType: string;
  parameter: string;
}

export function CloudFunctionCall({
  target,
  onCalled,
  onClose,
}: {
  target: { kind: 'device' | 'site'; id: number };
  /** A call succeeded (the history has a new row). */
  onCalled: () => void;
  onClose: () => void;
}) {
  const { organization } = useSession();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const definitions = useQuery({ ...endpointQuery(cloudFunctionListEndpoint), staleTime: 5 * 60_000 });
  const [chosen, setChosen] = useState('');
  const def = definitions.data?.find((d) => d.functionType === chosen);
  const schema = useMemo(() => cloudFunctionFormSchema(def?.paramsRequired ?? false), [def]);
  const { register, handleSubmit, watch, formState } = useForm<CallForm>({
    values: { functionType: chosen, parameter: '' },
    resolver: zodResolver(schema),
  });
  const parameter = watch('parameter');
  const call = useMutation({
    mutationFn: (v: CallForm) =>
      callEndpoint(target.kind === 'device' ? callDeviceCloudFunctionEndpoint : callSiteCloudFunctionEndpoint, {
        body: {
          organizationId: organization!.id,
          entityId: target.id,
          functionType: v.functionType,
          argument: def?.argument ?? '',
          parameter: def?.paramsRequired ? v.parameter : null,
        },
      }),
  });

  async function submit(v: CallForm) {
    setFailure(null);
    try {
      const result = await call.mutateAsync(v);
      if (!result.success) return setFailure(result.error ?? CLOUD_FUNCTION_FAILED);
      toast(
        cloudFunctionSuccess(v.functionType, argumentWith(def!.argument, v.parameter, def!.paramsRequired)),
        'success',
      );
      onCalled();
    } catch (e) {
      setFailure(e instanceof ApiError && e.status === 400 ? e.message : CLOUD_FUNCTION_FAILED);
    }
  }

  if (definitions.isPending) return <Spinner label="Loading cloud functions" />;
  if (definitions.error) return <FormAlert message={definitions.error.message} />;
  return (
    <form className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
      <FormAlert message={failure} />
      {target.kind === 'site' && (
        <p className="text-sm text-base-content/80">
          The function is called on every installed Qube device of the site.
        </p>
      )}
      <label className="form-control w-full">
        <span className="label-text mb-1 text-sm font-medium">Function</span>
        <select
          className={`select w-full ${formState.errors.functionType ? 'select-error' : ''}`}
          aria-label="Function"
          {...register('functionType', {
            onChange: (e: React.ChangeEvent<HTMLSelectElement>) => setChosen(e.target.value),
          })}
        >
          <option value="">Choose a function</option>
          {definitions.data.map((d) => (
            <option key={d.id} value={d.functionType}>
              {d.functionType}
            </option>
          ))}
        </select>
        {formState.errors.functionType && (
          <span className="mt-1 text-xs text-error">{formState.errors.functionType.message}</span>
        )}
      </label>
      {def && <p className="text-sm text-base-content/80">{def.description}</p>}
      {def?.paramsRequired && (
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">Parameter</span>
          <input
            className={`input w-full ${formState.errors.parameter ? 'input-error' : ''}`}
            aria-label="Parameter"
            {...register('parameter')}
          />
          {formState.errors.parameter && (
            <span className="mt-1 text-xs text-error">{formState.errors.parameter.message}</span>
          )}
        </label>
      )}
      {def && (
        <p className="text-xs text-base-content/70">{`Argument sent: ${argumentWith(def.argument, parameter, def.paramsRequired)}`}</p>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="btn btn-primary" disabled={call.isPending}>
          {call.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Call
        </button>
      </div>
    </form>
  );
}
