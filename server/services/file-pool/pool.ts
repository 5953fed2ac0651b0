// A small pool of worker threads for uploads: parsing a 20 MB CSV takes seconds of CPU, which on the event loop
// would stall every other request. Workers start on first use, stop after a minute idle, and a task that runs too
// long or exhausts its heap ends its worker (a fresh one takes the next task) with a message for the user.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CsvParseResult, CsvRow, CsvRowError } from '../../../src/codec/csv-parse';
import type { CsvColumn } from '../../../src/domain/csv-column';
import { FileParseError } from '../../../src/codec/file-errors';
import type { FileTask, WorkerMessage } from './protocol';

export const FILE_POOL_LIMITS = {
  /** One core is the event loop's. */
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  taskTimeoutMs: 60_000,
  idleMs: 60_000,
  /** A worker's heap: a capped upload needs well under this; a hostile one ends the worker, not the server. */
  heapMb: 384,
};

export const FILE_POOL_MESSAGES = {
  timeout: (seconds: number) =>
    `The file could not be read within ${seconds} seconds; please split it into smaller files.`,
  crashed: 'The file needs more memory to read than the server allows; please split it into smaller files.',
} as const;

/** tsx's API, found from this file rather than from whatever directory the server was started in. */
const TSX_API = new URL(
  'dist/esm/api/index.mjs',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
).href;

interface Job {
  task: FileTask;
  onMessage(message: WorkerMessage): boolean;
  fail(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class FilePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];

  constructor(private readonly limits = FILE_POOL_LIMITS) {}

  run(task: FileTask, onMessage: Job['onMessage']): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const job: Job = {
        task,
        onMessage: (m) => {
          const finished = onMessage(m);
          if (finished) resolve();
          return finished;
        },
        fail: reject,
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < this.limits.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    // The server runs under tsx; a worker's entry is loaded before `--import` hooks apply, so a small script
    // registers tsx and then imports the TypeScript entry.
    const entry = new URL('./file-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb } });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (m: WorkerMessage) => {
      const job = slot.job;
      if (job && job.onMessage(m)) this.finish(slot);
    });
    const died = (error: Error) => {
      const job = slot.job;
      slot.job = null;
      this.remove(slot);
      job?.fail(error);
      this.dispatch();
    };
    worker.on('error', (e) =>
      died(/heap|memory/i.test(e.message) ? new FileParseError(FILE_POOL_MESSAGES.crashed) : e),
    );
    worker.on('exit', () => died(new FileParseError(FILE_POOL_MESSAGES.crashed)));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.job = null;
      this.remove(slot);
      void slot.worker.terminate();
      job.fail(new FileParseError(FILE_POOL_MESSAGES.timeout(this.limits.taskTimeoutMs / 1000)));
      this.dispatch();
    }, this.limits.taskTimeoutMs);
    slot.worker.postMessage(job.task);
  }

  private finish(slot: Slot): void {
    slot.job = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.unref();
    slot.timer = setTimeout(() => {
      this.remove(slot);
      void slot.worker.terminate();
    }, this.limits.idleMs);
    slot.timer.unref();
    this.dispatch();
  }

  private remove(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => (s.timer && clearTimeout(s.timer), s.worker.terminate())));
  }
}

let shared: FilePool | null = null;
const pool = () => (shared ??= new FilePool());

/**
 * parseCsvBytes in a worker thread, with the upload's row cap: the parse stops at the first row past it.
 * Throws FileParseError with the message to show, as parseCsvBytes does.
 */
export async function parseCsvUpload<K extends string>(
  bytes: Uint8Array,
  columns: readonly CsvColumn<K>[],
  maxRows: number,
): Promise<CsvParseResult<K>> {
  const rows: CsvRow<K>[] = [];
  const errors: CsvRowError[] = [];
  let headers: string[] = [];
  let warnings: string[] = [];
  let failure: Error | null = null;
  await pool().run({ kind: 'csv', bytes, columns: [...columns], maxRows }, (m) => {
    switch (m.kind) {
      case 'rows':
        for (const r of m.rows) rows.push(r as CsvRow<K>);
        return false;
      case 'errors':
        errors.push(...m.errors);
        return false;
      case 'done':
        headers = m.headers;
        warnings = m.warnings;
        return true;
      case 'fail':
        failure = m.user ? new FileParseError(m.message) : new Error(`The file worker failed: ${m.message}`);
        return true;
    }
  });
  if (failure) throw failure;
  return { headers, rows, errors, warnings };
}
