// The modelling compute thread: loads the stages' module once and the wasm puff kernel (there is no other: without
// the built core.wasm each step answers the build error) and answers each posted step with runStep's result. Pure
// computation only; it never touches the database.
import { parentPort, workerData } from 'node:worker_threads';
import type { StepInput, StepResult } from '../contract';

interface StepModule {
  runStep(input: StepInput): StepResult;
}
interface KernelModule {
  loadPuffKernel?: () => Promise<unknown>;
  setPuffKernel?: (kernel: never) => void;
}

const { stepModule, kernelModule } = workerData as { stepModule: string; kernelModule: string | null };

async function load(): Promise<StepModule> {
  const step = (await import(stepModule)) as StepModule;
  if (kernelModule) {
    try {
      const k = (await import(kernelModule)) as KernelModule;
      if (k.loadPuffKernel && k.setPuffKernel) k.setPuffKernel((await k.loadPuffKernel()) as never);
    } catch (e) {
      parentPort!.postMessage({
        id: 0,
        log: `wasm puff kernel not loaded (${e instanceof Error ? e.message : String(e)}); every step fails until it is built`,
      });
    }
  }
  return step;
}
const loaded = load();

parentPort!.on('message', (m: { id: number; input: StepInput }) => {
  loaded
    .then((mod) => parentPort!.postMessage({ id: m.id, result: mod.runStep(m.input) }))
    .catch((e: unknown) =>
      parentPort!.postMessage({ id: m.id, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) }),
    );
});
