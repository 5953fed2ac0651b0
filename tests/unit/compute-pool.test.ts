import { describe, expect, it } from 'vitest';
import {
  poolSize,
  slotFor,
  SupersededError,
  WORKER_DIED,
  WorkerPool,
  type PoolWorker,
  type WorkerFactory,
} from '../../src/compute/worker-pool';

/** Workers whose answers the test releases by hand, and which it can kill. */
/** The remote API the fake workers offer: each call waits for the test to resolve it. */
interface FakeApi {
  m4(arg: number | string): Promise<unknown>;
  idw(): Promise<unknown>;
}

function fakeFactory() {
  const workers: {
    calls: { method: string; resolve(v: unknown): void }[];
    kill(reason: string): void;
    terminated: boolean;
  }[] = [];
  const factory: WorkerFactory<FakeApi> = {
    create(onDeath) {
      const w = {
        calls: [] as { method: string; resolve(v: unknown): void }[],
        kill: (r: string) => onDeath(r),
        terminated: false,
      };
      workers.push(w);
      const record = (method: string) => new Promise((resolve) => w.calls.push({ method, resolve }));
      const pw: PoolWorker<FakeApi> = {
        remote: { m4: () => record('m4'), idw: () => record('idw') },
        terminate: () => {
          w.terminated = true;
        },
      };
      return pw;
    },
  };
  return { factory, workers };
}

describe('worker pool', () => {
  it('delivers only the latest answer for a key: a slow older query never overrides a newer one', async () => {
    const { factory, workers } = fakeFactory();
    const pool = new WorkerPool(factory, 2);
    const older = pool.call((w) => w.m4(1), 'chart-1');
    const newer = pool.call((w) => w.m4(2), 'chart-1');
    workers[1]!.calls[0]!.resolve('new');
    await expect(newer).resolves.toBe('new');
    workers[0]!.calls[0]!.resolve('old');
    await expect(older).rejects.toBeInstanceOf(SupersededError);
    const other = pool.call((w) => w.m4(3), 'chart-2');
    workers[0]!.calls[1]!.resolve('x');
    await expect(other).resolves.toBe('x');
  });

  it('replaces a dead worker and fails its pending calls with a message', async () => {
    const { factory, workers } = fakeFactory();
    const pool = new WorkerPool(factory, 1);
    const pending = pool.call((w) => w.idw());
    workers[0]!.kill('out of memory');
    await expect(pending).rejects.toThrow(WORKER_DIED);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    const again = pool.call((w) => w.idw());
    workers[1]!.calls[0]!.resolve(42);
    await expect(again).resolves.toBe(42);
    // A late death notice from the old worker changes nothing.
    workers[0]!.kill('late');
    expect(workers).toHaveLength(2);
  });

  it('asks a keyed series always in the worker that holds it, spreading series over the workers', async () => {
    const { factory, workers } = fakeFactory();
    const pool = new WorkerPool(factory, 2);
    const slots = Array.from({ length: 10 }, (_, k) => slotFor(`series-${k}`, 2));
    expect(new Set(slots).size).toBe(2);
    for (let k = 0; k < 10; k++) expect(slotFor(`series-${k}`, 2)).toBe(slots[k]);
    const answer = pool.callOn(slots[3]!, (w) => w.m4('series-3'));
    expect(workers[slots[3]!]!.calls.map((c) => c.method)).toEqual(['m4']);
    expect(workers[1 - slots[3]!]!.calls).toEqual([]);
    workers[slots[3]!]!.calls[0]!.resolve('drawn');
    await expect(answer).resolves.toBe('drawn');
  });

  it('sizes itself to the machine, leaving a core for the page', () => {
    expect(poolSize(2)).toBe(1);
    expect(poolSize(16)).toBe(4);
    expect(poolSize(undefined)).toBe(1);
    expect(() => new WorkerPool(fakeFactory().factory, 0)).toThrow();
  });
});
