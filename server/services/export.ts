// Export Data downloads (spec 3 §7 'Exports'): CSV produced row by row from async generators, a site or a day at a
// time, so a year of one-minute data never sits in memory; each generator stops as soon as the client goes away.
import { Readable } from 'node:stream';
import { encodeAlarmId } from '@/domain/alarm';
import { escapeCsvCell, type CsvCell } from '@/domain/csv';
import { AlarmLevel, AlarmType, Aggregation, WorkflowType } from '@/domain/enums';
import {
  DEVICE_DATA_TYPES,
  EXPORT_MESSAGES,
  MAX_EXPORT_DAYS,
  ROLLING_AVERAGE_PERIODS,
  rollingMeans,
  SAMPLING_MAXIMUM,
  volumePeriods,
  zonedIso,
  type DeviceDataType,
  type VolumeGroupBy,
} from '@/domain/export';
import { measurementType } from '@/domain/measurement-type';
import { computeCore } from './compute-core';
import type { Queryable } from '../db/client';
import { invalid } from './errors';
import { notFound } from './errors';
import { EMISSION_LOOKBACK, windowVolumeSql } from './emission-rollup';
import { windPerInstallation } from './chart-series';
import { CHUNK_MS } from './measurement-chunk';
import { readSamples } from './measurement-store';
import { computeUptime } from './uptime';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Rows written and device-days read by every export so far: lets a test see that an abandoned export stopped. */
export const exportStats = { rows: 0, deviceDays: 0 };

export interface ExportSite {
  id: number;
  name: string;
}

/** The sites an export covers: the ones named, or those of the groups named; another organization's are refused. */
export async function resolveExportSites(
  db: Queryable,
  organizationId: number,
  siteIds: readonly number[] = [],
  siteGroupIds: readonly number[] = [],
): Promise<ExportSite[]> {
  if (siteIds.length > 0) {
    const unique = [...new Set(siteIds)];
    const rows = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM sites WHERE id = ANY($1::int[]) AND organization_id = $2 ORDER BY lower(name), id',
      [unique, organizationId],
    );
    if (rows.length !== unique.length) throw notFound('Site not found');
    return rows;
  }
  if (siteGroupIds.length > 0) {
    const unique = [...new Set(siteGroupIds)];
    const [groups] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
      [unique, organizationId],
    );
    if ((groups?.n ?? 0) !== unique.length) throw notFound('Site group not found');
    return db.query<{ id: number; name: string }>(
      `SELECT DISTINCT s.id, s.name, lower(s.name) FROM sites s JOIN site_site_groups sg ON sg.site_id = s.id
        WHERE sg.site_group_id = ANY($1::int[]) AND s.organization_id = $2 AND s.deleted_at IS NULL ORDER BY lower(s.name), s.id`,
      [unique, organizationId],
    );
  }
  throw invalid(EXPORT_MESSAGES.siteRequired, { siteIds: [EXPORT_MESSAGES.siteRequired] });
}

export function checkedRange(
  startTime: string,
  endTime: string,
  maxDays = MAX_EXPORT_DAYS,
): { start: number; end: number } {
  const start = Date.parse(startTime);
  const end = Date.parse(endTime);
  if (!(start < end)) throw invalid(EXPORT_MESSAGES.rangeOrder, { dateRange: [EXPORT_MESSAGES.rangeOrder] });
  if (end - start > maxDays * 86_400_000)
    throw invalid(EXPORT_MESSAGES.rangeTooLong(maxDays), { dateRange: [EXPORT_MESSAGES.rangeTooLong(maxDays)] });
  return { start, end };
}

type Rows = AsyncGenerator<readonly CsvCell[]>;

/** A CSV stream of the header and rows, sent in batches; the generator is closed when the response is. */
export function csvStream(
  headers: readonly string[],
  rows: (signal: AbortSignal) => Rows,
  signal: AbortSignal,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield '\uFEFF' + headers.map(escapeCsvCell).join(',') + '\r\n';
    let batch = '';
    let n = 0;
    for await (const row of rows(signal)) {
      if (signal.aborted) return;
      batch += row.map(escapeCsvCell).join(',') + '\r\n';
      exportStats.rows++;
      if (++n % 500 === 0) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines());
}

