// Runs the pure `runStep` off the request loop: in a worker thread that loads the stages module, with the step's
// window passed as transferable typed arrays. Data reads and writes stay on the caller's side (PGlite is one
// embedded database in one process, so a worker thread cannot open it), each a few milliseconds of the loop.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

// The ESM build of tsx's register API (its `import` condition), found from the package's own folder.
const tsxApi = () =>
  pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;

/**
 * One worker thread running `stepModule`'s `runStep` (a module URL; its default is the stages' step.ts). A crashed
 * worker fails its pending steps and is replaced at the next step.
 */
export function workerRunner(
  stepModule: string,
  log: (m: string) => void,
  kernelModule: string | null = null,
): StepRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: StepResult) => void; reject: (e: Error) => void }>();
  const start = (): Worker => {
    const entry = new URL('./compute-worker.ts', import.meta.url);
    const workerData = { stepModule, kernelModule };
    // Worker threads do not inherit the `--import tsx` loader hooks on Node 20: a small bootstrap registers them.
    const w = new Worker(
      `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`,
      { eval: true, workerData },
    );
    w.on('message', (m: { id: number; result?: StepResult; error?: string; log?: string }) => {
      if (m.log) log(`modelling compute thread: ${m.log}`);
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result!);
    });
    const fail = (e: Error) => {
      log(`modelling compute thread stopped: ${e.message}`);
      worker = null;
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => {
      if (worker === w) fail(new Error(`exit code ${code}`));
    });
    w.unref();
    return w;
  };
  return {
    run: (input) =>
      new Promise<StepResult>((resolve, reject) => {
        worker ??= start();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input }, transferables(input));
      }),
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
