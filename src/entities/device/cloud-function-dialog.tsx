// Cloud Functions (spec 2 §2 'Cloud function dialogs', §5, §8) for a Qube device or a whole site: choose a function,
// read its description, give a Parameter only when it needs one (it replaces XXX in the argument), call it; a device's
// History lists past calls. Success toasts the spec's text; an unsuccessful result shows its error.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/api/client';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import {
  callDeviceCloudFunctionEndpoint,
  callSiteCloudFunctionEndpoint,
  cloudFunctionHistoryEndpoint,
  cloudFunctionListEndpoint,
} from '@/contracts/device';
import {
  argumentWith,
  CLOUD_FUNCTION_FAILED,
  cloudFunctionFormSchema,
  cloudFunctionSuccess,
} from '@/domain/cloud-function';
import { formatDateTime } from '@/domain/format';
import { FormAlert } from '../../ui/form/form-alert';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';

export function CloudFunctionDialog({
  target,
  onClose,
}: {
  target: { kind: 'device' | 'site'; id: number; name: string };
  onClose: () => void;
}) {
  const { organization, user } = useSession();
  const toast = useToast();
  const [view, setView] = useState<'call' | 'history'>('call');
  const [failure, setFailure] = useState<string | null>(null);
  const definitions = useQuery({ ...endpointQuery(cloudFunctionListEndpoint), staleTime: 5 * 60_000 });
  const [chosen, setChosen] = useState('');
  const def = definitions.data?.find((d) => d.functionType === chosen);
  const schema = useMemo(() => cloudFunctionFormSchema(def?.paramsRequired ?? false), [def]);
  const { register, handleSubmit, watch, formState } = useForm<{ functionType: string; parameter: string }>({
    values: { functionType: chosen, parameter: '' },
    resolver: zodResolver(schema),
  });
  const parameter = watch('parameter');
  const history = useQuery({
    ...endpointQuery(cloudFunctionHistoryEndpoint, {
      query: { organizationId: organization!.id, deviceId: target.id },
    }),
    enabled: view === 'history' && target.kind === 'device',
  });
  const call = useMutation({
    mutationFn: (v: { functionType: string; parameter: string }) =>
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

  async function submit(v: { functionType: string; parameter: string }) {
    setFailure(null);
    try {
      const result = await call.mutateAsync(v);
      if (!result.success) return setFailure(result.error ?? CLOUD_FUNCTION_FAILED);
      toast(
        cloudFunctionSuccess(v.functionType, argumentWith(def!.argument, v.parameter, def!.paramsRequired)),
        'success',
      );
      void history.refetch();
    } catch (e) {
      setFailure(e instanceof ApiError && e.status === 400 ? e.message : CLOUD_FUNCTION_FAILED);
    }
  }

  return (
    <Modal open title={`Cloud Functions: ${target.name}`} onClose={onClose} wide>
      {target.kind === 'device' && (
        <div role="tablist" className="tabs tabs-border mb-3" aria-label="Cloud function views">
          {(['call', 'history'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className={`tab text-base-content opacity-100 ${view === v ? 'tab-active font-semibold' : ''}`}
              onClick={() => setView(v)}
            >
              {v === 'call' ? 'Call' : 'History'}
            </button>
          ))}
        </div>
      )}
      {view === 'call' ? (
        definitions.isPending ? (
          <Spinner label="Loading cloud functions" />
        ) : definitions.error ? (
          <FormAlert message={definitions.error.message} />
        ) : (
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
        )
      ) : history.isPending ? (
        <Spinner label="Loading history" />
      ) : history.error ? (
        <FormAlert message={history.error.message} />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-base-content/70">No cloud functions have been called on this device yet.</p>
      ) : (
        <div
          className="max-h-96 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label="Cloud function history (scrollable)"
        >
          <table className="table table-xs" aria-label="Cloud function history">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Function</th>
                <th scope="col">Argument</th>
                <th scope="col">Result</th>
                <th scope="col">Error</th>
                <th scope="col">User</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((h, i) => (
                <tr key={`${h.time}-${i}`}>
                  <td className="whitespace-nowrap">
                    {formatDateTime(h.time, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}
                  </td>
                  <td>{h.functionName}</td>
                  <td>{h.argument}</td>
                  <td>
                    {h.result ? (
                      <span className="badge badge-sm badge-success">Success</span>
                    ) : (
                      <span className="badge badge-sm badge-error">Failed</span>
                    )}
                  </td>
                  <td className="max-w-xs whitespace-normal">{h.error ?? ''}</td>
                  <td>{h.userName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
