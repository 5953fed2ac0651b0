// The modelling scheduler (modelling.md §1.1): every tick, and at once when readings arrive for a site, each site
// whose model is on (started through Start Model, organization not deleted) is worked one slice of at most 24
// steps under its lease: a late-data rewind first, then the blocked checks, then steps in time order up to what the
// devices cover, each committed in its own transaction; then the daily volume rollups and the site's alarms.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client';
import { refreshDailyVolumes } from '../../emission-rollup';
import { evaluateSiteRateAlarms } from '../../ingestion';
import { CONTEXT_AFTER_MS, STEP_MS, type ModelCarry, type StepResult } from '../contract';
import { loadGeometry, loadSliceReadings, stepWindow } from './inputs';
import { onModelNudge } from './nudge';
import { ceilStep, floorStep, readiness } from './readiness';
import { ensureState, releaseLease, setBlocked, takeLease } from './state';
import type { StepRunner } from './step-runner';
import { commitStep, CursorMovedError, rewindTo } from './writer';

export const STEPS_PER_SLICE = 24;
/** A site whose step threw is retried after this long (it stays blocked with the reason meanwhile). */
export const FAILURE_RETRY_MS = 60_000;

export interface SchedulerOptions {
  database: Database;
  runner: StepRunner;
  publicUrl: string;
  log: (message: string) => void;
  /** Routine events (late-data rewinds); silent when not given. */
  info?: (message: string) => void;
  /** Lease owner id (defaults to a random id per scheduler). */
  owner?: string;
  stepsPerSlice?: number;
}

export type SliceOutcome =
  | { status: 'leased' | 'off' | 'idle' | 'failed' | 'moved' }
  | { status: 'blocked'; reason: string }
  | { status: 'stepped'; steps: number[] };

