// Node side of the wasm loader (tests, benchmarks, server).
import { readFile } from 'node:fs/promises';
import { WasmCore } from './wasm-core';

export async function loadWasmCoreFromDisk(): Promise<WasmCore> {
  const bytes = await readFile(new URL('../../asm/build/core.wasm', import.meta.url));
  return WasmCore.fromBytes(bytes);
}
