// The compute core's wasm module for the server: the same build and wrapper the browser's workers use, one
// instance per process. Its calls are synchronous and short (a year of one-minute data averages in a few ms), so
// requests share the instance without locking.
import type { WasmCore } from '../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../src/compute/wasm-core-node';

let core: Promise<WasmCore> | null = null;

export function computeCore(): Promise<WasmCore> {
  core ??= loadWasmCoreFromDisk().catch((error: unknown) => {
    core = null;
    throw new Error(
      `The compute core (asm/build/core.wasm) could not be loaded; run npm run build:asm. ${String(error)}`,
    );
  });
  return core;
}