const iso = (t: number) => new Date(t).toISOString();
const ms = (v: Date | string) => new Date(v).getTime();
/** Lets pending I/O (requests) in between steps: PGlite's answers resolve as microtasks, which alone never yield. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ModelScheduler {
  readonly owner: string;
  private readonly db: Database;
  private readonly failedUntil = new Map<number, number>();
  /** Sites this scheduler is working now: the lease is re-entrant for its owner, so two passes here must not share a site. */
  private readonly busy = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: SchedulerOptions) {
    this.db = opts.database;
    this.owner = opts.owner ?? `model-${randomUUID()}`;
  }

  /** Sites the scheduler works: on, started through Start Model, site and organization not deleted. */
  async dueSites(): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT s.id FROM sites s JOIN organizations o ON o.id = s.organization_id AND o.deleted_at IS NULL
         JOIN site_model_states m ON m.site_id = s.id AND m.start_time IS NOT NULL
        WHERE s.modelling_pipeline_is_on AND s.deleted_at IS NULL AND (m.lease_until IS NULL OR m.lease_until < now() OR m.lease_owner = $1)
        ORDER BY s.id`,
      [this.owner],
    );
    return rows.map((r) => r.id);
  }

  /** One pass over the due sites, one slice each; answers whether any site stepped (more may be waiting). */
  async tick(): Promise<boolean> {
    let stepped = false;
    for (const siteId of await this.dueSites()) {
      if (this.stopped) break;
      if ((this.failedUntil.get(siteId) ?? 0) > Date.now()) continue;
      await yieldToRequests();
      const outcome = await this.runSite(siteId);
      if (outcome.status === 'stepped') stepped = true;
    }
    return stepped;
  }

  /** Passes until nothing steps (tests, and catching up after a nudge). */
  async runUntilIdle(maxPasses = 10_000): Promise<void> {
    for (let i = 0; i < maxPasses && !this.stopped; i++) if (!(await this.tick())) return;
  }

  /** One slice of one site under its lease. Never throws: a failing step blocks the site with the reason. */
  async runSite(siteId: number): Promise<SliceOutcome> {
    if (this.busy.has(siteId)) return { status: 'leased' };
    this.busy.add(siteId);
    try {
      return await this.runSiteSlice(siteId);
    } finally {
      this.busy.delete(siteId);
    }
  }

  private async runSiteSlice(siteId: number): Promise<SliceOutcome> {
    const db = this.db;
    try {
      await ensureState(db, siteId);
      if (!(await takeLease(db, siteId, this.owner))) return { status: 'leased' };
    } catch (e) {
      this.opts.log(`modelling: site ${siteId}: ${e instanceof Error ? e.message : String(e)}`);
      return { status: 'failed' };
    }
    let stepAt: number | null = null;
    try {
      const [s] = await db.query<{
        on: boolean;
        live: boolean;
        processed: Date | string | null;
        start_time: Date | string | null;
        dirty_from: Date | string | null;
      }>(
        `SELECT s.modelling_pipeline_is_on AS on, (s.deleted_at IS NULL AND o.deleted_at IS NULL) AS live, s.model_processed_up_to AS processed, m.start_time, m.dirty_from
           FROM sites s JOIN organizations o ON o.id = s.organization_id JOIN site_model_states m ON m.site_id = s.id WHERE s.id = $1`,
        [siteId],
      );
      if (!s || !s.on || !s.live || s.start_time === null) return { status: 'off' };
      const start = ms(s.start_time);
      if (s.dirty_from !== null && s.processed !== null)
        await this.rewind(siteId, start, ms(s.processed), s.dirty_from);

      const ready = await readiness(db, siteId);
      if (ready.blockReason !== null) {
        await setBlocked(db, siteId, ready.blockReason);
        return { status: 'blocked', reason: ready.blockReason };
      }
      await setBlocked(db, siteId, null);
      if (!Number.isFinite(ready.lastStep)) return { status: 'idle' };
      const [cur] = await db.query<{ processed: Date | string | null }>(
        'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
        [siteId],
      );
      let cursor = cur?.processed == null ? null : ms(cur.processed);
      if (cursor === null) {
        // On without a processed time: from the first hour the devices cover.
        cursor = Math.max(start, ceilStep(ready.earliestData + STEP_MS * 4));
        await db.query('UPDATE sites SET model_processed_up_to = $2 WHERE id = $1 AND model_processed_up_to IS NULL', [
          siteId,
          iso(cursor),
        ]);
      }
      if (cursor % STEP_MS !== 0) {
        const aligned = ceilStep(cursor);
        await db.query('UPDATE sites SET model_processed_up_to = $3 WHERE id = $1 AND model_processed_up_to = $2', [
          siteId,
          iso(cursor),
          iso(aligned),
        ]);
        cursor = aligned;
      }
      const steps: number[] = [];
      for (
        let t = cursor;
        t <= ready.lastStep && steps.length < (this.opts.stepsPerSlice ?? STEPS_PER_SLICE);
        t += STEP_MS
      )
        steps.push(t);
      if (steps.length === 0) return { status: 'idle' };

      const first = steps[0]!;
      const last = steps[steps.length - 1]!;
      const geometry = await loadGeometry(db, siteId, first, last + STEP_MS);
      const readings = await loadSliceReadings(db, geometry, first, last);
      const [cp] = await db.query<{ carry: ModelCarry | null }>(
        'SELECT carry FROM model_checkpoints WHERE site_id = $1 AND step_start = $2',
        [siteId, iso(first)],
      );
      let carry: ModelCarry | null = cp?.carry ?? null;
      const done: number[] = [];
      let changed: { from: number; to: number } | null = null;
      try {
        for (const t of steps) {
          await yieldToRequests();
          if (this.stopped || !(await takeLease(db, siteId, this.owner))) break;
          stepAt = t;
          const result: StepResult = await this.opts.runner.run({
            geometry,
            stepStart: t,
            window: stepWindow(readings, t),
            carry,
          });
          if (result.stepStart !== t) throw new Error(`runStep answered step ${iso(result.stepStart)} for ${iso(t)}`);
          const span = await db.transaction((tx) => commitStep(tx, siteId, result));
          if (span)
            changed = changed ? { from: Math.min(changed.from, span.from), to: Math.max(changed.to, span.to) } : span;
          carry = result.carry;
          done.push(t);
        }
      } finally {
        await this.afterSteps(siteId, done, changed);
      }
      return { status: 'stepped', steps: done };
    } catch (e) {
      if (e instanceof CursorMovedError) return { status: 'moved' };
      const message = e instanceof Error ? e.message : String(e);
      const where = stepAt === null ? '' : ` at step ${iso(stepAt)}`;
      this.opts.log(`modelling: site ${siteId}${where} failed: ${e instanceof Error && e.stack ? e.stack : message}`);
      this.failedUntil.set(siteId, Date.now() + FAILURE_RETRY_MS);
      await setBlocked(db, siteId, `The model failed${where}: ${message.split('\n')[0]!.slice(0, 200)}`).catch(
        () => undefined,
      );
      return { status: 'failed' };
    } finally {
      await releaseLease(db, siteId, this.owner).catch(() => undefined);
    }
  }

  /** Late readings: back to the checkpoint before the first step that read them (never before the run's start or 7 days of checkpoints). */
  private async rewind(siteId: number, start: number, processed: number, dirty: Date | string): Promise<void> {
    const dirtyAt = ms(dirty);
    // The first step whose window [t − 60 min, t + CONTEXT_AFTER_MS) reads the minute of `dirty`, one step early to be safe.
    const wanted = Math.max(start, floorStep(dirtyAt - CONTEXT_AFTER_MS));
    const changed = await this.db.transaction(async (tx) => {
      let to: number | null = null;
      if (wanted < processed) {
        const [cp] = await tx.query<{ t: Date | string | null }>(
          `SELECT coalesce((SELECT max(step_start) FROM model_checkpoints WHERE site_id = $1 AND step_start <= $2 AND step_start >= $3),
                           (SELECT min(step_start) FROM model_checkpoints WHERE site_id = $1 AND step_start > $2 AND step_start >= $3)) AS t`,
          [siteId, iso(wanted), iso(start)],
        );
        // Start Model writes a checkpoint at the run's start; older ones are pruned after 7 days.
        to = cp?.t != null ? ms(cp.t) : null;
        if (to !== null && to >= processed) to = null;
      }
      // Cleared only if no later ingest moved it meanwhile (then the next pass rewinds again).
      await tx.query('UPDATE site_model_states SET dirty_from = NULL WHERE site_id = $1 AND dirty_from = $2', [
        siteId,
        iso(dirtyAt),
      ]);
      if (to === null) return null;
      this.opts.info?.(`modelling: site ${siteId}: late readings from ${iso(dirtyAt)}, recomputing from ${iso(to)}`);
      const span = await rewindTo(tx, siteId, to);
      return { from: Math.min(span?.from ?? to, to), to: Math.max(span?.to ?? processed, processed) };
    });
    if (changed) await refreshDailyVolumes(this.db, [siteId], changed.from, changed.to);
  }

  private async afterSteps(
    siteId: number,
    done: readonly number[],
    changed: { from: number; to: number } | null,
  ): Promise<void> {
    if (done.length === 0) return;
    if (changed) await refreshDailyVolumes(this.db, [siteId], changed.from, changed.to);
    await evaluateSiteRateAlarms(this.db, siteId, done[0]!, done[done.length - 1]! + STEP_MS, this.opts.publicUrl);
  }

  /** Ticks every tickMs and at once after a nudge; passes repeat while sites still step. */
  start(tickMs: number): void {
    const pass = () => {
      if (this.running) {
        this.again = true;
        return;
      }
      this.running = (async () => {
        try {
          do {
            this.again = false;
            while (!this.stopped && (await this.tick())) {
              /* catch up */
            }
          } while (this.again && !this.stopped);
        } catch (e) {
          this.opts.log(`modelling: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          this.running = null;
        }
      })();
    };
    this.timer = setInterval(pass, tickMs);
    this.timer.unref();
    this.unsubscribe = onModelNudge(() => pass());
    pass();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
    await this.opts.runner.close();
  }
}