const iso = (v: Date | string | number | null) => (v === null ? null : new Date(v).toISOString());

// ---- Alarms and emissions: keyset pages in time order ----

export const EXPORT_PAGE = 2000;
type Keyset = { time: string; id: number };

/**
 * Rows of a table read in (start_time, id) order, EXPORT_PAGE at a time after the last row read, so an export of any
 * size holds one page; `read` gets the key to read after and answers one page. An abandoned download stops at the
 * page's end.
 */
export async function* keysetPages<R extends { id: number; start_time: Date | string }>(
  start: number,
  signal: AbortSignal,
  read: (after: Keyset) => Promise<R[]>,
): AsyncGenerator<R> {
  let after: Keyset = { time: new Date(start - 1).toISOString(), id: 0 };
  for (;;) {
    if (signal.aborted) return;
    const page = await read(after);
    yield* page;
    if (page.length < EXPORT_PAGE) return;
    const last = page[page.length - 1]!;
    after = { time: new Date(last.start_time).toISOString(), id: last.id };
  }
}

export async function* alarmRows(
  db: Queryable,
  sites: readonly ExportSite[],
  start: number,
  end: number,
  signal: AbortSignal,
): Rows {
  const rows = keysetPages(start, signal, (after) =>
    db.query<{
      id: number;
      site: string;
      level: number;
      alarm_type: number;
      measurement_type_id: number;
      calculation_method: number;
      start_time: Date | string;
      end_time: Date | string;
      max_value: number;
      total_volume: number | null;
      hi: number;
      hihi: number | null;
      critical: number | null;
      window: number;
      workflow_type: number;
      resolved_at: Date | string | null;
      comments: number;
    }>(
      `SELECT a.id, s.name AS site, a.level, a.alarm_type, a.measurement_type_id, a.calculation_method, a.start_time, a.end_time, a.max_value, a.total_volume,
              a.hi_threshold AS hi, a.hi_hi_threshold AS hihi, a.critical_threshold AS critical, a.sliding_window_hours AS window, w.workflow_type, w.resolved_at,
              (SELECT count(*)::int FROM alarm_comments c WHERE c.alarm_id = a.id) AS comments
         FROM alarms a JOIN sites s ON s.id = a.site_id JOIN workflows w ON w.id = a.workflow_id
        WHERE a.site_id = ANY($1::int[]) AND a.start_time >= $2 AND a.start_time < $3 AND (a.start_time, a.id) > ($4::timestamptz, $5)
        ORDER BY a.start_time, a.id LIMIT ${EXPORT_PAGE}`,
      [sites.map((s) => s.id), new Date(start).toISOString(), new Date(end).toISOString(), after.time, after.id],
    ),
  );
  for await (const a of rows) {
    yield [
      encodeAlarmId(a.id),
      a.site,
      AlarmLevel.label(a.level),
      AlarmType.label(a.alarm_type),
      measurementType(a.measurement_type_id).label,
      Aggregation.label(a.calculation_method),
      iso(a.start_time),
      iso(a.end_time),
      a.max_value,
      a.total_volume,
      a.hi,
      a.hihi,
      a.critical,
      a.window,
      WorkflowType.label(a.workflow_type),
      iso(a.resolved_at),
      a.comments,
    ];
  }
}
export const ALARM_HEADERS = [
  'Alarm Id',
  'Site',
  'Level',
  'Alarm Type',
  'Measurement',
  'Calculation Method',
  'Start Time',
  'End Time',
  'Max Value',
  'Total Volume (kg)',
  'HI Threshold',
  'HI-HI Threshold',
  'Critical Threshold',
  'Sliding Window (h)',
  'Workflow',
  'Resolved At',
  'Comments',
];

