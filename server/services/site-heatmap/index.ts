// Starts the heatmap tile worker for the server (server/main.ts): stale tiles from the table, days computed in a
// worker thread.
import type { Database } from '../../db/client';
import { workerTileRunner } from './runner';
import { HeatmapTileWorker, TILE_TICK_MS } from './worker';

export function startHeatmapWorker(opts: { database: Database; log: (m: string) => void; tickMs?: number }): {
  stop(): Promise<void>;
} {
  const worker = new HeatmapTileWorker({ database: opts.database, runner: workerTileRunner(opts.log), log: opts.log });
  worker.start(opts.tickMs ?? TILE_TICK_MS);
  return { stop: () => worker.stop() };
}
