// What the export forms share: the date range in the user's time zone, Sites or Site Groups with chips (up to 10
// shown), the download with its progress and Cancel, and the error alert under the form.
import { useEffect, useRef, useState } from 'react';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { z } from 'zod';
import { downloadEndpoint } from '@/api/endpoint-client';
import type { Endpoint } from '@/contracts/endpoint';
import { EXPORT_MESSAGES, MAX_SITE_CHIPS } from '@/domain/export';
import { downloadBlob } from '@/ui/download';
import { MultiSelect } from '@/ui/multi-select';
import { useSession } from '@/ui/session-context';
import { useSiteFilterOptions } from '@/entities/site/use-site-filter';

export interface RangeValue {
  start: string;
  end: string;
}

/** 'YYYY-MM-DDTHH:mm' in the zone to an ISO instant; null when blank or malformed. */
export function localToIso(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), timeZone).toISOString();
}
const isoToLocal = (t: number, timeZone: string) => format(new TZDate(t, timeZone), "yyyy-MM-dd'T'HH:mm");

export function useDefaultRange(days: number): RangeValue {
  const { user } = useSession();
  const [value] = useState(() => {
    const tz = user.userSettings.ianaTimezoneId;
    const end = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    return { start: isoToLocal(end - days * 86_400_000, tz), end: isoToLocal(end, tz) };
  });
  return value;
}

/** The range as ISO instants, or the problem with it. */
export function rangeProblem(
  value: RangeValue,
  timeZone: string,
): { startTime: string; endTime: string } | { problem: string } {
  const startTime = localToIso(value.start, timeZone);
  const endTime = localToIso(value.end, timeZone);
  if (!startTime || !endTime) return { problem: EXPORT_MESSAGES.rangeRequired };
  if (Date.parse(startTime) >= Date.parse(endTime)) return { problem: EXPORT_MESSAGES.rangeOrder };
  return { startTime, endTime };
}

export function RangeFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: RangeValue;
  onChange: (v: RangeValue) => void;
}) {
  const { user } = useSession();
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium">{`Date range (${user.userSettings.ianaTimezoneId})`}</legend>
      <label className="form-control">
        <span className="label-text text-xs">Start</span>
        <input
          id={`${id}-start`}
          type="datetime-local"
          className="input input-sm w-full"
          aria-label="Start"
          value={value.start}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
        />
      </label>
      <label className="form-control">
        <span className="label-text text-xs">End</span>
        <input
          id={`${id}-end`}
          type="datetime-local"
          className="input input-sm w-full"
          aria-label="End"
          value={value.end}
          onChange={(e) => onChange({ ...value, end: e.target.value })}
        />
      </label>
    </fieldset>
  );
}

export interface ScopeValue {
  kind: 'sites' | 'groups';
  siteIds: number[];
  siteGroupIds: number[];
}
export const EMPTY_SCOPE: ScopeValue = { kind: 'sites', siteIds: [], siteGroupIds: [] };

export function scopeProblem(scope: ScopeValue): string | null {
  if (scope.kind === 'sites' && scope.siteIds.length === 0) return EXPORT_MESSAGES.siteRequired;
  if (scope.kind === 'groups' && scope.siteGroupIds.length === 0) return EXPORT_MESSAGES.siteGroupRequired;
  return null;
}
export const scopeQuery = (scope: ScopeValue) =>
  scope.kind === 'sites' ? { siteIds: scope.siteIds } : { siteGroupIds: scope.siteGroupIds };

