// The plume worker: every tick, and at once when a plume is asked for in this process, it claims waiting plumes one
// at a time, reads their inputs (short queries), runs the simulation in the compute thread while renewing the lease,
// and saves the frames and Saved in one transaction, or Failed with the reason. Jobs live in the plumes table, so a
// restart (or another server process) takes up what was waiting or left behind by a dead worker.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { JobLoop } from '../job-loop';
import {
  claimPlume,
  failPlume,
  MAX_ATTEMPTS,
  PLUME_LEASE_MS,
  releasePlume,
  renewPlumeLease,
  savePlume,
  type ClaimedPlume,
} from './jobs';
import { loadPlumeInput, PlumeInputError } from './inputs';
import { onPlumeRequested } from './nudge';
import type { PlumeRunner } from './runner';

export const PLUME_TICK_MS = 30_000;

export interface PlumeWorkerOptions {
  database: Database;
  runner: PlumeRunner;
  log: (message: string) => void;
  owner?: string;
  leaseMs?: number;
}

export type PlumeOutcome = { status: 'saved' | 'failed' | 'lost'; plumeId: number; reason?: string };

export class PlumeWorker extends JobLoop<PlumeOutcome> {
  readonly owner: string;

  constructor(private readonly opts: PlumeWorkerOptions) {
    super({ name: 'plumes', log: opts.log, close: () => opts.runner.close(), maxPerPass: 1000 });
    this.owner = opts.owner ?? `plume-${randomUUID()}`;
  }

  /** Claims and works one plume; null when none is waiting. */
  async runOne(): Promise<PlumeOutcome | null> {
    const db = this.opts.database;
    const leaseMs = this.opts.leaseMs ?? PLUME_LEASE_MS;
    const job = await claimPlume(db, this.owner, leaseMs);
    if (!job) return null;
    if (job.attempts > MAX_ATTEMPTS) {
      const reason = `The plume job stopped ${MAX_ATTEMPTS} times before it finished`;
      await failPlume(db, job.id, this.owner, reason);
      return { status: 'failed', plumeId: job.id, reason };
    }
    const renew = setInterval(
      () => void renewPlumeLease(db, job.id, this.owner, leaseMs).catch(() => undefined),
      leaseMs / 3,
    );
    try {
      return await this.work(job);
    } catch (e) {
      // Stopping mid-run (a restart): the job goes back to the queue as it was, for this or another process.
      if (this.stopped) {
        await releasePlume(db, job.id, this.owner).catch(() => undefined);
        return { status: 'lost', plumeId: job.id };
      }
      // An unexpected error (the database, the compute thread): logged in full, the job ends Failed with its first line.
      this.opts.log(`plumes: plume ${job.id} failed: ${e instanceof Error && e.stack ? e.stack : String(e)}`);
      const reason = `The plume could not be generated: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200)}`;
      await failPlume(db, job.id, this.owner, reason).catch(() => undefined);
      return { status: 'failed', plumeId: job.id, reason };
    } finally {
      clearInterval(renew);
    }
  }

  private async work(job: ClaimedPlume): Promise<PlumeOutcome> {
    const db = this.opts.database;
    let input;
    try {
      input = await loadPlumeInput(db, job.emissionId);
    } catch (e) {
      if (!(e instanceof PlumeInputError)) throw e;
      await failPlume(db, job.id, this.owner, e.message);
      return { status: 'failed', plumeId: job.id, reason: e.message };
    }
    const result = await this.opts.runner.run(input.run);
    if (!result.ok) {
      await failPlume(db, job.id, this.owner, result.reason);
      return { status: 'failed', plumeId: job.id, reason: result.reason };
    }
    const saved = await db.transaction((tx) =>
      savePlume(tx, job, this.owner, {
        bounds: input.bounds,
        frameSize: result.size,
        sheetColumns: result.columns,
        sheet: result.png,
        frameTimes: input.frameTimes,
      }),
    );
    return { status: saved ? 'saved' : 'lost', plumeId: job.id };
  }

  start(tickMs = PLUME_TICK_MS): void {
    this.startLoop(tickMs, onPlumeRequested);
  }
}
