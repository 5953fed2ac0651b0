// Runs plume simulations off the request loop, in one worker thread (compute-thread.ts). A crashed thread fails its
// pending runs and is replaced at the next run. `inProcessPlumeRunner` runs on the caller's thread (unit tests).
import { computeThread } from '../compute-thread';
import { runPlume, type PlumeRunInput, type PlumeRunResult } from './frames';

export interface PlumeRunner {
  run(input: PlumeRunInput): Promise<PlumeRunResult>;
  close(): Promise<void>;
}

export function inProcessPlumeRunner(): PlumeRunner {
  return { run: async (input) => runPlume(input), close: async () => undefined };
}

export function workerPlumeRunner(log: (m: string) => void): PlumeRunner {
  return computeThread<PlumeRunInput, PlumeRunResult>({
    entry: new URL('./compute-thread.ts', import.meta.url),
    name: 'plume',
    log,
  });
}
