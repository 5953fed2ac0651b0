// Pool workers over Comlink: the only place the page talks to workers directly. The pool's calls are typed by the
// worker's own exported API (Comlink.Remote<WorkerApi>).
import * as Comlink from 'comlink';
import type { WorkerFactory } from './worker-pool';

export function comlinkFactory<WorkerApi>(createWorker: () => Worker): WorkerFactory<Comlink.Remote<WorkerApi>> {
  return {
    create(onDeath) {
      const worker = createWorker();
      worker.addEventListener('error', (e) => onDeath(e.message || 'worker error'));
      worker.addEventListener('messageerror', () => onDeath('message could not be read'));
      return { remote: Comlink.wrap<WorkerApi>(worker), terminate: () => worker.terminate() };
    },
  };
}
