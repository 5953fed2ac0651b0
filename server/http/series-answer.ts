// How a chart series goes over the wire (spec 2 §7 'Chart data'): Arrow IPC when the caller asks for it, else JSON.
// Arrow answers of a device's samples are kept, encoded and compressed, while the chunks they are made from stay
// unchanged (a year of one-minute data is ~6 MB to read, decode and encode).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ARROW_STREAM_MIME } from '@/domain/chart-data';
import { encodeSeriesArrow, encodeWindArrow, type WindColumns } from '../../src/codec/series-arrow';
import type { Database } from '../db/client';
import type { Samples } from '../services/measurement-chunk';
import { answerCacheFor } from './answer-cache';

const wantsArrow = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ARROW_STREAM_MIME);

const sendArrow = (reply: FastifyReply, bytes: Uint8Array) =>
  reply.type(ARROW_STREAM_MIME).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export async function sendDeviceSeries(
  request: FastifyRequest,
  reply: FastifyReply,
  database: Database,
  series: { read: () => Promise<Samples>; fingerprint: () => Promise<string> },
) {
  if (!wantsArrow(request)) return sendSeries(request, reply, await series.read());
  const cache = answerCacheFor(database);
  const answer = await cache.bytes(`arrow:${request.url}`, await series.fingerprint(), ARROW_STREAM_MIME, async () => {
    const s = await series.read();
    return encodeSeriesArrow({ times: s.times, values: s.values });
  });
  return cache.send(request, reply, answer);
}

/** Arrow IPC when the caller asks for it, else JSON [[time, value], ...]. */
function sendSeries(request: FastifyRequest, reply: FastifyReply, s: Samples) {
  if (wantsArrow(request)) return sendArrow(reply, encodeSeriesArrow({ times: s.times, values: s.values }));
  const rows: [number, number][] = new Array(s.times.length);
  for (let i = 0; i < s.times.length; i++) rows[i] = [s.times[i]!, Math.round(s.values[i]! * 1e4) / 1e4];
  return reply.type('application/json').send(JSON.stringify(rows));
}

/** One Arrow stream with an installationId column, or JSON keyed by installation id. */
export function sendWind(
  request: FastifyRequest,
  reply: FastifyReply,
  { wind, installationIds }: { wind: WindColumns; installationIds: number[] },
) {
  if (wantsArrow(request)) return sendArrow(reply, encodeWindArrow(wind));
  const out: Record<string, { time: number; windDirection: number; windSpeed: number }[]> = Object.fromEntries(
    installationIds.map((id) => [String(id), []]),
  );
  for (let i = 0; i < wind.times.length; i++)
    out[String(wind.installationIds[i])]!.push({
      time: wind.times[i]!,
      windDirection: wind.windDirections[i]!,
      windSpeed: wind.windSpeeds[i]!,
    });
  return reply.type('application/json').send(JSON.stringify(out));
}
