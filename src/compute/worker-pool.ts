// A pool of compute workers: calls spread over the workers, a dead worker is replaced and its pending calls fail
// with a message, and for keyed calls (viewport queries) only the latest answer is delivered.
// `Remote` is the worker's own API as the page sees it (Comlink.Remote<WorkerApi> in the browser): calls are typed
// against the worker's exported type, never named by strings.
export interface PoolWorker<Remote> {
  remote: Remote;
  terminate(): void;
}

export interface WorkerFactory<Remote> {
  /** Creates a worker; `onDeath` must be called if it crashes. */
  create(onDeath: (reason: string) => void): PoolWorker<Remote>;
}

/** One call on a worker's remote API, e.g. (w) => w.m4(id, t0, t1, width). */
export type WorkerCall<Remote, T> = (remote: Remote) => Promise<T>;

export class SupersededError extends Error {
  constructor() {
    super('A newer request replaced this one');
    this.name = 'SupersededError';
  }
}

export const WORKER_DIED = 'The compute worker stopped unexpectedly; please try again.';

interface Slot<Remote> {
  worker: PoolWorker<Remote>;
  pending: Set<{ reject(e: Error): void }>;
  generation: number;
}

export class WorkerPool<Remote> {
  private readonly slots: Slot<Remote>[] = [];
  private next = 0;
  private readonly latest = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly factory: WorkerFactory<Remote>,
    readonly size: number,
  ) {
    if (size < 1) throw new Error('A worker pool needs at least one worker');
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i, 0));
  }

  private spawn(index: number, generation: number): Slot<Remote> {
    const slot: Slot<Remote> = {
      generation,
      pending: new Set(),
      worker: this.factory.create((reason) => this.died(index, generation, reason)),
    };
    return slot;
  }

  private died(index: number, generation: number, reason: string): void {
    const slot = this.slots[index];
    if (!slot || slot.generation !== generation) return;
    const error = new Error(`${WORKER_DIED} (${reason})`);
    for (const p of slot.pending) p.reject(error);
    slot.pending.clear();
    slot.worker.terminate();
    this.slots[index] = this.spawn(index, generation + 1);
  }

  /** Runs a call on the next worker. With a key, an older call of the same key that answers late is rejected as superseded. */
  call<T>(run: WorkerCall<Remote, T>, key?: string): Promise<T> {
    const index = this.next;
    this.next = (this.next + 1) % this.slots.length;
    return this.callOn(index, run, key);
  }

  /** Runs a call on one worker: state that lives in a worker (a loaded series) must be asked there. */
  callOn<T>(index: number, run: WorkerCall<Remote, T>, key?: string): Promise<T> {
    const slot = this.slots[index % this.slots.length]!;
    const ticket = ++this.seq;
    if (key !== undefined) this.latest.set(key, ticket);
    return new Promise<T>((resolve, reject) => {
      const entry = { reject };
      slot.pending.add(entry);
      run(slot.worker.remote).then(
        (value) => {
          if (!slot.pending.delete(entry)) return;
          if (key !== undefined && this.latest.get(key) !== ticket) reject(new SupersededError());
          else resolve(value);
        },
        (error: unknown) => {
          if (!slot.pending.delete(entry)) return;
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  terminate(): void {
    for (const s of this.slots) s.worker.terminate();
  }
}

/** Workers to run: leave a core for the UI thread, at most 4. */
export function poolSize(hardwareConcurrency: number | undefined): number {
  return Math.max(1, Math.min(4, (hardwareConcurrency ?? 2) - 1));
}

/** The worker a keyed piece of state lives in: the same key always maps to the same worker. */
export function slotFor(key: string, size: number): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % size;
}
