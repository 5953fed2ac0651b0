// The seven export forms (spec 3 §2, §5, §9), each checking its rules before it downloads.
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  DEVICE_DATA_TYPES,
  deviceDataProblems,
  MAX_UPTIME_EXPORT_DAYS,
  ROLLING_AVERAGE_PERIODS,
  SAMPLE_PERIODS,
  samplePeriodOptions,
  SAMPLING_AVERAGE,
  SAMPLING_METHODS,
  EXPORT_MESSAGES,
  VOLUME_GROUP_BY,
  type DeviceDataType,
  type VolumeGroupBy,
} from '@/domain/export';
import {
  exportAlarmsEndpoint,
  exportDeviceDataEndpoint,
  exportDeviceUptimeEndpoint,
  exportEmissionsEndpoint,
  exportSiteRateAveragesEndpoint,
  exportSiteRateEndpoint,
  exportVolumesEndpoint,
} from '@/contracts/export';
import { Permission } from '@/domain/permissions';
import { useHasPermission, useSession } from '@/ui/session-context';
import {
  EMPTY_SCOPE,
  ExportFooter,
  NumberSelect,
  RangeFields,
  rangeProblem,
  ScopeFields,
  scopeProblem,
  scopeQuery,
  SingleSiteField,
  useDefaultRange,
  useExportDownload,
  type ExportEndpoint,
  type ScopeValue,
} from './form-parts';

function useOrg() {
  const { organization, user } = useSession();
  return { organizationId: organization?.id ?? 0, timeZone: user.userSettings.ianaTimezoneId };
}

function Form({
  name,
  onSubmit,
  children,
  download,
}: {
  name: string;
  onSubmit: () => void;
  children: ReactNode;
  download: ReturnType<typeof useExportDownload>;
}) {
  return (
    <form
      className="grid gap-3"
      aria-label={name}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <ExportFooter download={download} />
    </form>
  );
}

/** Alarms, Emissions and Device Uptime: a range and sites or groups. */
function ScopedExportForm({ name, endpoint, maxDays }: { name: string; endpoint: ExportEndpoint; maxDays?: number }) {
  const { organizationId, timeZone } = useOrg();
  const [range, setRange] = useState(useDefaultRange(7));
  const [scope, setScope] = useState<ScopeValue>(EMPTY_SCOPE);
  const download = useExportDownload();
  const submit = () => {
    const r = rangeProblem(range, timeZone);
    if ('problem' in r) return download.fail(r.problem);
    if (maxDays && Date.parse(r.endTime) - Date.parse(r.startTime) > maxDays * 86_400_000)
      return download.fail(EXPORT_MESSAGES.rangeTooLong(maxDays));
    const s = scopeProblem(scope);
    if (s) return download.fail(s);
    void download.run(endpoint, { organizationId, ...r, ...scopeQuery(scope) });
  };
  return (
    <Form name={name} onSubmit={submit} download={download}>
      <RangeFields id={name} value={range} onChange={setRange} />
      <ScopeFields name={name} value={scope} onChange={setScope} />
    </Form>
  );
}

export const AlarmsExport = () => <ScopedExportForm name="Export Alarms" endpoint={exportAlarmsEndpoint} />;
export const EmissionsExport = () => <ScopedExportForm name="Export Emissions" endpoint={exportEmissionsEndpoint} />;
export const UptimeExport = () => (
  <ScopedExportForm
    name="Export Device Uptime"
    endpoint={exportDeviceUptimeEndpoint}
    maxDays={MAX_UPTIME_EXPORT_DAYS}
  />
);

