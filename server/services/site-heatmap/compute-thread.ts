// The heatmap compute thread: loads the wasm puff kernel once (the TypeScript twin when asm/build/core.wasm is not
// built) and answers each posted day with its tile. Pure computation; it never touches the database.
import { parentPort } from 'node:worker_threads';
import { loadPuffKernel, setPuffKernel } from '../modelling/puff-kernel';
import { computeTile, type TileInput } from './tile';

const ready = loadPuffKernel()
  .then(setPuffKernel)
  .catch((e: unknown) =>
    parentPort!.postMessage({
      id: 0,
      log: `wasm puff kernel not loaded (${e instanceof Error ? e.message : String(e)}); the TypeScript kernel runs`,
    }),
  );

parentPort!.on('message', (m: { id: number; input: TileInput }) => {
  ready
    .then(() => {
      const result = computeTile(m.input);
      parentPort!.postMessage({ id: m.id, result }, result.meanPpm ? [result.meanPpm.buffer as ArrayBuffer] : []);
    })
    .catch((e: unknown) =>
      parentPort!.postMessage({ id: m.id, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) }),
    );
});
