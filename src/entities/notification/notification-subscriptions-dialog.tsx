// Notification Subscriptions (spec 2 §2, §3 'Subscription edit', §8, §9): time zone, 12/24-hour time, business-unit,
// asset-area and site-group filters, and a level per alarm and frequency (a level includes the higher ones). Quick
// controls: 'Unsubscribe All', and one level for every daily or every instantaneous row. Opened from the account menu
// for oneself, and from the Users page for a member.
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { subscriptionEditEndpoint, subscriptionEndpoint, timeZoneIdsEndpoint } from '@/contracts/notification';
import { organizationUserListEndpoint } from '@/contracts/organization-user';
import { qubeUserListEndpoint } from '@/contracts/qube-user';
import { AlarmLevel, SubscriptionFrequency, TimeFormat } from '@/domain/enums';
import {
  levelFor,
  NO_ALARM_SUBSCRIPTIONS,
  NOTIFICATIONS_EDITED,
  SUBSCRIPTION_ROWS,
  withLevel,
  withLevelForAll,
  type SubscriptionEdit,
} from '@/domain/notification';
import { LoadError } from '../../ui/data-grid/grid-parts';
import { FormActions, Modal } from '../../ui/modal';
import { MultiSelect } from '../../ui/multi-select';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';

const FREQUENCIES = [SubscriptionFrequency.values.Daily, SubscriptionFrequency.values.Instantaneous];

/** A level, or none; as a set-all control it shows a prompt and 'None' clears every row. */
function LevelSelect({
  label,
  value,
  onChange,
  setAll = false,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  setAll?: boolean;
}) {
  return (
    <select
      className="select select-xs w-32"
      aria-label={label}
      value={setAll ? 'prompt' : (value ?? '')}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      {setAll && (
        <option value="prompt" disabled>
          Set all…
        </option>
      )}
      <option value="">None</option>
      {AlarmLevel.options.map((l) => (
        <option key={l.value} value={l.value}>
          {`${l.label}${l.value < AlarmLevel.values.Critical ? ' and above' : ''}`}
        </option>
      ))}
    </select>
  );
}

export function NotificationSubscriptionsDialog({
  userId,
  organizationId,
  onClose,
}: {
  userId: number;
  organizationId: number;
  onClose: () => void;
}) {
  const toast = useToast();
  const qc = useQueryClient();
  const loaded = useQuery({
    ...endpointQuery(subscriptionEndpoint, { query: { userId, userOrganizationId: organizationId } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const zones = useQuery({ ...endpointQuery(timeZoneIdsEndpoint), staleTime: Infinity });
  const [form, setForm] = useState<SubscriptionEdit | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.data && !form) {
      const { options: _options, userEmail: _email, ...edit } = loaded.data;
      setForm(edit);
    }
  }, [loaded.data, form]);
  const save = useMutation({
    mutationFn: (body: SubscriptionEdit) => callEndpoint(subscriptionEditEndpoint, { body }),
    // Not awaited: the answer is shown at once, the lists refresh behind it (issue 25).
    onSuccess: () => {
      for (const e of [organizationUserListEndpoint, qubeUserListEndpoint, subscriptionEndpoint])
        void qc.invalidateQueries({ queryKey: endpointKey(e) });
    },
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    try {
      await save.mutateAsync(form);
      toast(NOTIFICATIONS_EDITED, 'success');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? [err.message, ...Object.values(err.errors).flat()].join(' ') : String(err));
    }
  }

  const set = (patch: Partial<SubscriptionEdit>) => setForm((f) => (f ? { ...f, ...patch } : f));
  return (
    <Modal open title="Notification Subscriptions" onClose={onClose} wide>
      {loaded.isPending || (!form && !loaded.error) ? (
        <Spinner label="Loading subscriptions" />
      ) : loaded.error ? (
        <LoadError message={loaded.error.message} onRetry={() => void loaded.refetch()} />
      ) : (
        form && (
          <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
            <p className="text-sm text-base-content/80">{loaded.data.userEmail}</p>
            {error && (
              <p className="alert alert-error py-2 text-sm" role="alert">
                {error}
              </p>
            )}
            <div className="flex flex-wrap items-end gap-3">
              <label className="form-control">
                <span className="label-text mb-1 text-sm font-medium">Time Zone</span>
                <select
                  className="select select-sm w-64"
                  value={form.ianaTimezoneId}
                  onChange={(e) => set({ ianaTimezoneId: e.target.value })}
                >
                  {[...new Set([form.ianaTimezoneId, ...(zones.data ?? [])])].map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="flex items-center gap-3 text-sm">
                <legend className="mb-1 font-medium">Time Format</legend>
                {TimeFormat.options.map((o) => (
                  <label key={o.value} className="flex items-center gap-1">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name="timeFormat"
                      checked={form.timeFormat === o.value}
                      onChange={() => set({ timeFormat: o.value })}
                    />
                    {o.label}
                  </label>
                ))}
              </fieldset>
            </div>
            <div className="flex flex-wrap gap-2" aria-label="Site filters">
              <MultiSelect
                label="Business Units"
                options={loaded.data.options.businessUnits.map((o) => ({ id: o.id, label: o.name }))}
                selected={form.businessUnitIds}
                onChange={(ids) => set({ businessUnitIds: ids })}
              />
              <MultiSelect
                label="Asset Areas"
                options={loaded.data.options.assetAreas.map((o) => ({ id: o.id, label: o.name }))}
                selected={form.assetAreaIds}
                onChange={(ids) => set({ assetAreaIds: ids })}
              />
              <MultiSelect
                label="Site Groups"
                options={loaded.data.options.siteGroups.map((o) => ({ id: o.id, label: o.name }))}
                selected={form.siteGroupIds}
                onChange={(ids) => set({ siteGroupIds: ids })}
              />
            </div>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <button type="button" className="btn btn-sm btn-outline" onClick={() => set({ alarmSubscriptions: [] })}>
                Unsubscribe All
              </button>
              {FREQUENCIES.map((f) => (
                <label key={f} className="flex items-center gap-2">
                  {`All ${SubscriptionFrequency.label(f)}`}
                  <LevelSelect
                    setAll
                    label={`All ${SubscriptionFrequency.label(f)}`}
                    value={null}
                    onChange={(level) =>
                      set({ alarmSubscriptions: withLevelForAll(form.alarmSubscriptions, f, level) })
                    }
                  />
                </label>
              ))}
            </div>
            {form.alarmSubscriptions.length === 0 && (
              <p className="alert alert-warning py-2 text-sm" role="status">
                {NO_ALARM_SUBSCRIPTIONS}
              </p>
            )}
            <div className="max-h-72 overflow-auto">
              <table className="table table-sm" aria-label="Alarm subscriptions">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Alarm</th>
                    {FREQUENCIES.map((f) => (
                      <th key={f} scope="col">
                        {SubscriptionFrequency.label(f)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {SUBSCRIPTION_ROWS.map((row) => (
                    <tr key={row.label}>
                      <td>{row.label}</td>
                      {FREQUENCIES.map((f) => (
                        <td key={f}>
                          <LevelSelect
                            label={`${row.label} ${SubscriptionFrequency.label(f)}`}
                            value={levelFor(form.alarmSubscriptions, row, f)}
                            onChange={(level) =>
                              set({ alarmSubscriptions: withLevel(form.alarmSubscriptions, row, f, level) })
                            }
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-base-content/70">Daily summaries arrive at 7 a.m. in the chosen time zone.</p>
            <FormActions onCancel={onClose} busy={save.isPending} />
          </form>
        )
      )}
    </Modal>
  );
}
