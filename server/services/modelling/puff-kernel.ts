// The puff accumulation kernel behind the forward model: the AssemblyScript build (asm/build/core.wasm), the only
// kernel the product runs. It adds concentrations into a caller-owned output array.
//
// Each thread instantiates the module on its first puffKernel() call (synchronously: the module is 11 kB), or the
// thread hosts load it up front with setPuffKernel(await loadPuffKernel()). There is no fallback: without the built
// wasm a step fails with a message naming `npm run build:asm`. Benches and tests may select another kernel with the
// same contract (the TypeScript twin in asm/reference/puff.ts) through setPuffKernel.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Float64 values per puff record (the layout of asm/assembly/puff.ts; tests/unit/asm/puff.test.ts checks the twin's). */
export const PUFF_STRIDE = 12;

export interface PuffKernel {
  readonly name: 'wasm' | 'ts';
  /** Adds each puff's ppm at each receptor into out[src·nRec + r] (see asm/assembly/puff.ts for the record layout). */
  accumulate(
    puffs: Float64Array,
    nPuffs: number,
    receptors: Float64Array,
    nRec: number,
    nSrc: number,
    out: Float64Array,
  ): number;
}

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

const CORE_WASM = new URL('../../../asm/build/core.wasm', import.meta.url);

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

const notBuilt = (file: URL, error: unknown) =>
  new Error(
    `The wasm puff kernel could not be loaded from ${file.pathname}; run npm run build:asm. (${error instanceof Error ? error.message : String(error)})`,
  );

/** Synchronous instantiation from the bytes of asm/build/core.wasm (fine in worker threads: the module is small). */
export function puffKernelFromBytes(bytes: BufferSource): PuffKernel {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
  return wrap(instance.exports as unknown as PuffExports);
}

/** Reads and instantiates the built module synchronously; throws a message naming the build step when it is missing. */
export function puffKernelFromFile(file: URL = CORE_WASM): PuffKernel {
  const bytes = (() => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw notBuilt(file, error);
    }
  })();
  return puffKernelFromBytes(bytes);
}

/** Reads asm/build/core.wasm (built by `npm run build:asm`) and instantiates it: one instance per worker. */
export async function loadPuffKernel(): Promise<PuffKernel> {
  const bytes = await readFile(CORE_WASM).catch((error: unknown) => {
    throw notBuilt(CORE_WASM, error);
  });
  return puffKernelFromBytes(bytes);
}

let current: PuffKernel | null = null;

/** Sets the kernel the stages use in this thread (module state: set once per worker; benches may swap it). */
export function setPuffKernel(kernel: PuffKernel): void {
  current = kernel;
}

/** The thread's kernel: the wasm, instantiated on first use unless one was set. */
export function puffKernel(): PuffKernel {
  current ??= puffKernelFromFile();
  return current;
}