export async function* emissionRows(
  db: Queryable,
  sites: readonly ExportSite[],
  start: number,
  end: number,
  signal: AbortSignal,
): Rows {
  const rows = keysetPages(start, signal, (after) =>
    db.query<{
      id: number;
      site: string;
      source: string | null;
      source_group: string | null;
      category: string | null;
      start_time: Date | string;
      end_time: Date | string | null;
      total_volume: number;
      rate: number;
      severity: number | null;
      classification: string | null;
      root_cause: string | null;
    }>(
      `SELECT e.id, s.name AS site, src.name AS source, g.name AS source_group, c.name AS category, e.start_time, e.end_time, e.total_volume, e.rate, e.severity, e.classification, rc.description AS root_cause
         FROM emissions e JOIN sites s ON s.id = e.site_id LEFT JOIN sources src ON src.id = e.source_id LEFT JOIN source_groups g ON g.id = src.source_group_id
         LEFT JOIN source_categories c ON c.id = src.source_category_id LEFT JOIN root_causes rc ON rc.id = e.root_cause_id
        WHERE e.site_id = ANY($1::int[]) AND e.start_time >= $2 AND e.start_time < $3 AND (e.start_time, e.id) > ($4::timestamptz, $5)
        ORDER BY e.start_time, e.id LIMIT ${EXPORT_PAGE}`,
      [sites.map((s) => s.id), new Date(start).toISOString(), new Date(end).toISOString(), after.time, after.id],
    ),
  );
  for await (const e of rows) {
    yield [
      e.id,
      e.site,
      e.source ?? 'Unknown',
      e.source_group,
      e.category ?? 'Uncategorized',
      iso(e.start_time),
      iso(e.end_time),
      e.total_volume,
      e.rate,
      e.severity === null ? null : AlarmLevel.label(e.severity),
      e.classification,
      e.root_cause,
    ];
  }
}
export const EMISSION_HEADERS = [
  'Emission Id',
  'Site',
  'Source',
  'Source Group',
  'Source Category',
  'Start Time',
  'End Time',
  'Total Volume (kg)',
  'Rate (kg/h)',
  'Severity',
  'Classification',
  'Root Cause',
];

// ---- Volumes and rolling averages: one site's volume per period, from the emissions ----

/** A site's CH4 volume in each period, optionally split by source category and group; periods taken 800 at a time. */
async function* siteVolumes(
  db: Queryable,
  siteId: number,
  periods: readonly { start: number; end: number }[],
  split: { category: boolean; group: boolean },
  signal: AbortSignal,
) {
  for (let k = 0; k < periods.length; k += 800) {
    if (signal.aborted) return;
    const part = periods.slice(k, k + 800);
    const rows = await db.query<{ i: number; category: string | null; source_group: string | null; volume: number }>(
      `SELECT b.i, ${split.category ? "coalesce(c.name, 'Uncategorized')" : 'NULL::text'} AS category, ${split.group ? 'g.name' : 'NULL::text'} AS source_group,
              sum(${windowVolumeSql('b.start_time', 'b.end_time')}) AS volume
         FROM emissions e LEFT JOIN sources src ON src.id = e.source_id LEFT JOIN source_categories c ON c.id = src.source_category_id LEFT JOIN source_groups g ON g.id = src.source_group_id
         JOIN unnest($2::timestamptz[], $3::timestamptz[], $4::int[]) AS b(start_time, end_time, i) ON e.start_time < b.end_time
        WHERE e.site_id = $1 AND e.start_time < $6::timestamptz AND e.start_time >= $5::timestamptz - ${EMISSION_LOOKBACK}
        GROUP BY b.i, 2, 3 ORDER BY b.i, 2, 3`,
      [
        siteId,
        part.map((p) => new Date(p.start).toISOString()),
        part.map((p) => new Date(p.end).toISOString()),
        part.map((_, i) => k + i),
        new Date(part[0]!.start).toISOString(),
        new Date(part[part.length - 1]!.end).toISOString(),
      ],
    );
    yield rows.filter((r) => Number(r.volume) > 0);
  }
}

export function volumeHeaders(split: { category: boolean; group: boolean }): string[] {
  return [
    'Period Start',
    'Site',
    ...(split.category ? ['Source Category'] : []),
    ...(split.group ? ['Source Group'] : []),
    'Volume (kg)',
  ];
}

