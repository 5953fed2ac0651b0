// Runs plume simulations off the request loop, in one worker thread (compute-thread.ts). A crashed thread fails its
// pending runs and is replaced at the next run. `inProcessPlumeRunner` runs on the caller's thread (unit tests).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runPlume, type PlumeRunInput, type PlumeRunResult } from './frames';

export interface PlumeRunner {
  run(input: PlumeRunInput): Promise<PlumeRunResult>;
  close(): Promise<void>;
}

export function inProcessPlumeRunner(): PlumeRunner {
  return { run: async (input) => runPlume(input), close: async () => undefined };
}

// The ESM build of tsx's register API: worker threads do not inherit the `--import tsx` hooks on Node 20.
const tsxApi = () =>
  pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;

export function workerPlumeRunner(log: (m: string) => void): PlumeRunner {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: PlumeRunResult) => void; reject: (e: Error) => void }>();
  const start = (): Worker => {
    const entry = new URL('./compute-thread.ts', import.meta.url);
    const w = new Worker(
      `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`,
      { eval: true },
    );
    w.on('message', (m: { id: number; result?: PlumeRunResult; error?: string; log?: string }) => {
      if (m.log) log(`plume compute thread: ${m.log}`);
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result!);
    });
    const fail = (e: Error) => {
      log(`plume compute thread stopped: ${e.message}`);
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
      new Promise<PlumeRunResult>((resolve, reject) => {
        worker ??= start();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input });
      }),
    close: async () => {
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(new Error('The plume worker stopped'));
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
