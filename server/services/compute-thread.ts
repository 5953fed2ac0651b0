// One worker thread that answers posted calls with a pure computation's result (the modelling step, a plume run): a
// call is { id, input }, the answer { id, result } or { id, error }, and { log } lines go to the caller's log. A
// crashed thread fails its pending calls and is replaced at the next call. The thread starts with the first call.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface ComputeThread<I, R> {
  run(input: I): Promise<R>;
  /** Ends the thread; calls still pending are refused. */
  close(): Promise<void>;
}

export interface ComputeThreadOptions<I> {
  /** The worker module (a file URL); it imports its computation and answers messages as above. */
  entry: URL;
  /** Names the thread in the log: 'modelling', 'plume'. */
  name: string;
  log: (message: string) => void;
  workerData?: unknown;
  /** Buffers of the input that move to the thread instead of being copied. */
  transferables?: (input: I) => ArrayBuffer[];
}

// The ESM build of tsx's register API, found from the package's own folder: worker threads do not inherit the
// `--import tsx` loader hooks on Node 20, so a small bootstrap registers them.
const tsxApi = () =>
  pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;

export function computeThread<I, R>(options: ComputeThreadOptions<I>): ComputeThread<I, R> {
  const { entry, name, log } = options;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: R) => void; reject: (e: Error) => void }>();
  const start = (): Worker => {
    const w = new Worker(
      `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`,
      { eval: true, workerData: options.workerData },
    );
    w.on('message', (m: { id: number; result?: R; error?: string; log?: string }) => {
      if (m.log) log(`${name} compute thread: ${m.log}`);
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result!);
    });
    const fail = (e: Error) => {
      log(`${name} compute thread stopped: ${e.message}`);
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
      new Promise<R>((resolve, reject) => {
        worker ??= start();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input }, options.transferables?.(input) ?? []);
      }),
    close: async () => {
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(new Error(`The ${name} compute thread stopped`));
      pending.clear();
      if (w) await w.terminate();
    },
  };
}