export async function* volumeRows(
  db: Queryable,
  sites: readonly ExportSite[],
  start: number,
  end: number,
  groupBy: VolumeGroupBy,
  split: { category: boolean; group: boolean },
  timeZone: string,
  signal: AbortSignal,
): Rows {
  const periods = volumePeriods(groupBy, start, end, timeZone);
  for (const site of sites) {
    for await (const rows of siteVolumes(db, site.id, periods, split, signal)) {
      for (const r of rows)
        yield [
          zonedIso(periods[r.i]!.start, timeZone),
          site.name,
          ...(split.category ? [r.category] : []),
          ...(split.group ? [r.source_group] : []),
          Number(r.volume),
        ];
    }
  }
}

export function rollingHeaders(periodHours: readonly number[]): string[] {
  const labels = ROLLING_AVERAGE_PERIODS.filter((p) => periodHours.includes(p.hours)).map(
    (p) => `${p.label} Rolling Average (kg/h)`,
  );
  return ['Time', 'Site', ...labels, 'Baseline (kg/h)'];
}

/** Hourly steps: each chosen rolling mean of the site's hourly emission rate, and the baseline in force. */
export async function* rollingAverageRows(
  db: Queryable,
  sites: readonly ExportSite[],
  start: number,
  end: number,
  periodHours: readonly number[],
  signal: AbortSignal,
): Rows {
  const chosen = ROLLING_AVERAGE_PERIODS.filter((p) => periodHours.includes(p.hours)).map((p) => p.hours);
  const lookback = Math.max(...chosen) - 1;
  const first = Math.floor(start / HOUR) * HOUR;
  const hours: { start: number; end: number }[] = [];
  for (let t = first - lookback * HOUR; t < end; t += HOUR) hours.push({ start: t, end: t + HOUR });
  for (const site of sites) {
    if (signal.aborted) return;
    // An hour's volume in kg is its mean rate in kg/h.
    const hourly = new Array<number>(hours.length).fill(0);
    for await (const rows of siteVolumes(db, site.id, hours, { category: false, group: false }, signal))
      for (const r of rows) hourly[r.i] = Number(r.volume);
    const baselines = await db.query<{
      effective_from: Date | string;
      effective_to: Date | string | null;
      baseline: number;
    }>(
      "SELECT effective_from, effective_to, baseline FROM site_baselines WHERE site_id = $1 AND deleted_at IS NULL AND effective_from < $3 AND coalesce(effective_to, 'infinity') > $2 ORDER BY effective_from",
      [site.id, new Date(first).toISOString(), new Date(end).toISOString()],
    );
    const means = chosen.map((h) => rollingMeans(hourly, h, lookback));
    for (let i = 0; i < means[0]!.length; i++) {
      if (signal.aborted) return;
      const t = first + i * HOUR;
      const b = baselines.findLast(
        (x) =>
          new Date(x.effective_from).getTime() <= t &&
          (x.effective_to === null || new Date(x.effective_to).getTime() > t),
      );
      yield [new Date(t).toISOString(), site.name, ...means.map((m) => m[i]!), b ? Number(b.baseline) : null];
    }
  }
}

// ---- Device data: a day of one device at a time ----

export function deviceDataHeaders(type: DeviceDataType): string[] {
  if (type === 'Wind') return ['Time', 'Device', 'Wind Direction (°)', 'Wind Speed (km/h)'];
  const unit = type === 'NO2' || type === 'SO2' ? 'ppb' : type === 'PM2' ? 'µg/m³' : 'ppm';
  return ['Time', 'Device', `${type} (${unit})`];
}

