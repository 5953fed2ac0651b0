// Notification Subscriptions (spec 2 §2, §3 'Subscription edit', §8, §9): time zone, 12/24-hour time, business-unit,
// asset-area and site-group filters, and a level per alarm and frequency (a level includes the higher ones). Quick
// controls: 'Unsubscribe All', and one level for every daily or every instantaneous row. Opened from the account menu
// for oneself, and from the Users page for a member.
import { AlarmLevel, SubscriptionFrequency, TimeFormat } from '@/domain/enums';
import {
  levelFor,
  NO_ALARM_SUBSCRIPTIONS,
  SUBSCRIPTION_ROWS,
  withLevel,
  withLevelForAll,
  type SubscriptionEdit,
} from '@/domain/notification';
import { LoadError } from '../../ui/data-grid/grid-parts';
import { FormActions, Modal } from '../../ui/modal';
import { MultiSelect } from '../../ui/multi-select';
import { Spinner } from '../../ui/spinner';
import { useNotificationSubscriptions } from './use-notification-subscriptions';
import { InlineAlert } from '@/ui/form/form-alert';

const FREQUENCIES = [SubscriptionFrequency.values.Daily, SubscriptionFrequency.values.Instantaneous];

type Edit = (patch: Partial<SubscriptionEdit>) => void;

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
  const { loaded, zones, form, set, error, busy, submit } = useNotificationSubscriptions(
    userId,
    organizationId,
    onClose,
  );
  const options = (list: readonly { id: number; name: string }[]) => list.map((o) => ({ id: o.id, label: o.name }));
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
            {error && <InlineAlert tone="error">{error}</InlineAlert>}
            <DeliveryFields form={form} zones={zones} set={set} />
            <div className="flex flex-wrap gap-2" aria-label="Site filters">
              <MultiSelect
                label="Business Units"
                options={options(loaded.data.options.businessUnits)}
                selected={form.businessUnitIds}
                onChange={(ids) => set({ businessUnitIds: ids })}
              />
              <MultiSelect
                label="Asset Areas"
                options={options(loaded.data.options.assetAreas)}
                selected={form.assetAreaIds}
                onChange={(ids) => set({ assetAreaIds: ids })}
              />
              <MultiSelect
                label="Site Groups"
                options={options(loaded.data.options.siteGroups)}
                selected={form.siteGroupIds}
                onChange={(ids) => set({ siteGroupIds: ids })}
              />
            </div>
            <SubscriptionLevels subscriptions={form.alarmSubscriptions} set={set} />
            <p className="text-xs text-base-content/70">Daily summaries arrive at 7 a.m. in the chosen time zone.</p>
            <FormActions onCancel={onClose} busy={busy} />
          </form>
        )
      )}
    </Modal>
  );
}

/** Where and how the mails read: the time zone and 12/24-hour time. */
function DeliveryFields({ form, zones, set }: { form: SubscriptionEdit; zones: readonly string[]; set: Edit }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">Time Zone</span>
        <select
          className="select select-sm w-64"
          value={form.ianaTimezoneId}
          onChange={(e) => set({ ianaTimezoneId: e.target.value })}
        >
          {[...new Set([form.ianaTimezoneId, ...zones])].map((z) => (
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
  );
}

/** The quick controls, the warning when nothing is subscribed, and a level per alarm and frequency. */
function SubscriptionLevels({
  subscriptions,
  set,
}: {
  subscriptions: SubscriptionEdit['alarmSubscriptions'];
  set: Edit;
}) {
  return (
    <>
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
              onChange={(level) => set({ alarmSubscriptions: withLevelForAll(subscriptions, f, level) })}
            />
          </label>
        ))}
      </div>
      {subscriptions.length === 0 && (
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
                      value={levelFor(subscriptions, row, f)}
                      onChange={(level) => set({ alarmSubscriptions: withLevel(subscriptions, row, f, level) })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
