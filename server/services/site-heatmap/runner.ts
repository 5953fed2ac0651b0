// Runs tiles off the request loop, in one worker thread (compute-thread.ts); `inProcessTileRunner` runs on the
// caller's thread (tests and the bench).
import { computeThread } from '../compute-thread';
import { computeTile, type TileInput, type TileResult } from './tile';

export interface TileRunner {
  run(input: TileInput): Promise<TileResult>;
  close(): Promise<void>;
}

export function inProcessTileRunner(): TileRunner {
  return { run: async (input) => computeTile(input), close: async () => undefined };
}

export function workerTileRunner(log: (m: string) => void): TileRunner {
  return computeThread<TileInput, TileResult>({
    entry: new URL('./compute-thread.ts', import.meta.url),
    name: 'heatmap',
    log,
  });
}
