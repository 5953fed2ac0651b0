// Runs the pure `runStep` off the request loop: in a worker thread that loads the stages module, with the step's
// window passed as transferable typed arrays. Data reads and writes stay on the caller's side (PGlite is one
// embedded database in one process, so a worker thread cannot open it), each a few milliseconds of the loop.
import { computeThread } from '../../compute-thread';
import type { StepInput, StepResult } from '../contract';

export interface StepRunner {
  run(input: StepInput): Promise<StepResult>;
  close(): Promise<void>;
}

export type StepFunction = (input: StepInput) => StepResult;

/** Runs the step on this thread (tests, and the fallback when a worker cannot start). */
export function inProcessRunner(step: StepFunction): StepRunner {
  return { run: async (input) => step(input), close: async () => undefined };
}

const transferables = (input: StepInput): ArrayBuffer[] =>
  [
    input.window.ch4Ppm,
    input.window.windDirectionDeg,
    input.window.windSpeedMs,
    input.window.temperatureC,
    input.window.pressureKPa ?? [],
  ]
    .flat()
    .map((a) => a.buffer as ArrayBuffer);

/**
 * One worker thread running `stepModule`'s `runStep` (a module URL; its default is the stages' step.ts). A crashed
 * worker fails its pending steps and is replaced at the next step.
 */
export function workerRunner(
  stepModule: string,
  log: (m: string) => void,
  kernelModule: string | null = null,
): StepRunner {
  return computeThread<StepInput, StepResult>({
    entry: new URL('./compute-worker.ts', import.meta.url),
    name: 'modelling',
    log,
    workerData: { stepModule, kernelModule },
    transferables,
  });
}
