// Reading plumes: the frames of a site's saved plumes over a range (each pointing at its plume's frame sheet), and
// the sheet itself for a member of the plume's organization.
import { plumeImageEndpoint, type PlumeFrame } from '@/contracts/plume';
import { PlumeStatus } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';
import { checkSite } from '../site-dashboard';

export const PLUME_NOT_FOUND = 'Plume not found';
/**
 * At most this many frames per answer: five 6-hour plumes at one frame a minute. Building, checking and encoding the
 * answer is one turn of the event loop, about 2 µs a frame on a quiet machine and several times that under load
 * (bench/README 'Plume frames answer'); 7,200 frames held the loop 140 ms at a load average of 14.
 */
export const MAX_FRAMES = 1800;

type Time = Date | string;

const savedFrames = `FROM plume_frames f JOIN plumes p ON p.id = f.plume_id AND p.status = $5
      WHERE f.site_id = $1 AND f.time >= $2 AND f.time <= $3 AND f.frame_index % $4 = 0`;

/**
 * The frames of the site's saved plumes in the range, one every `samplePeriodMinutes` of each plume. A range holding
 * more than MAX_FRAMES is thinned (a longer period, the same for every plume) rather than cut, so every plume in it
 * still plays from its start to its end; the answer's shape is the same either way.
 */
export async function plumeFrames(
  db: Queryable,
  ref: { organizationId: number; siteId: number },
  range: { start: number; end: number },
  samplePeriodMinutes: number,
): Promise<PlumeFrame[]> {
  const siteId = await checkSite(db, ref);
  const params = (period: number) => [
    siteId,
    new Date(range.start).toISOString(),
    new Date(range.end).toISOString(),
    period,
    PlumeStatus.values.Saved,
  ];
  const period = await framePeriod(samplePeriodMinutes, (p) =>
    db.query<{ n: string | number }>(`SELECT count(*) AS n ${savedFrames}`, params(p)),
  );
  // Newest first under the cap (a thinned range that still overflows keeps the frames nearest its end, where the
  // player opens), then oldest first as answered. The time comes as epoch milliseconds: no Date per row to parse.
  const rows = (
    await db.query<{ id: number; plume_id: number; frame_index: number; ms: number }>(
      `SELECT f.id, f.plume_id, f.frame_index, (extract(epoch FROM f.time) * 1000)::float8 AS ms ${savedFrames}
        ORDER BY f.time DESC, f.plume_id DESC LIMIT ${MAX_FRAMES}`,
      params(period),
    )
  ).reverse();
  const plumes = new Map(
    (
      await db.query<{
        id: number;
        emission_id: number;
        south: number;
        west: number;
        north: number;
        east: number;
        frame_size: number;
        sheet_columns: number;
        updated_at: Time;
      }>(
        `SELECT id, emission_id, south, west, north, east, frame_size, sheet_columns, updated_at
           FROM plumes WHERE id = ANY($1::int[])`,
        [[...new Set(rows.map((r) => r.plume_id))]],
      )
    ).map((p) => [
      p.id,
      {
        emissionId: p.emission_id,
        bounds: { southWest: { lat: p.south, lng: p.west }, northEast: { lat: p.north, lng: p.east } },
        imageUrl: `${plumeImageEndpoint.path}?${new URLSearchParams({
          organizationId: String(ref.organizationId),
          plumeId: String(p.id),
          v: String(new Date(p.updated_at).getTime()),
        })}`,
        sheetColumns: p.sheet_columns,
        frameSize: p.frame_size,
      },
    ]),
  );
  return rows.flatMap((r) => {
    const p = plumes.get(r.plume_id);
    return p
      ? [
          {
            id: r.id,
            plumeId: r.plume_id,
            emissionId: p.emissionId,
            time: new Date(Math.round(Number(r.ms))).toISOString(),
            bounds: p.bounds,
            imageUrl: p.imageUrl,
            sheetIndex: r.frame_index,
            sheetColumns: p.sheetColumns,
            frameSize: p.frameSize,
          },
        ]
      : [];
  });
}

/** The asked period, lengthened (a multiple of it) until the range holds at most MAX_FRAMES frames, or three tries. */
export async function framePeriod(
  asked: number,
  count: (period: number) => Promise<{ n: string | number }[]>,
): Promise<number> {
  let period = asked;
  for (let tries = 0; tries < 3; tries++) {
    const n = Number((await count(period))[0]?.n ?? 0);
    if (n <= MAX_FRAMES) break;
    period *= Math.ceil(n / MAX_FRAMES);
  }
  return period;
}

/** The frame sheet (PNG) of a saved plume of the organization; its version tags it for the browser's cache. */
export async function plumeImage(
  db: Queryable,
  organizationId: number,
  plumeId: number,
): Promise<{ png: Uint8Array; version: string }> {
  const [row] = await db.query<{ frame_sheet: Uint8Array; updated_at: Time }>(
    `SELECT p.frame_sheet, p.updated_at FROM plumes p JOIN sites s ON s.id = p.site_id
      WHERE p.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL AND p.status = $3 AND p.frame_sheet IS NOT NULL`,
    [plumeId, organizationId, PlumeStatus.values.Saved],
  );
  if (!row) throw new DomainError('NotFound', PLUME_NOT_FOUND);
  return { png: row.frame_sheet, version: `${plumeId}-${new Date(row.updated_at).getTime()}` };
}
