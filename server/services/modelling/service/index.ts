// Starts the modelling scheduler for the server (server/main.ts): its own connection pool on PostgreSQL (so the
// pipeline never waits behind requests or holds their connections), the shared embedded database on PGlite, and
// the stages' runStep in a worker thread.
import type { Database } from '../../../db/client';
import { openPostgres } from '../../../db/client';
import { ModelScheduler } from './scheduler';
import { workerRunner } from './step-runner';

/** The stages' module the compute thread loads (it exports runStep). */
export const STEP_MODULE = new URL('../step.ts', import.meta.url).href;
/** The stages' wasm puff kernel loader, used in the compute thread when present. */
export const KERNEL_MODULE = new URL('../puff-kernel.ts', import.meta.url).href;

export async function startModelling(opts: {
  database: Database;
  databaseUrl: string | undefined;
  publicUrl: string;
  tickMs: number;
  log: (m: string) => void;
  info: (m: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const own = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : null;
  const scheduler = new ModelScheduler({
    database: own ?? opts.database,
    runner: workerRunner(STEP_MODULE, opts.log, KERNEL_MODULE),
    publicUrl: opts.publicUrl,
    log: opts.log,
    info: opts.info,
  });
  scheduler.start(opts.tickMs);
  return {
    stop: async () => {
      await scheduler.stop();
      await own?.close();
    },
  };
}
