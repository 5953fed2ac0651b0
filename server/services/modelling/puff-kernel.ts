// The puff accumulation kernel behind the forward model, either the AssemblyScript build (asm/build/core.wasm) or
// its TypeScript twin (asm/reference/puff.ts). Both add concentrations into a caller-owned output array.
//
// How the service uses it (once per worker thread, before the first runStep):
//   import { loadPuffKernel, setPuffKernel } from '../modelling/puff-kernel';
//   setPuffKernel(await loadPuffKernel());          // async, reads asm/build/core.wasm from disk
// or synchronously from bytes already read: setPuffKernel(puffKernelFromBytes(bytes)).
// Without that call runStep uses the TypeScript twin (same results within 1e-9; `npm run bench` times the two, the
// wasm about 1.3× faster); tests rely on it.
import { readFile } from 'node:fs/promises';
import { accumulatePuffs as accumulateTs, PUFF_STRIDE } from '../../../asm/reference/puff';

export { PUFF_STRIDE };

export interface PuffKernel {
  readonly name: 'wasm' | 'ts';
  /** Adds each puff's ppm at each receptor into out[src·nRec + r] (see asm/reference/puff.ts for the record layout). */
  accumulate(
    puffs: Float64Array,
    nPuffs: number,
    receptors: Float64Array,
    nRec: number,
    nSrc: number,
    out: Float64Array,
  ): number;
}

export const tsPuffKernel: PuffKernel = { name: 'ts', accumulate: accumulateTs };

interface PuffExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  resetHeap(): void;
  accumulatePuffs(puffPtr: number, nPuffs: number, recPtr: number, nRec: number, nSrc: number, outPtr: number): number;
}

const imports = {
  env: {
    abort: (_msg: number, _file: number, line: number, column: number) => {
      throw new Error(`wasm abort at ${line}:${column}`);
    },
  },
};

function wrap(exports: PuffExports): PuffKernel {
  return {
    name: 'wasm',
    accumulate(puffs, nPuffs, receptors, nRec, nSrc, out) {
      const nOut = nSrc * nRec;
      exports.resetHeap();
      const pPtr = exports.alloc(Math.max(8, nPuffs * PUFF_STRIDE * 8)) >>> 0;
      const rPtr = exports.alloc(Math.max(8, nRec * 24)) >>> 0;
      const oPtr = exports.alloc(Math.max(8, nOut * 8)) >>> 0;
      // Views after every alloc: a grown memory detaches older buffers.
      const buf = exports.memory.buffer;
      new Float64Array(buf, pPtr, nPuffs * PUFF_STRIDE).set(puffs.subarray(0, nPuffs * PUFF_STRIDE));
      new Float64Array(buf, rPtr, nRec * 3).set(receptors.subarray(0, nRec * 3));
      const o = new Float64Array(buf, oPtr, nOut);
      o.set(out.subarray(0, nOut));
      const n = exports.accumulatePuffs(pPtr, nPuffs, rPtr, nRec, nSrc, oPtr);
      out.set(new Float64Array(exports.memory.buffer, oPtr, nOut));
      return n;
    },
  };
}

/** Synchronous instantiation from the bytes of asm/build/core.wasm (fine in worker threads: the module is small). */
export function puffKernelFromBytes(bytes: BufferSource): PuffKernel {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
  return wrap(instance.exports as unknown as PuffExports);
}

/** Reads asm/build/core.wasm (built by `npm run build:asm`) and instantiates it: one instance per worker. */
export async function loadPuffKernel(): Promise<PuffKernel> {
  const bytes = await readFile(new URL('../../../asm/build/core.wasm', import.meta.url));
  return puffKernelFromBytes(bytes);
}

let current: PuffKernel = tsPuffKernel;

/** Sets the kernel the stages use in this thread (module state: set once per worker). */
export function setPuffKernel(kernel: PuffKernel): void {
  current = kernel;
}

export function puffKernel(): PuffKernel {
  return current;
}
