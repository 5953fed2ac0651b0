// Start or stop a site's model (spec 3 §4 'Model', §5): start asks for a start date no earlier than what the model
// has processed and toasts 'Model started'; stop asks for confirmation and toasts 'Model stopped'. The toast, the
// closing and the caller's own update (onAnswered) follow the server's answer at once; the lists refresh behind them
// (issue 25 'Feedback at once': the button used to spin until every list had refetched).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useState } from 'react';
import { ApiError, GENERIC_ERROR } from '@/api/client';
import { areaKey, callEndpoint, endpointKey } from '@/api/endpoint-client';
import { auditEndpoints } from '@/contracts/audit';
import { deviceHealthSiteListEndpoint } from '@/contracts/device';
import { siteListEndpoint } from '@/contracts/site';
import { siteHealthEndpoint } from '@/contracts/site-health';
import { startModelPipelineEndpoint, stopModelPipelineEndpoint } from '@/contracts/model-pipeline';
import { formatDateTime } from '@/domain/format';
import { MODEL_STARTED, MODEL_STOPPED, startDateProblem, STOP_MODEL_CONFIRMATION } from '@/domain/model-pipeline';
import { FormAlert } from '../../ui/form/form-alert';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';

const LOCAL = "yyyy-MM-dd'T'HH:mm";

export function ModelPipelineDialog({
  site,
  action,
  onClose,
  onAnswered,
}: {
  site: { id: number; name: string; processedUpTo: string | null };
  action: 'start' | 'stop';
  onClose: () => void;
  onAnswered?: (isOn: boolean) => void;
}) {
  const { organization, user } = useSession();
  const tz = user.userSettings.ianaTimezoneId;
  const toast = useToast();
  const qc = useQueryClient();
  const [value, setValue] = useState(() =>
    format(new TZDate(Math.max(Date.now(), site.processedUpTo ? Date.parse(site.processedUpTo) : 0), tz), LOCAL),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (startDate: string | null) =>
      action === 'start'
        ? callEndpoint(startModelPipelineEndpoint, {
            body: { organizationId: organization!.id, siteId: site.id, startDate },
          })
        : callEndpoint(stopModelPipelineEndpoint, { body: { organizationId: organization!.id, siteId: site.id } }),
    // Not awaited: the refetches must not hold the answer back.
    onSuccess: () => {
      for (const queryKey of [
        endpointKey(siteHealthEndpoint),
        areaKey(siteListEndpoint),
        areaKey(auditEndpoints.site),
        endpointKey(deviceHealthSiteListEndpoint),
      ])
        void qc.invalidateQueries({ queryKey });
    },
  });
  const toTime = (v: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
    return m
      ? new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), tz).getTime()
      : null;
  };

  async function confirm() {
    const start = action === 'start' ? toTime(value) : null;
    if (action === 'start') {
      const p = startDateProblem(start, site.processedUpTo, (d) => formatDateTime(d, tz, user.userSettings.timeFormat));
      if (p) return setProblem(p);
    }
    setProblem(null);
    try {
      const answer = await mutation.mutateAsync(start === null ? null : new Date(start).toISOString());
      onAnswered?.(answer.isOn);
      toast(action === 'start' ? MODEL_STARTED : MODEL_STOPPED, 'success');
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : GENERIC_ERROR);
    }
  }

  return (
    <Modal
      open
      title={action === 'start' ? `Start the model of ${site.name}` : `Stop the model of ${site.name}`}
      onClose={onClose}
    >
      <div className="grid gap-3">
        <FormAlert message={problem} />
        {action === 'start' ? (
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Start date</span>
            <input
              type="datetime-local"
              className="input w-full"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
            {site.processedUpTo && (
              <span className="mt-1 text-xs text-base-content/70">{`Processed up to ${formatDateTime(site.processedUpTo, tz, user.userSettings.timeFormat)}`}</span>
            )}
          </label>
        ) : (
          <p className="text-base-content/80">{STOP_MODEL_CONFIRMATION(site.name)}</p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${action === 'stop' ? 'btn-error' : 'btn-primary'}`}
            disabled={mutation.isPending}
            onClick={() => void confirm()}
          >
            {mutation.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {action === 'start' ? 'Start Model' : 'Stop Model'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