export function ScopeFields({
  name,
  value,
  onChange,
}: {
  name: string;
  value: ScopeValue;
  onChange: (v: ScopeValue) => void;
}) {
  const sites = useSiteFilterOptions('site');
  const groups = useSiteFilterOptions('siteGroup');
  const options = (value.kind === 'sites' ? sites.data : groups.data) ?? [];
  const chosen = value.kind === 'sites' ? value.siteIds : value.siteGroupIds;
  const names = chosen.map((id) => options.find((o) => o.id === id)?.name ?? String(id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Filter by</legend>
      <div className="flex flex-wrap items-center gap-4" role="radiogroup" aria-label={`${name}: filter by`}>
        {(['sites', 'groups'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${name}-scope`}
              checked={value.kind === kind}
              // Switching the filter option clears both selections (spec 3 §5).
              onChange={() => onChange({ kind, siteIds: [], siteGroupIds: [] })}
            />
            {kind === 'sites' ? 'Sites' : 'Site Groups'}
          </label>
        ))}
        <MultiSelect
          label={value.kind === 'sites' ? 'Sites' : 'Site Groups'}
          allLabel="None"
          options={options.map((o) => ({ id: o.id, label: o.name }))}
          selected={chosen}
          onChange={(ids) =>
            onChange(value.kind === 'sites' ? { ...value, siteIds: ids } : { ...value, siteGroupIds: ids })
          }
        />
      </div>
      {names.length > 0 && (
        <ul
          className="flex flex-wrap gap-1"
          aria-label={`${name}: chosen ${value.kind === 'sites' ? 'sites' : 'site groups'}`}
        >
          {names.slice(0, MAX_SITE_CHIPS).map((n, i) => (
            <li key={chosen[i]} className="badge badge-outline gap-1">
              {n}
              <button
                type="button"
                className="text-base-content/70 hover:text-error"
                aria-label={`Remove ${n}`}
                onClick={() =>
                  onChange(
                    value.kind === 'sites'
                      ? { ...value, siteIds: value.siteIds.filter((x) => x !== chosen[i]) }
                      : { ...value, siteGroupIds: value.siteGroupIds.filter((x) => x !== chosen[i]) },
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
          {names.length > MAX_SITE_CHIPS && (
            <li className="badge badge-ghost">{`+${names.length - MAX_SITE_CHIPS} more`}</li>
          )}
        </ul>
      )}
    </fieldset>
  );
}

export function SingleSiteField({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const sites = useSiteFilterOptions('site');
  return (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">Site</span>
      <select
        className="select select-sm w-full"
        aria-label="Site"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Choose a site</option>
        {(sites.data ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Runs a download with its progress; Cancel (or leaving the page) aborts it, which also stops the server. */
/** An export: a GET with a query, answered with a file. */
export type ExportEndpoint = Endpoint<z.ZodType, undefined, undefined, undefined>;

export function useExportDownload() {
  const [state, setState] = useState<{ busy: boolean; bytes: number; error: string | null; done: string | null }>({
    busy: false,
    bytes: 0,
    error: null,
    done: null,
  });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  async function run(
    endpoint: ExportEndpoint,
    query: Record<string, string | number | boolean | readonly (string | number)[] | undefined>,
  ) {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setState({ busy: true, bytes: 0, error: null, done: null });
    try {
      const { blob, fileName } = await downloadEndpoint(endpoint, {
        query,
        signal: c.signal,
        onProgress: (bytes) => setState((s) => ({ ...s, bytes })),
      });
      downloadBlob(fileName, blob);
      setState({ busy: false, bytes: blob.size, error: null, done: fileName });
    } catch (e) {
      if (c.signal.aborted) return setState({ busy: false, bytes: 0, error: null, done: null });
      setState({ busy: false, bytes: 0, error: e instanceof Error ? e.message : String(e), done: null });
    }
  }
  return {
    ...state,
    run,
    cancel: () => controller.current?.abort(),
    fail: (error: string) => setState({ busy: false, bytes: 0, error, done: null }),
  };
}

export function ExportFooter({ download }: { download: ReturnType<typeof useExportDownload> }) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={download.busy}>
          {download.busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Export
        </button>
        {download.busy && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={download.cancel}>
            Cancel
          </button>
        )}
        {download.done && (
          <span role="status" className="text-sm text-success">
            {`Downloaded ${download.done} (${(download.bytes / 1024).toFixed(1)} KB)`}
          </span>
        )}
      </div>
      {download.busy && (
        <div role="status" className="grid gap-1 text-xs">
          <progress className="progress progress-primary w-full" aria-label="Download progress" />
          {`${(download.bytes / 1024).toFixed(1)} KB received`}
        </div>
      )}
      {download.error && (
        <p role="alert" className="alert alert-error text-sm">
          {download.error}
        </p>
      )}
    </div>
  );
}

/** A labelled select over numbered options; an empty choice when `placeholder` is given. */
export function NumberSelect({
  label,
  value,
  options,
  onChange,
  placeholder,
  disabled,
}: {
  label: string;
  value: number | null;
  options: readonly { value: number; label: string }[];
  onChange: (v: number | null) => void;
  placeholder?: string;
  disabled?: (v: number) => boolean;
}) {
  return (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      <select
        className="select select-sm w-full"
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={disabled?.(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