export function VolumesExport() {
  const { organizationId, timeZone } = useOrg();
  // Volume exports use the browser's time zone (spec 3 §9).
  const [browserZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [range, setRange] = useState(useDefaultRange(30));
  const [scope, setScope] = useState<ScopeValue>(EMPTY_SCOPE);
  const [groupBy, setGroupBy] = useState<VolumeGroupBy>('Daily');
  const [byCategory, setByCategory] = useState(false);
  const [byGroup, setByGroup] = useState(false);
  const download = useExportDownload();
  const submit = () => {
    const r = rangeProblem(range, timeZone);
    if ('problem' in r) return download.fail(r.problem);
    const s = scopeProblem(scope);
    if (s) return download.fail(s);
    void download.run(exportVolumesEndpoint, {
      organizationId,
      ...r,
      ...scopeQuery(scope),
      groupBy,
      splitBySourceCategory: byCategory,
      splitBySourceGroup: byGroup,
      ianaTimezoneId: browserZone,
    });
  };
  return (
    <Form name="Export Volumes" onSubmit={submit} download={download}>
      <RangeFields id="volumes" value={range} onChange={setRange} />
      <ScopeFields name="Export Volumes" value={scope} onChange={setScope} />
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          Group by
          <select
            className="select select-sm w-32"
            aria-label="Group by"
            value={groupBy}
            onChange={(e) => setGroupBy(e.target.value as VolumeGroupBy)}
          >
            {VOLUME_GROUP_BY.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={byCategory}
            onChange={(e) => setByCategory(e.target.checked)}
          />
          Split by source category
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={byGroup}
            onChange={(e) => setByGroup(e.target.checked)}
          />
          Split by source group
        </label>
        <span className="text-xs text-base-content/70">{`Periods in ${browserZone}`}</span>
      </div>
    </Form>
  );
}

export function RollingAveragesExport() {
  const { organizationId, timeZone } = useOrg();
  const [range, setRange] = useState(useDefaultRange(30));
  const [scope, setScope] = useState<ScopeValue>(EMPTY_SCOPE);
  const [periods, setPeriods] = useState<number[]>([1]);
  const download = useExportDownload();
  const submit = () => {
    const r = rangeProblem(range, timeZone);
    if ('problem' in r) return download.fail(r.problem);
    const s = scopeProblem(scope);
    if (s) return download.fail(s);
    if (periods.length === 0) return download.fail(EXPORT_MESSAGES.rollingRequired);
    void download.run(exportSiteRateAveragesEndpoint, {
      organizationId,
      ...r,
      ...scopeQuery(scope),
      rollingAveragePeriods: periods,
    });
  };
  return (
    <Form name="Export CH4 Rolling Averages and Baseline" onSubmit={submit} download={download}>
      <RangeFields id="rolling" value={range} onChange={setRange} />
      <ScopeFields name="Export CH4 Rolling Averages and Baseline" value={scope} onChange={setScope} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">Rolling averages (hourly steps)</legend>
        {ROLLING_AVERAGE_PERIODS.map((p) => (
          <label key={p.hours} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={periods.includes(p.hours)}
              onChange={(e) =>
                setPeriods(e.target.checked ? [...periods, p.hours] : periods.filter((h) => h !== p.hours))
              }
            />
            {p.label}
          </label>
        ))}
      </fieldset>
    </Form>
  );
}

export function DeviceDataExport() {
  const { organizationId, timeZone } = useOrg();
  const highPrecision = useHasPermission(Permission.ExportHighPrecisionDeviceData);
  const [range, setRange] = useState(useDefaultRange(1));
  const [site, setSite] = useState<number | null>(null);
  const [type, setType] = useState<DeviceDataType | null>('CH4');
  const [mode, setMode] = useState<'sampled' | 'raw'>('sampled');
  const [method, setMethod] = useState<number | null>(SAMPLING_AVERAGE);
  const [period, setPeriod] = useState<number | null>(60);
  const download = useExportDownload();
  const periods = samplePeriodOptions(method, type);
  const submit = () => {
    const r = rangeProblem(range, timeZone);
    if ('problem' in r) return download.fail(r.problem);
    if (site === null) return download.fail(EXPORT_MESSAGES.singleSiteRequired);
    const raw = mode === 'raw';
    const problems = deviceDataProblems(
      { ...r, deviceDataType: type, samplePeriodMinutes: period, samplingMethod: method, raw },
      highPrecision,
    );
    if (Object.keys(problems).length) return download.fail(Object.values(problems).join(' '));
    void download.run(exportDeviceDataEndpoint, {
      organizationId,
      ...r,
      siteIds: [site],
      deviceDataType: type!,
      ...(raw ? { raw: true } : { samplePeriodMinutes: period!, samplingMethod: method! }),
    });
  };
  return (
    <Form name="Export Device Data" onSubmit={submit} download={download}>
      <RangeFields id="device" value={range} onChange={setRange} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SingleSiteField value={site} onChange={setSite} />
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Device data type</span>
          <select
            className="select select-sm w-full"
            aria-label="Device data type"
            value={type ?? ''}
            onChange={(e) => {
              const next = (e.target.value || null) as DeviceDataType | null;
              setType(next);
              // Wind is exported as averages only.
              if (next === 'Wind') setMethod(SAMPLING_AVERAGE);
              if (next === 'Wind' && mode === 'raw') setMode('sampled');
            }}
          >
            <option value="">Choose a type</option>
            {DEVICE_DATA_TYPES.map((t) => (
              <option key={t.key}>{t.key}</option>
            ))}
          </select>
        </label>
      </div>
      {highPrecision && (
        <div role="radiogroup" aria-label="Sampled or raw" className="flex gap-4">
          {(['sampled', 'raw'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                className="radio radio-sm"
                name="device-mode"
                checked={mode === m}
                disabled={m === 'raw' && type === 'Wind'}
                onChange={() => setMode(m)}
              />
              {m === 'sampled' ? 'Sampled' : 'Raw'}
            </label>
          ))}
        </div>
      )}
      {mode === 'sampled' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberSelect
            label="Sampling method"
            value={method}
            options={SAMPLING_METHODS}
            disabled={(v) => type === 'Wind' && v !== SAMPLING_AVERAGE}
            onChange={(next) => {
              setMethod(next);
              if (period !== null && !samplePeriodOptions(next, type).some((p) => p.minutes === period))
                setPeriod(null);
            }}
          />
          <NumberSelect
            label="Sample period"
            value={period}
            placeholder="Choose a period"
            options={periods.map((p) => ({ value: p.minutes, label: p.label }))}
            onChange={setPeriod}
          />
        </div>
      )}
    </Form>
  );
}

export function SiteRateExport() {
  const { organizationId, timeZone } = useOrg();
  const [range, setRange] = useState(useDefaultRange(7));
  const [site, setSite] = useState<number | null>(null);
  const [method, setMethod] = useState(SAMPLING_AVERAGE);
  const [period, setPeriod] = useState(60);
  const download = useExportDownload();
  const submit = () => {
    const r = rangeProblem(range, timeZone);
    if ('problem' in r) return download.fail(r.problem);
    if (site === null) return download.fail(EXPORT_MESSAGES.singleSiteRequired);
    if (Date.parse(r.endTime) - Date.parse(r.startTime) <= period * 60_000)
      return download.fail(EXPORT_MESSAGES.rangeVsSample);
    void download.run(exportSiteRateEndpoint, {
      organizationId,
      ...r,
      siteIds: [site],
      samplePeriodMinutes: period,
      samplingMethod: method,
    });
  };
  return (
    <Form name="Export Site Rate (Deprecated)" onSubmit={submit} download={download}>
      <p className="text-xs text-base-content/70">
        Kept for existing reports; the rolling averages export replaces it.
      </p>
      <RangeFields id="site-rate" value={range} onChange={setRange} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SingleSiteField value={site} onChange={setSite} />
        <NumberSelect
          label="Sampling method"
          value={method}
          options={SAMPLING_METHODS}
          onChange={(v) => setMethod(v ?? SAMPLING_AVERAGE)}
        />
        <NumberSelect
          label="Sample period"
          value={period}
          options={SAMPLE_PERIODS.map((p) => ({ value: p.minutes, label: p.label }))}
          onChange={(v) => setPeriod(v ?? 60)}
        />
      </div>
    </Form>
  );
}
