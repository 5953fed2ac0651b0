// The plume job table (migration 0023): a request queues a plume InProgress; a worker claims it under a lease (one
// atomic UPDATE … FOR UPDATE SKIP LOCKED, safe with several server processes on one PostgreSQL), renews the lease
// while it runs, and ends it Saved with its frames in one transaction, or Failed with the reason. A job whose worker
// died is claimed again once its lease runs out; after MAX_ATTEMPTS such runs it fails.
import { PlumeStatus } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';

export const PLUME_LEASE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 3;
export const EMISSION_NOT_FOUND = 'Emission not found';
export const PLUME_MESSAGES = {
  processing: 'The emission is still being processed; a plume can be generated once it has ended',
  inProgress: 'A plume for this emission is already being generated',
  saved: 'This emission already has a plume',
} as const;

const { Saved, InProgress, Failed } = PlumeStatus.values;

/**
 * Queues the emission's plume, or a retry of a failed one. Another organization's emission, or one of a deleted
 * site, is not found; a plume already saved or in progress is a conflict (two requests at once queue one job).
 */
export async function requestPlume(
  db: Queryable,
  organizationId: number,
  emissionId: number,
): Promise<{ emissionId: number; plumeId: number; plumeStatus: number }> {
  const [e] = await db.query<{ id: number; site_id: number; end_time: Date | string | null }>(
    `SELECT e.id, e.site_id, e.end_time FROM emissions e JOIN sites s ON s.id = e.site_id
      WHERE e.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL`,
    [emissionId, organizationId],
  );
  if (!e) throw new DomainError('NotFound', EMISSION_NOT_FOUND);
  if (e.end_time === null) throw new DomainError('Invalid', PLUME_MESSAGES.processing);
  // One statement, so two requests at once cannot both queue: the second finds the row and changes nothing.
  const [queued] = await db.query<{ id: number }>(
    `INSERT INTO plumes (emission_id, site_id, status) VALUES ($1, $2, $3)
     ON CONFLICT (emission_id) DO UPDATE SET status = $3, error = NULL, attempts = 0, lease_owner = NULL, lease_until = NULL, updated_at = now()
       WHERE plumes.status = $4
     RETURNING id`,
    [e.id, e.site_id, InProgress, Failed],
  );
  if (queued) return { emissionId: e.id, plumeId: queued.id, plumeStatus: InProgress };
  const [existing] = await db.query<{ status: number }>('SELECT status FROM plumes WHERE emission_id = $1', [e.id]);
  throw new DomainError('Conflict', existing?.status === Saved ? PLUME_MESSAGES.saved : PLUME_MESSAGES.inProgress);
}

export interface ClaimedPlume {
  id: number;
  emissionId: number;
  siteId: number;
  attempts: number;
}

/** Takes the oldest plume waiting (or whose worker's lease ran out) for `owner`, or null when there is none. */
export async function claimPlume(db: Queryable, owner: string, leaseMs = PLUME_LEASE_MS): Promise<ClaimedPlume | null> {
  const [row] = await db.query<{ id: number; emission_id: number; site_id: number; attempts: number }>(
    `UPDATE plumes SET lease_owner = $1, lease_until = clock_timestamp() + make_interval(secs => $2), attempts = attempts + 1
      WHERE id = (SELECT id FROM plumes WHERE status = $3 AND (lease_until IS NULL OR lease_until < clock_timestamp())
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND status = $3 AND (lease_until IS NULL OR lease_until < clock_timestamp())
      RETURNING id, emission_id, site_id, attempts`,
    [owner, leaseMs / 1000, InProgress],
  );
  return row ? { id: row.id, emissionId: row.emission_id, siteId: row.site_id, attempts: row.attempts } : null;
}

/** Renews the lease while the run goes on; false when the job is no longer this owner's. */
export async function renewPlumeLease(
  db: Queryable,
  plumeId: number,
  owner: string,
  leaseMs = PLUME_LEASE_MS,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE plumes SET lease_until = clock_timestamp() + make_interval(secs => $3)
      WHERE id = $1 AND lease_owner = $2 AND status = $4 RETURNING id`,
    [plumeId, owner, leaseMs / 1000, InProgress],
  );
  return rows.length === 1;
}

export interface SavedPlume {
  bounds: { south: number; west: number; north: number; east: number };
  frameSize: number;
  sheetColumns: number;
  sheet: Uint8Array;
  /** Epoch ms of each frame, in sheet order. */
  frameTimes: number[];
}

/** Writes the frames and Saved in one transaction; false (nothing written) when the job is no longer this owner's. */
export async function savePlume(tx: Queryable, job: ClaimedPlume, owner: string, p: SavedPlume): Promise<boolean> {
  const [row] = await tx.query<{ id: number }>(
    `UPDATE plumes SET status = $3, error = NULL, lease_owner = NULL, lease_until = NULL, updated_at = now(),
            south = $4, west = $5, north = $6, east = $7, frame_size = $8, sheet_columns = $9, frame_sheet = $10
      WHERE id = $1 AND lease_owner = $2 AND status = $11 RETURNING id`,
    [
      job.id,
      owner,
      Saved,
      p.bounds.south,
      p.bounds.west,
      p.bounds.north,
      p.bounds.east,
      p.frameSize,
      p.sheetColumns,
      p.sheet,
      InProgress,
    ],
  );
  if (!row) return false;
  await tx.query('DELETE FROM plume_frames WHERE plume_id = $1', [job.id]);
  await tx.query(
    `INSERT INTO plume_frames (plume_id, site_id, frame_index, time)
     SELECT $1, $2, i - 1, t FROM unnest($3::timestamptz[]) WITH ORDINALITY AS f(t, i)`,
    [job.id, job.siteId, p.frameTimes.map((t) => new Date(t).toISOString())],
  );
  return true;
}

/** Ends the job Failed with the reason (only while it is still this owner's, or anyone's when owner is null). */
export async function failPlume(db: Queryable, plumeId: number, owner: string | null, reason: string): Promise<void> {
  await db.query(
    `UPDATE plumes SET status = $3, error = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
      WHERE id = $1 AND status = $5 AND ($2::text IS NULL OR lease_owner = $2)`,
    [plumeId, owner, Failed, reason.slice(0, 500), InProgress],
  );
}

/** Gives a claimed job back untouched (the server is stopping): waiting again, this run not counted. */
export async function releasePlume(db: Queryable, plumeId: number, owner: string): Promise<void> {
  await db.query(
    `UPDATE plumes SET lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE id = $1 AND lease_owner = $2 AND status = $3`,
    [plumeId, owner, InProgress],
  );
}
