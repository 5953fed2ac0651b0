// Chart data (spec 2 §7 'Chart data'): the device check of every device read, a device's samples in a checked range,
// its wind per installation, and the closest time with data; the route encodes the answer (JSON or Arrow IPC).
import type { z } from 'zod';
import type { closestTimeWithDataEndpoint, deviceWindDataEndpoint } from '@/contracts/chart-data';
import { MINUTE_MS } from '@/domain/chart-data';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import { checkedRange } from './chart-range';
import { windPerInstallation, zoneOffsetMs, type WindReduction } from './chart-series';
import { DomainError } from './errors';
import type { Samples } from './measurement-chunk';
import { readSamples, samplesFingerprint } from './measurement-store';
import { checkSite, closestSiteRateDay } from './site-dashboard';
import { WIND_DIRECTION_TYPE as WIND_DIRECTION, WIND_SPEED_TYPE as WIND_SPEED } from '@/domain/measurement-type';

type Query<E extends { query?: z.ZodType }> = z.infer<NonNullable<E['query']>>;

const access = [Permission.DeviceAdministration, Permission.DeviceView] as const;

/** One device of one organization; the two ids travel together so that they cannot be swapped. */
export interface DeviceRef {
  organizationId: number;
  deviceId: number;
}

export async function checkDevice(db: Queryable, { organizationId, deviceId }: DeviceRef): Promise<void> {
  const [d] = await db.query('SELECT 1 FROM devices WHERE id = $1 AND organization_id = $2', [
    deviceId,
    organizationId,
  ]);
  // A device of another organization is as unknown as a missing one.
  if (!d) throw new DomainError('NotFound', 'Device not found');
}

/** Days of the 1-day averages start at local midnight in the caller's zone (UTC without one). */
export function localDayOffset(timeZone: string | undefined, at: number): number {
  if (!timeZone) return 0;
  try {
    return zoneOffsetMs(timeZone, at);
  } catch {
    throw new DomainError('Invalid', 'The request is not valid.', { timeZone: ['Unknown time zone'] });
  }
}

/**
 * A series of one device and measurement type in a range, checked: how to read it (shaped: every sample, maxima or
 * means) and the fingerprint of the chunks it is made from, so an encoded answer can be kept while they stay unchanged.
 */
export async function deviceSeries(
  db: Queryable,
  device: DeviceRef,
  measurementTypeId: number,
  range: { start: number; end: number },
  shape: (s: Samples) => Samples | Promise<Samples>,
): Promise<{ read: () => Promise<Samples>; fingerprint: () => Promise<string> }> {
  await checkDevice(db, device);
  return {
    read: async () => shape(await readSamples(db, device.deviceId, measurementTypeId, range.start, range.end)),
    fingerprint: () => samplesFingerprint(db, device.deviceId, measurementTypeId, range.start, range.end),
  };
}

/** The device's wind per installation over the range: every reading, the strongest per period, or period means. */
export async function deviceWind(db: Queryable, device: DeviceRef, query: Query<typeof deviceWindDataEndpoint>) {
  await checkDevice(db, device);
  const { start, end } = checkedRange(query);
  const reduction: WindReduction | null = query.samplePeriod
    ? { kind: 'strongest', start, period: query.samplePeriod * MINUTE_MS }
    : query.averagingPeriod
      ? {
          kind: 'average',
          period: query.averagingPeriod * MINUTE_MS,
          offset: query.averagingPeriod === 1440 ? localDayOffset(query.timeZone, start) : 0,
        }
      : null;
  const [direction, speed] = await Promise.all([
    readSamples(db, device.deviceId, WIND_DIRECTION, start, end),
    readSamples(db, device.deviceId, WIND_SPEED, start, end),
  ]);
  const installations = await db.query<{
    id: number;
    started_at: Date | string;
    ended_at: Date | string | null;
  }>(
    'SELECT id, started_at, ended_at FROM device_installations WHERE device_id = $1 AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2) ORDER BY started_at',
    [device.deviceId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const wind = await windPerInstallation(
    direction,
    speed,
    installations.map((i) => ({
      id: i.id,
      from: Math.max(start, new Date(i.started_at).getTime()),
      to: Math.min(end, i.ended_at ? new Date(i.ended_at).getTime() : end),
    })),
    reduction,
  );
  return { wind, installationIds: installations.map((i) => i.id) };
}

/** The day of data nearest a range that has none (a device's samples or wind, or a site's modelled rate). */
export async function closestTimeWithData(
  db: Queryable,
  organizationId: number,
  permissions: ReadonlySet<number>,
  query: Query<typeof closestTimeWithDataEndpoint>,
): Promise<{ startTime: string | null; endTime: string | null }> {
  if (query.dataType === 'site-rate') {
    const siteId = await checkSite(db, { organizationId, siteId: query.siteId });
    return closestSiteRateDay(db, siteId, Date.parse(query.startTime), Date.parse(query.endTime));
  }
  if (!hasAnyPermission(permissions, access))
    throw new DomainError('Forbidden', 'You do not have permission to do that');
  await checkDevice(db, { organizationId, deviceId: query.deviceId });
  const type = query.dataType === 'wind' ? WIND_SPEED : query.measurementTypeId;
  if (type === undefined)
    throw new DomainError('Invalid', 'The request is not valid.', {
      measurementTypeId: ['A measurement type is required for sampled data'],
    });
  const start = Date.parse(query.startTime);
  const end = Date.parse(query.endTime);
  type Row = { first_time: Date | string; last_time: Date | string };
  const [before] = await db.query<Row>(
    'SELECT first_time, last_time FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND sample_count > 0 AND last_time < $3 ORDER BY chunk_start DESC LIMIT 1',
    [query.deviceId, type, new Date(start).toISOString()],
  );
  const [after] = await db.query<Row>(
    'SELECT first_time, last_time FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND sample_count > 0 AND first_time >= $3 ORDER BY chunk_start LIMIT 1',
    [query.deviceId, type, new Date(end).toISOString()],
  );
  const distance = (r: Row | undefined) =>
    r
      ? Math.min(Math.abs(start - new Date(r.last_time).getTime()), Math.abs(new Date(r.first_time).getTime() - end))
      : Infinity;
  const nearest = distance(before) <= distance(after) ? before : after;
  if (!nearest) return { startTime: null, endTime: null };
  const first = new Date(nearest.first_time).getTime();
  // At least the minimum chart window, centred on the data.
  const last = Math.max(new Date(nearest.last_time).getTime(), first + 60 * MINUTE_MS);
  return { startTime: new Date(first).toISOString(), endTime: new Date(last).toISOString() };
}
