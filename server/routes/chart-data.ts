// Chart data (spec 2 §7 'Chart data'): raw, sampled (max per period) and averaged series of one device and
// measurement type, wind per installation, and the closest time with data; JSON or Arrow IPC by Accept. Plus the
// ingestion path devices, the seed and the simulator write through.
import {
  closestTimeWithDataEndpoint,
  deviceAveragedDataEndpoint,
  deviceRawDataEndpoint,
  deviceSampledDataEndpoint,
  deviceWindDataEndpoint,
  ingestEndpoint,
  ingestSiteRatesEndpoint,
} from '@/contracts/chart-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ARROW_STREAM_MIME, MINUTE_MS } from '@/domain/chart-data';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import { encodeSeriesArrow, encodeWindArrow } from '../../src/codec/series-arrow';
import type { Queryable } from '../db/client';
import { checkedRange } from '../services/chart-range';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { computeCore } from '../services/compute-core';
import { maxPerPeriod, windPerInstallation, zoneOffsetMs, type WindReduction } from '../services/chart-series';
import type { Samples } from '../services/measurement-chunks';
import { ingestAndEvaluate, ingestSiteRates } from '../services/ingestion';
import { readSamples, samplesFingerprint } from '../services/measurement-store';
import { answerCacheFor } from '../http/answer-cache';
import type { Database } from '../db/client';
import { checkSite, closestSiteRateDay } from '../services/site-dashboard';

const WIND_DIRECTION = 15;
const WIND_SPEED = 16;
const access = [Permission.DeviceAdministration, Permission.DeviceView] as const;
const orgScope = { from: 'query', key: 'organizationId' } as const;

async function checkDevice(db: Queryable, deviceId: number, organizationId: number): Promise<void> {
  const [d] = await db.query('SELECT 1 FROM devices WHERE id = $1 AND organization_id = $2', [
    deviceId,
    organizationId,
  ]);
  // A device of another organization is as unknown as a missing one.
  if (!d) throw new DomainError('NotFound', 'Device not found');
}

/** Days of the 1-day averages start at local midnight in the caller's zone (UTC without one). */
function localDayOffset(timeZone: string | undefined, at: number): number {
  if (!timeZone) return 0;
  try {
    return zoneOffsetMs(timeZone, at);
  } catch {
    throw new DomainError('Invalid', 'The request is not valid.', { timeZone: ['Unknown time zone'] });
  }
}

/**
 * A series read from one device's samples: Arrow answers are kept, encoded and compressed, while the chunks they are
 * made from stay unchanged (a year of one-minute data is ~6 MB to read, decode and encode); JSON goes as before.
 */
async function sendDeviceSeries(
  request: FastifyRequest,
  reply: FastifyReply,
  database: Database,
  q: { deviceId: number; measurementTypeId: number },
  range: { start: number; end: number },
  shape: (s: Samples) => Samples | Promise<Samples>,
) {
  const read = async () => shape(await readSamples(database, q.deviceId, q.measurementTypeId, range.start, range.end));
  if (!(request.headers.accept ?? '').includes(ARROW_STREAM_MIME)) return sendSeries(request, reply, await read());
  const cache = answerCacheFor(database);
  const validator = await samplesFingerprint(database, q.deviceId, q.measurementTypeId, range.start, range.end);
  const answer = await cache.bytes(`arrow:${request.url}`, validator, ARROW_STREAM_MIME, async () => {
    const s = await read();
    return encodeSeriesArrow({ times: s.times, values: s.values });
  });
  return cache.send(request, reply, answer);
}

