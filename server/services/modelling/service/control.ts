// Start Model's effect on the scheduler's state (spec 3 §4–§5, modelling.md §1.1): the cursor moves to the start
// date (on a 15-minute step, never before what was processed), the run's start is recorded, a pending rewind and
// the blocked reason are cleared, and the scheduler is nudged. Checkpoints after the start belong to no run.
import type { Queryable } from '../../../db/client';
import { STEP_MS } from '../contract';
import { nudgeModel } from './nudge';

export async function startModel(
  tx: Queryable,
  siteId: number,
  startDate: number,
  processedUpTo: number | null,
): Promise<number> {
  const floor = Math.floor(startDate / STEP_MS) * STEP_MS;
  const cursor = processedUpTo === null ? floor : Math.max(floor, Math.ceil(processedUpTo / STEP_MS) * STEP_MS);
  const at = new Date(cursor).toISOString();
  await tx.query(
    'UPDATE sites SET modelling_pipeline_is_on = true, model_processed_up_to = $2, updated_at = clock_timestamp() WHERE id = $1',
    [siteId, at],
  );
  await tx.query(
    `INSERT INTO site_model_states (site_id, start_time) VALUES ($1, $2)
     ON CONFLICT (site_id) DO UPDATE SET start_time = excluded.start_time, dirty_from = NULL, is_blocked = false, block_reason = NULL`,
    [siteId, at],
  );
  await tx.query('DELETE FROM model_checkpoints WHERE site_id = $1 AND step_start > $2', [siteId, at]);
  // A fresh carry at the start (a rewind can go back to it); continuing from what was processed keeps that carry.
  await tx.query(
    'INSERT INTO model_checkpoints (site_id, step_start, carry) VALUES ($1, $2, NULL) ON CONFLICT (site_id, step_start) DO NOTHING',
    [siteId, at],
  );
  return cursor;
}

/** Called after the start's transaction commits. */
export const afterModelStart = (siteId: number) => nudgeModel(siteId);
