// Starts the plume worker for the server (server/main.ts): jobs from the plumes table, simulations in a worker thread.
import type { Database } from '../../db/client';
import { workerPlumeRunner } from './runner';
import { PLUME_TICK_MS, PlumeWorker } from './worker';

export function startPlumeWorker(opts: { database: Database; log: (m: string) => void; tickMs?: number }): {
  stop(): Promise<void>;
} {
  const worker = new PlumeWorker({ database: opts.database, runner: workerPlumeRunner(opts.log), log: opts.log });
  worker.start(opts.tickMs ?? PLUME_TICK_MS);
  return { stop: () => worker.stop() };
}
