// The Pull API's answers (spec 3 §3): each endpoint's rows for an API key, in the key's units, over a checked range.
import type { z } from 'zod';
import { PULL_API_ENDPOINTS, type PullEndpointName } from '@/contracts/api-key';
import { alarmValueInDisplayUnit } from '@/domain/alarm';
import {
  apiKeyUnitConfiguration,
  PULL_API_MAX_ROWS,
  PULL_API_MESSAGES,
  PULL_API_SAMPLE_MINUTES,
} from '@/domain/api-key';
import type { CsvCell } from '@/domain/csv';
import { AlarmLevel, AlarmType } from '@/domain/enums';
import { SAMPLING_AVERAGE } from '@/domain/export';
import { measurementType } from '@/domain/measurement-type';
import { inDisplayUnit, type UnitConfiguration } from '@/domain/units';
import type { Queryable } from '../db/client';
import type { ApiKeyCaller } from './callers';
import { DomainError } from './errors';
import { ALARM_COLUMNS, ALARM_FROM, toAlarm, type AlarmRow } from './alarm-rows';
import { apiKeySites } from './api-key';
import {
  deviceDataHeaders,
  deviceDataRows,
  emissionRows,
  rollingAverageRows,
  siteRateRows,
  volumeRows,
} from './export';

type Site = { id: number; name: string };
export type Query<N extends PullEndpointName> = z.infer<(typeof PULL_API_ENDPOINTS)[N]['query']>;
type Answer<N extends PullEndpointName> = z.infer<(typeof PULL_API_ENDPOINTS)[N]['response']>;

interface Call<N extends PullEndpointName> {
  query: Query<N>;
  key: ApiKeyCaller;
  db: Queryable;
  units: UnitConfiguration;
  /** The key's sites (or the one asked for). */
  sites: () => Promise<Site[]>;
  range: () => { start: number; end: number };
  signal: AbortSignal;
}

const rate = (v: number, u: UnitConfiguration) => inDisplayUnit(v, 'ch4Rate', u).value;
const volume = (v: number, u: UnitConfiguration) => inDisplayUnit(v, 'ch4Volume', u).value;
const num = (c: CsvCell | undefined) => Number(c);
const str = (c: CsvCell | undefined) => (c === null || c === undefined ? null : String(c));

function unitLabels(u: UnitConfiguration) {
  return {
    ch4Rate: inDisplayUnit(0, 'ch4Rate', u).label,
    ch4Volume: inDisplayUnit(0, 'ch4Volume', u).label,
    speed: inDisplayUnit(0, 'speed', u).label,
  };
}

/** Collects a generator's rows, refusing an answer past the row limit rather than cutting it silently. */
async function collect<T>(
  rows: AsyncGenerator<readonly CsvCell[]>,
  map: (row: readonly CsvCell[]) => T,
  out: T[] = [],
): Promise<T[]> {
  for await (const row of rows) {
    out.push(map(row));
    if (out.length > PULL_API_MAX_ROWS)
      throw new DomainError('Invalid', PULL_API_MESSAGES.tooManyRows(PULL_API_MAX_ROWS));
  }
  return out;
}

