// The thread side of a puff-model compute thread (plumes, heatmap tiles): loads the wasm puff kernel once (no
// fallback: without asm/build/core.wasm each run answers the build error), then answers each posted input with
// `run`'s result, transferring the buffers `transfer` names. Pure computation; it never touches the database.
import { parentPort } from 'node:worker_threads';
import { loadPuffKernel, setPuffKernel } from './modelling/puff-kernel';

export function servePuffRuns<Input, Result>(
  run: (input: Input) => Result,
  transfer: (result: Result) => ArrayBuffer[],
): void {
  const ready = loadPuffKernel()
    .then(setPuffKernel)
    .catch((e: unknown) =>
      parentPort!.postMessage({
        id: 0,
        log: `wasm puff kernel not loaded (${e instanceof Error ? e.message : String(e)}); every run fails until it is built`,
      }),
    );
  parentPort!.on('message', (m: { id: number; input: Input }) => {
    ready
      .then(() => {
        const result = run(m.input);
        parentPort!.postMessage({ id: m.id, result }, transfer(result));
      })
      .catch((e: unknown) =>
        parentPort!.postMessage({ id: m.id, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) }),
      );
  });
}
