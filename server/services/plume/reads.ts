// Reading plumes: the frames of a site's saved plumes over a range (each pointing at its plume's frame sheet), and
// the sheet itself for a member of the plume's organization.
import { plumeImageEndpoint, type PlumeFrame } from '@/contracts/plume';
import { PlumeStatus } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';
import { checkSite } from '../site-dashboard';

export const PLUME_NOT_FOUND = 'Plume not found';
/** At most this many frames per answer: twenty 6-hour plumes at one frame a minute. */
export const MAX_FRAMES = 7200;

type Time = Date | string;

export async function plumeFrames(
  db: Queryable,
  ref: { organizationId: number; siteId: number },
  range: { start: number; end: number },
  samplePeriodMinutes: number,
): Promise<PlumeFrame[]> {
  const siteId = await checkSite(db, ref);
  const rows = await db.query<{
    id: number;
    plume_id: number;
    emission_id: number;
    frame_index: number;
    time: Time;
    south: number;
    west: number;
    north: number;
    east: number;
    frame_size: number;
    sheet_columns: number;
    updated_at: Time;
  }>(
    `SELECT f.id, f.plume_id, p.emission_id, f.frame_index, f.time, p.south, p.west, p.north, p.east, p.frame_size,
            p.sheet_columns, p.updated_at
       FROM plume_frames f JOIN plumes p ON p.id = f.plume_id AND p.status = $5
      WHERE f.site_id = $1 AND f.time >= $2 AND f.time <= $3 AND f.frame_index % $4 = 0
      ORDER BY f.time, f.plume_id
      LIMIT ${MAX_FRAMES}`,
    [
      siteId,
      new Date(range.start).toISOString(),
      new Date(range.end).toISOString(),
      samplePeriodMinutes,
      PlumeStatus.values.Saved,
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    plumeId: r.plume_id,
    emissionId: r.emission_id,
    time: new Date(r.time).toISOString(),
    bounds: { southWest: { lat: r.south, lng: r.west }, northEast: { lat: r.north, lng: r.east } },
    imageUrl: `${plumeImageEndpoint.path}?${new URLSearchParams({
      organizationId: String(ref.organizationId),
      plumeId: String(r.plume_id),
      v: String(new Date(r.updated_at).getTime()),
    })}`,
    sheetIndex: r.frame_index,
    sheetColumns: r.sheet_columns,
    frameSize: r.frame_size,
  }));
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
