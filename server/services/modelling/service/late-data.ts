// After device samples are stored: a site with the model on whose processed steps already read some of these times
// gets `dirty_from` (the scheduler rewinds to the checkpoint before it and recomputes), and the scheduler of this
// process is nudged so that new readings are modelled without waiting for the next tick.
import type { Queryable } from '../../../db/client';
import type { Sample } from '../../measurement-store';
import { CONTEXT_AFTER_MS, STEP_MS } from '../contract';
import { MINUTE_MS, MODEL_TYPES } from './inputs';
import { nudgeModel } from './nudge';

/**
 * A step [t, t + 15 min) reads minutes stamped up to t + CONTEXT_AFTER_MS − 1 min and the cursor is its end, so a
 * reading at or before cursor + LATE_AFTER_CURSOR_MS was read already (−1 min with the 15-minute look-ahead).
 */
export const LATE_AFTER_CURSOR_MS = CONTEXT_AFTER_MS - STEP_MS - MINUTE_MS;

export async function noteSamplesForModel(db: Queryable, samples: readonly Sample[]): Promise<void> {
  const earliest = new Map<number, number>();
  for (const s of samples) {
    if (!MODEL_TYPES.has(s.measurementType) || !Number.isFinite(s.time)) continue;
    const e = earliest.get(s.deviceId);
    if (e === undefined || s.time < e) earliest.set(s.deviceId, s.time);
  }
  if (earliest.size === 0) return;
  const devices = [...earliest.keys()];
  const times = devices.map((d) => new Date(earliest.get(d)!).toISOString());
  // Sites where the device stands (or stood at that time) with the model on.
  const rows = await db.query<{ site_id: number; late: Date | string | null }>(
    `WITH d AS (SELECT * FROM unnest($1::int[], $2::timestamptz[]) AS t(device_id, earliest))
     SELECT s.id AS site_id,
            min(d.earliest) FILTER (WHERE s.model_processed_up_to IS NOT NULL AND d.earliest <= s.model_processed_up_to + make_interval(secs => $3)) AS late
       FROM d JOIN device_installations i ON i.device_id = d.device_id AND (i.ended_at IS NULL OR i.ended_at > d.earliest)
       JOIN sites s ON s.id = i.site_id AND s.modelling_pipeline_is_on AND s.deleted_at IS NULL
      GROUP BY s.id`,
    [devices, times, LATE_AFTER_CURSOR_MS / 1000],
  );
  for (const r of rows) {
    if (r.late !== null) {
      await db.query(
        `INSERT INTO site_model_states (site_id, dirty_from) VALUES ($1, $2)
         ON CONFLICT (site_id) DO UPDATE SET dirty_from = least(coalesce(site_model_states.dirty_from, excluded.dirty_from), excluded.dirty_from)`,
        [r.site_id, new Date(r.late).toISOString()],
      );
    }
    nudgeModel(r.site_id);
  }
}