export async function* deviceDataRows(
  db: Queryable,
  siteId: number,
  start: number,
  end: number,
  type: DeviceDataType,
  sample: { raw: true } | { periodMinutes: number; method: number },
  signal: AbortSignal,
): Rows {
  const devices = await db.query<{ id: number; name: string; from: Date | string; to: Date | string | null }>(
    `SELECT d.id, d.name, i.started_at AS "from", i.ended_at AS "to" FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND d.device_type <> 'QubeCamera' AND i.started_at < $3 AND (i.ended_at IS NULL OR i.ended_at > $2) ORDER BY d.name, i.started_at`,
    [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const ids = DEVICE_DATA_TYPES.find((t) => t.key === type)!.measurementTypeIds;
  const periodMs = 'raw' in sample ? null : sample.periodMinutes * MINUTE;
  // A day at a time, widened to whole sample periods so a period is never split between two reads.
  const step = periodMs && periodMs > CHUNK_MS ? periodMs : CHUNK_MS;
  for (const device of devices) {
    const from = Math.max(start, new Date(device.from).getTime());
    const to = Math.min(end, device.to ? new Date(device.to).getTime() : end);
    for (let t = Math.floor(from / step) * step; t < to; t += step) {
      if (signal.aborted) return;
      const a = Math.max(t, from);
      const b = Math.min(t + step, to);
      exportStats.deviceDays++;
      if (type === 'Wind') {
        const [dir, speed] = await Promise.all([
          readSamples(db, device.id, ids[0]!, a, b),
          readSamples(db, device.id, ids[1]!, a, b),
        ]);
        const wind = await windPerInstallation(
          dir,
          speed,
          [{ id: device.id, from: a, to: b }],
          periodMs ? { kind: 'average', period: periodMs, offset: 0 } : null,
        );
        for (let i = 0; i < wind.times.length; i++) {
          const [d, s] = [wind.windDirections[i]!, wind.windSpeeds[i]!];
          if (!Number.isNaN(d) && !Number.isNaN(s))
            yield [new Date(wind.times[i]!).toISOString(), device.name, Math.round(d * 10) / 10, s];
        }
        continue;
      }
      const samples = await readSamples(db, device.id, ids[0]!, a, b);
      const series =
        'raw' in sample
          ? samples
          : (await computeCore()).aggregate(
              samples.times,
              samples.values,
              periodMs!,
              0,
              sample.method === SAMPLING_MAXIMUM ? 'max' : 'average',
            );
      for (let i = 0; i < series.times.length; i++)
        yield [new Date(series.times[i]!).toISOString(), device.name, series.values[i]!];
    }
  }
}

// ---- Uptime and site rate ----

export const UPTIME_HEADERS = ['Device', 'Site', 'Organization', 'Period Start', 'Up Status'];

export async function* uptimeRows(
  db: Queryable,
  organizationId: number,
  sites: readonly ExportSite[],
  start: number,
  end: number,
): Rows {
  const { rows } = await computeUptime(db, {
    organizationIds: [organizationId],
    siteIds: sites.map((s) => s.id),
    from: start,
    to: end,
    now: Date.now(),
  });
  for (const r of rows)
    for (const v of r.values) yield [r.deviceName, r.siteName, r.organizationName, v.time, v.upStatus];
}

export const SITE_RATE_HEADERS = ['Time', 'Site', 'Site Rate (kg/h)', 'Lower Bound (kg/h)', 'Upper Bound (kg/h)'];

export async function* siteRateRows(
  db: Queryable,
  site: ExportSite,
  start: number,
  end: number,
  periodMinutes: number,
  method: number,
  signal: AbortSignal,
): Rows {
  const fn = method === SAMPLING_MAXIMUM ? 'max' : 'avg';
  const periodMs = periodMinutes * MINUTE;
  // Reads of about a month, cut on period boundaries so no period is split between two reads.
  const step = Math.ceil((31 * 86_400_000) / periodMs) * periodMs;
  for (let t = Math.floor(start / periodMs) * periodMs; t < end; t += step) {
    if (signal.aborted) return;
    const rows = await db.query<{ bucket: number; rate: number; lower: number; upper: number }>(
      `SELECT floor(extract(epoch FROM time) * 1000 / $4) AS bucket, ${fn}(rate) AS rate, ${fn}(lower_bound) AS lower, ${fn}(upper_bound) AS upper
         FROM site_rates WHERE site_id = $1 AND time >= $2 AND time < $3 GROUP BY 1 ORDER BY 1`,
      [site.id, new Date(Math.max(t, start)).toISOString(), new Date(Math.min(end, t + step)).toISOString(), periodMs],
    );
    for (const r of rows)
      yield [
        new Date(Number(r.bucket) * periodMs).toISOString(),
        site.name,
        Number(r.rate),
        Number(r.lower),
        Number(r.upper),
      ];
  }
}

/** 'Device Data 2026-01-01 to 2026-02-01.csv' */
export function exportFileName(kind: string, start: number, end: number): string {
  return `${kind} ${new Date(start).toISOString().slice(0, 10)} to ${new Date(end).toISOString().slice(0, 10)}.csv`;
}
