// One step's results committed in one transaction: the cursor moved (only from where this run expects it, so a
// Start or Stop in between wins), the site rate through the ingestion path's store, source rates, emission upserts
// keyed (site, source, start), and the carry checkpoint for the next step.
import type { Queryable } from '../../../db/client';
import { storeSiteRates } from '../../ingestion';
import { STEP_MS, type StepResult } from '../contract';

/** Checkpoints are kept this far behind the newest step; late readings older than that are stored but not remodelled. */
export const CHECKPOINT_KEEP_MS = 7 * 86_400_000;

export class CursorMovedError extends Error {
  constructor(siteId: number) {
    super(`Site ${siteId}: the model was stopped or restarted while a step ran`);
  }
}

const iso = (t: number) => new Date(t).toISOString();

/** Answers the time span whose emissions changed (for the daily volume rollups), or null. */
export async function commitStep(
  tx: Queryable,
  siteId: number,
  result: StepResult,
): Promise<{ from: number; to: number } | null> {
  const t = result.stepStart;
  const next = t + STEP_MS;
  const moved = await tx.query<{ id: number }>(
    'UPDATE sites SET model_processed_up_to = $3, model_last_run_time = now() WHERE id = $1 AND modelling_pipeline_is_on AND model_processed_up_to = $2 RETURNING id',
    [siteId, iso(t), iso(next)],
  );
  if (moved.length === 0) throw new CursorMovedError(siteId);
  if (result.siteRate) await storeSiteRates(tx, siteId, [{ time: t, ...result.siteRate }]);
  const sources = result.sources.filter((s) => Number.isFinite(s.rate));
  if (sources.length) {
    await tx.query(
      `INSERT INTO source_rates (site_id, source_id, time, rate, lower_bound, upper_bound, observable, probability)
       SELECT $1, src, $2, r, lo, up, ob, pr FROM unnest($3::int[], $4::float8[], $5::float8[], $6::float8[], $7::boolean[], $8::float8[]) AS u(src, r, lo, up, ob, pr)
       ON CONFLICT (site_id, source_id, time) DO UPDATE SET rate = excluded.rate, lower_bound = excluded.lower_bound, upper_bound = excluded.upper_bound, observable = excluded.observable, probability = excluded.probability`,
      [
        siteId,
        iso(t),
        sources.map((s) => s.sourceId),
        sources.map((s) => s.rate),
        sources.map((s) => finite(s.lower)),
        sources.map((s) => finite(s.upper)),
        sources.map((s) => s.observable),
        // Each source's own localization probability (the runner-up candidates of an emission are read from it).
        sources.map((s) => (s.probability !== null && Number.isFinite(s.probability) ? s.probability : null)),
      ],
    );
  }
  let span: { from: number; to: number } | null = null;
  for (const e of result.emissions) {
    await tx.query(
      `INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate, rate_lower, rate_upper, probability, model_opened_step)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (site_id, source_id, start_time) WHERE model_opened_step IS NOT NULL
       DO UPDATE SET end_time = excluded.end_time, total_volume = excluded.total_volume, rate = excluded.rate, rate_lower = excluded.rate_lower,
                     rate_upper = excluded.rate_upper, probability = excluded.probability`,
      [
        siteId,
        e.sourceId,
        iso(e.start),
        e.end === null ? null : iso(e.end),
        finite(e.totalVolume),
        finite(e.rate),
        finite(e.lower),
        finite(e.upper),
        finite(e.probability),
        iso(t),
      ],
    );
    const to = Math.max(e.end ?? next, next);
    span = span ? { from: Math.min(span.from, e.start), to: Math.max(span.to, to) } : { from: e.start, to };
  }
  await tx.query(
    'INSERT INTO model_checkpoints (site_id, step_start, carry) VALUES ($1, $2, $3::jsonb) ON CONFLICT (site_id, step_start) DO UPDATE SET carry = excluded.carry',
    [siteId, iso(next), JSON.stringify(result.carry)],
  );
  // Pruned once an hour of steps, not every step.
  if (next % (4 * STEP_MS) === 0)
    await tx.query('DELETE FROM model_checkpoints WHERE site_id = $1 AND step_start < $2', [
      siteId,
      iso(next - CHECKPOINT_KEEP_MS),
    ]);
  await tx.query(
    'UPDATE site_model_states SET is_blocked = false, block_reason = NULL WHERE site_id = $1 AND is_blocked',
    [siteId],
  );
  return span;
}

const finite = (v: number) => (Number.isFinite(v) ? v : 0);

/**
 * Rewinds the site to `to` (a step start with a checkpoint, or the run's start): the pipeline's rows from there on go
 * (site and source rates, emissions it opened at or after that step, later checkpoints) and the cursor moves back.
 * Emissions opened earlier and extended past `to` are updated again by the recomputation. Answers the emissions' span.
 */
export async function rewindTo(
  tx: Queryable,
  siteId: number,
  to: number,
): Promise<{ from: number; to: number } | null> {
  const at = iso(to);
  const gone = await tx.query<{ start_time: Date | string; end_time: Date | string | null }>(
    'DELETE FROM emissions WHERE site_id = $1 AND model_opened_step >= $2 RETURNING start_time, end_time',
    [siteId, at],
  );
  await tx.query('DELETE FROM site_rates WHERE site_id = $1 AND time >= $2', [siteId, at]);
  await tx.query('DELETE FROM source_rates WHERE site_id = $1 AND time >= $2', [siteId, at]);
  await tx.query('DELETE FROM model_checkpoints WHERE site_id = $1 AND step_start > $2', [siteId, at]);
  await tx.query('UPDATE sites SET model_processed_up_to = $2 WHERE id = $1', [siteId, at]);
  if (gone.length === 0) return null;
  const ms = (v: Date | string | null) => (v === null ? Date.now() : new Date(v).getTime());
  return { from: Math.min(...gone.map((g) => ms(g.start_time))), to: Math.max(...gone.map((g) => ms(g.end_time))) };
}