function checkedRange(startTime: string, endTime: string, maxDays: number): { start: number; end: number } {
  const start = Date.parse(startTime);
  const end = Date.parse(endTime);
  if (!(start < end))
    throw new DomainError('Invalid', PULL_API_MESSAGES.rangeOrder, { startTime: [PULL_API_MESSAGES.rangeOrder] });
  if (end - start > maxDays * 86_400_000)
    throw new DomainError('Invalid', PULL_API_MESSAGES.rangeTooLong(maxDays), {
      endTime: [PULL_API_MESSAGES.rangeTooLong(maxDays)],
    });
  return { start, end };
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
const resolutionOf = (key: ApiKeyCaller) =>
  key.canAccessHighFrequencyData ? 'Raw' : `${PULL_API_SAMPLE_MINUTES} Minute Average`;
/** Measurements and wind: raw for High Frequency Data keys, else the exports' 15-minute averages. */
const sampleOf = (key: ApiKeyCaller) =>
  key.canAccessHighFrequencyData
    ? ({ raw: true } as const)
    : { periodMinutes: PULL_API_SAMPLE_MINUTES, method: SAMPLING_AVERAGE };

const handlers: { [N in PullEndpointName]: (c: Call<N>) => Promise<Omit<Answer<N>, 'units'>> } = {
  sites: async ({ db, sites }) => {
    const ids = (await sites()).map((s) => s.id);
    const rows = await db.query<{
      id: number;
      name: string;
      alias: string | null;
      latitude: number;
      longitude: number;
      groups: string[] | null;
    }>(
      `SELECT s.id, s.name, s.alias, s.latitude, s.longitude,
              (SELECT array_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS groups
         FROM sites s WHERE s.id = ANY($1::int[]) ORDER BY lower(s.name), s.id`,
      [ids],
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        alias: r.alias,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        siteGroups: r.groups ?? [],
      })),
    };
  },
  alarms: async ({ db, key, units, sites, range }) => {
    const { start, end } = range();
    const rows = await db.query<AlarmRow>(
      `SELECT ${ALARM_COLUMNS} ${ALARM_FROM} WHERE a.site_id = ANY($2::int[]) AND a.start_time >= $3 AND a.start_time < $4 ORDER BY a.start_time, a.id LIMIT ${PULL_API_MAX_ROWS + 1}`,
      [
        key.organizationId,
        (await sites()).map((s) => s.id),
        new Date(start).toISOString(),
        new Date(end).toISOString(),
      ],
    );
    if (rows.length > PULL_API_MAX_ROWS)
      throw new DomainError('Invalid', PULL_API_MESSAGES.tooManyRows(PULL_API_MAX_ROWS));
    return {
      data: rows.map(toAlarm).map((a) => {
        const max = a.maxValue === null ? null : alarmValueInDisplayUnit(a.maxValue, a, units);
        return {
          id: a.encodedId,
          siteId: a.siteId,
          siteName: a.siteName,
          level: AlarmLevel.label(a.level),
          alarmType: AlarmType.label(a.alarmType),
          measurementType: measurementType(a.measurementTypeId).label,
          startTime: a.startTime,
          endTime: a.endTime,
          maxValue: max?.value ?? null,
          maxValueUnit: max?.label ?? alarmValueInDisplayUnit(0, a, units).label,
          totalVolume: a.totalVolume === null ? null : volume(a.totalVolume, units),
          workflowResolvedAt: a.workflowResolvedAt,
        };
      }),
    };
  },
  alarmState: async ({ db, sites }) => {
    const scope = await sites();
    const rows = await db.query<{
      site_id: number;
      unresolved: number;
      level: number | null;
      latest: Date | string | null;
    }>(
      `SELECT a.site_id, count(*) FILTER (WHERE w.resolved_at IS NULL)::int AS unresolved, max(a.level) FILTER (WHERE w.resolved_at IS NULL) AS level, max(a.start_time) AS latest
         FROM alarms a JOIN workflows w ON w.id = a.workflow_id WHERE a.site_id = ANY($1::int[]) GROUP BY a.site_id`,
      [scope.map((s) => s.id)],
    );
    const bySite = new Map(rows.map((r) => [r.site_id, r]));
    return {
      data: scope.map((s) => {
        const r = bySite.get(s.id);
        return {
          siteId: s.id,
          siteName: s.name,
          unresolvedAlarmCount: r?.unresolved ?? 0,
          highestUnresolvedLevel: r?.level === null || r?.level === undefined ? null : AlarmLevel.label(r.level),
          latestAlarmStartTime: iso(r?.latest ?? null),
        };
      }),
    };
  },
  emissions: async ({ db, units, sites, range, signal }) => {
    const { start, end } = range();
    const data: Answer<'emissions'>['data'] = [];
    // Site by site, so each row carries its site's id.
    for (const site of await sites()) {
      await collect(
        emissionRows(db, [site], start, end, signal),
        (r) => ({
          id: num(r[0]),
          siteId: site.id,
          siteName: site.name,
          source: String(r[2]),
          sourceGroup: str(r[3]),
          sourceCategory: String(r[4]),
          startTime: String(r[5]),
          endTime: str(r[6]),
          totalVolume: volume(num(r[7]), units),
          rate: rate(num(r[8]), units),
          severity: str(r[9]),
          classification: str(r[10]),
          rootCause: str(r[11]),
        }),
        data,
      );
    }
    return { data };
  },
  emissionRates: async ({ db, units, sites, range, signal }) => {
    const { start, end } = range();
    const data: Answer<'emissionRates'>['data'] = [];
    for (const site of await sites()) {
      // The 1-hour rolling mean of the Rolling Averages export is the hour's mean rate.
      await collect(
        rollingAverageRows(db, [site], start, end, [1], signal),
        (r) => ({
          time: String(r[0]),
          siteId: site.id,
          siteName: site.name,
          rate: rate(num(r[2]), units),
          baseline: r[3] === null ? null : rate(num(r[3]), units),
        }),
        data,
      );
    }
    return { data };
  },
  siteRates: async ({ db, units, sites, range, signal }) => {
    const { start, end } = range();
    const [site] = await sites();
    const data = await collect(
      siteRateRows(db, site!, start, end, PULL_API_SAMPLE_MINUTES, SAMPLING_AVERAGE, signal),
      (r) => ({
        time: String(r[0]),
        siteId: site!.id,
        siteName: site!.name,
        rate: rate(num(r[2]), units),
        lowerBound: rate(num(r[3]), units),
        upperBound: rate(num(r[4]), units),
      }),
    );
    return { data };
  },
  volumes: async ({ db, units, sites, range, query, signal }) => {
    const { start, end } = range();
    if (!Intl.supportedValuesOf('timeZone').includes(query.timeZone) && query.timeZone !== 'UTC')
      throw new DomainError('Invalid', 'The request is not valid.', { timeZone: ['Unknown time zone'] });
    const data: Answer<'volumes'>['data'] = [];
    for (const site of await sites()) {
      await collect(
        volumeRows(db, [site], start, end, query.groupBy, { category: false, group: false }, query.timeZone, signal),
        (r) => ({ periodStart: String(r[0]), siteId: site.id, siteName: site.name, volume: volume(num(r[2]), units) }),
        data,
      );
    }
    return { data };
  },
  measurements: async ({ db, key, sites, range, query, signal }) => {
    const { start, end } = range();
    const [site] = await sites();
    const data = await collect(
      deviceDataRows(db, site!.id, start, end, query.measurementType, sampleOf(key), signal),
      (r) => ({ time: String(r[0]), deviceName: String(r[1]), value: num(r[2]) }),
    );
    // The unit is the one the Export Data header names for the gas.
    const unit = /\(([^)]+)\)$/.exec(deviceDataHeaders(query.measurementType)[2]!)?.[1] ?? '';
    return { resolution: resolutionOf(key), unit, data };
  },
  wind: async ({ db, key, units, sites, range, signal }) => {
    const { start, end } = range();
    const [site] = await sites();
    const data = await collect(deviceDataRows(db, site!.id, start, end, 'Wind', sampleOf(key), signal), (r) => ({
      time: String(r[0]),
      deviceName: String(r[1]),
      windDirection: num(r[2]),
      windSpeed: inDisplayUnit(num(r[3]), 'speed', units).value,
    }));
    return { resolution: resolutionOf(key), data };
  },
};

/** One Pull API answer for a key: the range checked before any data is read, the rows in the key's units. */
export async function pullAnswer<N extends PullEndpointName>(
  db: Queryable,
  name: N,
  key: ApiKeyCaller,
  query: Query<N>,
  signal: AbortSignal,
) {
  const e = PULL_API_ENDPOINTS[name] as { maxDays?: { sampled: number; raw: number } };
  const q = query as Query<N> & { siteId?: number; startTime?: string; endTime?: string };
  const units = apiKeyUnitConfiguration(key);
  const range = () => {
    const maxDays = key.canAccessHighFrequencyData ? e.maxDays!.raw : e.maxDays!.sampled;
    return checkedRange(q.startTime!, q.endTime!, maxDays);
  };
  if (e.maxDays) range();
  const body = await handlers[name]({
    query: q,
    key,
    db,
    units,
    sites: () => apiKeySites(db, key, q.siteId),
    range,
    signal,
  });
  return { units: unitLabels(units), ...body };
}
