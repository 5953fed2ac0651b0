// Localization of one emission (issue 22 item 4, spec 3 §2 'focused emission'): the source the pipeline attributed it
// to with the probability it stored, and the runner-ups — the site's other sources by their own mean localization
// probability (source_rates.probability, migration 0026) over the emission's steps. A source that had an emission of
// its own then is emitting too, not an alternative, so it is left out. Another organization's emission, or one of a
// deleted site, is not found.
import type { EmissionCandidate, EmissionLocalization } from '@/contracts/site-dashboard';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import { STEP_MS } from './modelling/contract';

const EMISSION_NOT_FOUND = 'Emission not found';
/** Runner-ups below this mean probability are noise of the subset weighting, not candidates. */
const RUNNER_UP_MIN_PROBABILITY = 0.05;
/** At most this many runner-ups besides the emission's own source. */
const RUNNER_UP_COUNT = 4;

type Time = Date | string;
const iso = (t: Time) => new Date(t).toISOString();

export async function emissionLocalization(
  db: Queryable,
  organizationId: number,
  emissionId: number,
): Promise<EmissionLocalization> {
  const [e] = await db.query<{
    id: number;
    site_id: number;
    source_id: number | null;
    start_time: Time;
    end_time: Time | null;
    probability: number | null;
    name: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    `SELECT e.id, e.site_id, e.source_id, e.start_time, e.end_time, e.probability, src.name, src.latitude, src.longitude
       FROM emissions e JOIN sites s ON s.id = e.site_id LEFT JOIN sources src ON src.id = e.source_id
      WHERE e.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL`,
    [emissionId, organizationId],
  );
  if (!e) throw new DomainError('NotFound', EMISSION_NOT_FOUND);
  // The steps the emission spans: from the step its (spike-refined) start falls in to its end, or on while open.
  const start = Math.floor(new Date(e.start_time).getTime() / STEP_MS) * STEP_MS;
  const end = e.end_time === null ? null : new Date(e.end_time).getTime();
  // Per source over the primary key (site, source, time), so a long history costs one index range per source.
  const rows = await db.query<{ source_id: number; name: string; latitude: number; longitude: number; p: number }>(
    `SELECT src.id AS source_id, src.name, src.latitude, src.longitude, m.p
       FROM sources src
       CROSS JOIN LATERAL (SELECT avg(r.probability) AS p FROM source_rates r
                            WHERE r.site_id = $1 AND r.source_id = src.id AND r.time >= $2
                              AND ($3::timestamptz IS NULL OR r.time < $3::timestamptz)) m
      WHERE src.site_id = $1 AND src.id IS DISTINCT FROM $4::int AND m.p >= $6
        AND NOT EXISTS (SELECT 1 FROM emissions o
                         WHERE o.site_id = $1 AND o.source_id = src.id
                           AND ($3::timestamptz IS NULL OR o.start_time < $3::timestamptz)
                           AND (o.end_time IS NULL OR o.end_time > $5::timestamptz))
      ORDER BY m.p DESC, src.id
      LIMIT ${RUNNER_UP_COUNT}`,
    [
      e.site_id,
      new Date(start).toISOString(),
      end === null ? null : new Date(end).toISOString(),
      e.source_id,
      iso(e.start_time),
      RUNNER_UP_MIN_PROBABILITY,
    ],
  );
  const own: EmissionCandidate[] =
    e.source_id !== null && e.name !== null && e.latitude !== null && e.longitude !== null
      ? [
          {
            sourceId: e.source_id,
            sourceName: e.name,
            location: { lat: e.latitude, lng: e.longitude },
            probability: e.probability,
            mostLikely: true,
          },
        ]
      : [];
  return {
    emissionId: e.id,
    siteId: e.site_id,
    startTime: iso(e.start_time),
    endTime: e.end_time === null ? null : iso(e.end_time),
    candidates: [
      ...own,
      ...rows.map((r) => ({
        sourceId: r.source_id,
        sourceName: r.name,
        location: { lat: r.latitude, lng: r.longitude },
        probability: Math.min(1, Number(r.p)),
        mostLikely: false,
      })),
    ],
  };
}