/** Arrow IPC when the caller asks for it, else JSON [[time, value], ...]. */
function sendSeries(request: FastifyRequest, reply: FastifyReply, s: Samples) {
  if ((request.headers.accept ?? '').includes(ARROW_STREAM_MIME)) {
    const bytes = encodeSeriesArrow({ times: s.times, values: s.values });
    return reply.type(ARROW_STREAM_MIME).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  const rows: [number, number][] = new Array(s.times.length);
  for (let i = 0; i < s.times.length; i++) rows[i] = [s.times[i]!, Math.round(s.values[i]! * 1e4) / 1e4];
  return reply.type('application/json').send(JSON.stringify(rows));
}

export const chartDataRoutes = [
  defineRoute(deviceRawDataEndpoint, {
    orgScope,
    summary: 'Every sample of one device and measurement type in a range',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) => {
      await checkDevice(database, query.deviceId, organizationId!);
      return sendDeviceSeries(request, reply, database, query, checkedRange(query), (s) => s);
    },
  }),
  defineRoute(deviceSampledDataEndpoint, {
    orgScope,
    summary: 'The largest sample in each sample period (minutes), at the time it was measured',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) => {
      await checkDevice(database, query.deviceId, organizationId!);
      const range = checkedRange(query);
      return sendDeviceSeries(request, reply, database, query, range, (s) =>
        maxPerPeriod(s, range.start, query.samplePeriod * MINUTE_MS),
      );
    },
  }),
  defineRoute(deviceAveragedDataEndpoint, {
    orgScope,
    summary: 'The mean of each averaging period (15, 60 or 1440 minutes; days start at local midnight)',
    cached: true,
    handler: async ({ query, organizationId, database, request, reply }) => {
      await checkDevice(database, query.deviceId, organizationId!);
      const range = checkedRange(query);
      const offset = query.averagingPeriod === 1440 ? localDayOffset(query.timeZone, range.start) : 0;
      return sendDeviceSeries(request, reply, database, query, range, async (s) =>
        (await computeCore()).aggregate(s.times, s.values, query.averagingPeriod * MINUTE_MS, offset, 'average'),
      );
    },
  }),
  defineRoute(deviceWindDataEndpoint, {
    orgScope,
    summary:
      'Wind direction and speed per installation of the device: every reading, the strongest per sample period, or the mean per averaging period (directions as circular means; days start at local midnight); JSON keyed by installation id, or one Arrow IPC stream with an installationId column',
    handler: async ({ query, organizationId, database, request, reply }) => {
      await checkDevice(database, query.deviceId, organizationId!);
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
        readSamples(database, query.deviceId, WIND_DIRECTION, start, end),
        readSamples(database, query.deviceId, WIND_SPEED, start, end),
      ]);
      const installations = await database.query<{
        id: number;
        started_at: Date | string;
        ended_at: Date | string | null;
      }>(
        'SELECT id, started_at, ended_at FROM device_installations WHERE device_id = $1 AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2) ORDER BY started_at',
        [query.deviceId, new Date(start).toISOString(), new Date(end).toISOString()],
      );
      const wind = windPerInstallation(
        direction,
        speed,
        installations.map((i) => ({
          id: i.id,
          from: Math.max(start, new Date(i.started_at).getTime()),
          to: Math.min(end, i.ended_at ? new Date(i.ended_at).getTime() : end),
        })),
        reduction,
      );
      if ((request.headers.accept ?? '').includes(ARROW_STREAM_MIME)) {
        const bytes = encodeWindArrow(wind);
        return reply.type(ARROW_STREAM_MIME).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      const out: Record<string, { time: number; windDirection: number; windSpeed: number }[]> = Object.fromEntries(
        installations.map((i) => [String(i.id), []]),
      );
      for (let i = 0; i < wind.times.length; i++)
        out[String(wind.installationIds[i])]!.push({
          time: wind.times[i]!,
          windDirection: wind.windDirections[i]!,
          windSpeed: wind.windSpeeds[i]!,
        });
      return reply.type('application/json').send(JSON.stringify(out));
    },
  }),
  defineRoute(closestTimeWithDataEndpoint, {
    orgScope,
    summary:
      "The day of data nearest a range that has none: startTime and endTime to zoom to (a device's sampled data or wind, or a site's modelled rate)",
    handler: async ({ query, organizationId, permissions, database }) => {
      if (query.dataType === 'site-rate') {
        const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
        return closestSiteRateDay(database, siteId, Date.parse(query.startTime), Date.parse(query.endTime));
      }
      if (!hasAnyPermission(permissions, access))
        throw new DomainError('Forbidden', 'You do not have permission to do that');
      await checkDevice(database, query.deviceId, organizationId!);
      const type = query.dataType === 'wind' ? WIND_SPEED : query.measurementTypeId;
      if (type === undefined)
        throw new DomainError('Invalid', 'The request is not valid.', {
          measurementTypeId: ['A measurement type is required for sampled data'],
        });
      const start = Date.parse(query.startTime);
      const end = Date.parse(query.endTime);
      type Row = { first_time: Date | string; last_time: Date | string };
      const [before] = await database.query<Row>(
        'SELECT first_time, last_time FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND sample_count > 0 AND last_time < $3 ORDER BY chunk_start DESC LIMIT 1',
        [query.deviceId, type, new Date(start).toISOString()],
      );
      const [after] = await database.query<Row>(
        'SELECT first_time, last_time FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND sample_count > 0 AND first_time >= $3 ORDER BY chunk_start LIMIT 1',
        [query.deviceId, type, new Date(end).toISOString()],
      );
      const distance = (r: Row | undefined) =>
        r
          ? Math.min(
              Math.abs(start - new Date(r.last_time).getTime()),
              Math.abs(new Date(r.first_time).getTime() - end),
            )
          : Infinity;
      const nearest = distance(before) <= distance(after) ? before : after;
      if (!nearest) return { startTime: null, endTime: null };
      const first = new Date(nearest.first_time).getTime();
      // At least the minimum chart window, centred on the data.
      const last = Math.max(new Date(nearest.last_time).getTime(), first + 60 * MINUTE_MS);
      return { startTime: new Date(first).toISOString(), endTime: new Date(last).toISOString() };
    },
  }),
  defineRoute(ingestEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Stores a batch of device samples (a sample already stored for its device, type and time is replaced, never doubled), then evaluates the alarms of the sites the devices stand at',
    example: { body: { samples: [{ deviceId: 1, measurementTypeId: 1, time: '2026-01-01T00:00:00Z', value: 2 }] } },
    handler: async ({ body, organizationId, database, config }) => {
      const deviceIds = [...new Set(body.samples.map((s) => s.deviceId))];
      const owned = await database.query<{ id: number }>(
        'SELECT id FROM devices WHERE id = ANY($1::int[]) AND organization_id = $2',
        [deviceIds, organizationId],
      );
      if (owned.length !== deviceIds.length)
        throw new DomainError('NotFound', 'A device was not found in this organization');
      const samples = body.samples.map((s) => ({
        deviceId: s.deviceId,
        measurementType: s.measurementTypeId,
        time: Date.parse(s.time),
        value: s.value,
      }));
      const { chunks, alarmsRaised } = await ingestAndEvaluate(database, samples, config.publicUrl);
      return { samples: samples.length, chunks, alarmsRaised: alarmsRaised.length };
    },
  }),
  defineRoute(ingestSiteRatesEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Stores the modelling pipeline's site rates for a site (a rate already stored for its time is replaced), then evaluates the site's alarms over them",
    example: { body: { siteId: 1, rates: [{ time: '2026-01-01T00:00:00Z', rate: 1, lower: 0.5, upper: 2 }] } },
    handler: async ({ body, organizationId, database, config }) => {
      const [site] = await database.query<{ id: number }>(
        'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
        [body.siteId, organizationId],
      );
      if (!site) throw new DomainError('NotFound', 'Site not found');
      const { stored, alarmsRaised } = await ingestSiteRates(
        database,
        site.id,
        body.rates.map((r) => ({ time: Date.parse(r.time), rate: r.rate, lower: r.lower, upper: r.upper })),
        config.publicUrl,
      );
      return { stored, alarmsRaised: alarmsRaised.length };
    },
  }),
];
