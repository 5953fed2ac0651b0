// The per-site scheduler state (site_model_states): the lease that keeps two server processes off one site, the
// blocked reason, the late-data rewind point and the start of the current run.
import type { Queryable } from '../../../db/client';

/** How long a lease holds without renewal; a slice renews it before every step. */
export const LEASE_MS = 2 * 60_000;

export async function ensureState(db: Queryable, siteId: number): Promise<void> {
  await db.query('INSERT INTO site_model_states (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
}

/** Takes or renews the site's lease for `owner`: true when it now holds it (one atomic UPDATE on both engines). */
export async function takeLease(db: Queryable, siteId: number, owner: string, ms = LEASE_MS): Promise<boolean> {
  const rows = await db.query<{ site_id: number }>(
    `UPDATE site_model_states SET lease_owner = $2, lease_until = clock_timestamp() + make_interval(secs => $3)
      WHERE site_id = $1 AND (lease_until IS NULL OR lease_until < clock_timestamp() OR lease_owner = $2) RETURNING site_id`,
    [siteId, owner, ms / 1000],
  );
  return rows.length === 1;
}

export async function releaseLease(db: Queryable, siteId: number, owner: string): Promise<void> {
  await db.query('UPDATE site_model_states SET lease_until = NULL WHERE site_id = $1 AND lease_owner = $2', [
    siteId,
    owner,
  ]);
}

export async function setBlocked(db: Queryable, siteId: number, reason: string | null): Promise<void> {
  await db.query(
    'UPDATE site_model_states SET is_blocked = $2, block_reason = $3 WHERE site_id = $1 AND (is_blocked IS DISTINCT FROM $2 OR block_reason IS DISTINCT FROM $3)',
    [siteId, reason !== null, reason],
  );
}

export interface ModelStatusRow extends Record<string, unknown> {
  id: number;
  name: string;
  on: boolean;
  last: Date | string | null;
  processed: Date | string | null;
  start_time: Date | string | null;
  is_blocked: boolean | null;
  block_reason: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Model status (spec 3 §3) plus the blocked reason, last run and start of the current run. */
export function toModelStatus(r: ModelStatusRow) {
  return {
    siteId: r.id,
    siteName: r.name,
    isOn: r.on,
    isBlocked: r.on && r.is_blocked === true,
    blockReason: r.on && r.is_blocked === true ? r.block_reason : null,
    processedUpTo: iso(r.processed),
    lastRunTime: iso(r.last),
    startTime: iso(r.start_time),
  };
}

export const MODEL_STATUS_SELECT = `SELECT s.id, s.name, s.modelling_pipeline_is_on AS on, s.model_last_run_time AS last, s.model_processed_up_to AS processed,
       m.start_time, m.is_blocked, m.block_reason
  FROM sites s LEFT JOIN site_model_states m ON m.site_id = s.id`;
