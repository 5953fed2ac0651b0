// Pool workers over Comlink: the only place the page talks to workers directly.
import * as Comlink from 'comlink';
import type { PoolWorker, WorkerFactory } from '../../workers/lib/worker-pool';

export function comlinkFactory(createWorker: () => Worker): WorkerFactory {
  return {
    create(onDeath) {
      const worker = createWorker();
      const remote = Comlink.wrap<Record<string, (...args: unknown[]) => Promise<unknown>>>(worker);
      worker.addEventListener('error', (e) => onDeath(e.message || 'worker error'));
      worker.addEventListener('messageerror', () => onDeath('message could not be read'));
      const pw: PoolWorker = {
        call: (method, args) => {
          const fn = remote[method];
          if (!fn) return Promise.reject(new Error(`Unknown worker method ${method}`));
          return fn(...args.map((a) => (typeof a === 'function' ? Comlink.proxy(a as () => void) : a)));
        },
        terminate: () => worker.terminate(),
      };
      return pw;
    },
  };
}
