// Browser side of the wasm loader: compiled once per worker, instantiated per series.
import wasmUrl from '../../asm/build/core.wasm?url';
import { WasmCore } from './wasm-core';

let compiled: Promise<WebAssembly.Module> | null = null;

export function wasmModule(): Promise<WebAssembly.Module> {
  compiled ??= fetch(wasmUrl).then(async (res) => {
    if (!res.ok) throw new Error(`Could not load the compute core (${res.status})`);
    return WebAssembly.compile(await res.arrayBuffer());
  });
  return compiled;
}

export async function newWasmCore(): Promise<WasmCore> {
  return WasmCore.fromModule(await wasmModule());
}

/** Workers must run as workers: a bundler mistake that inlines one into the page must fail loudly. */
export function assertInWorker(name: string): void {
  const isWorker =
    typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined' &&
    typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';
  if (!isWorker) throw new Error(`${name} was bundled into the page instead of running in a Web Worker`);
}
