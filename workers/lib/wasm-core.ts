// Loads asm/build/core.wasm (Node: from disk; browser: from a URL) and hands out typed-array views over its memory.
export interface CoreExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  resetHeap(): void;
  sumF64(ptr: number, length: number): number;
}

export class WasmCore {
  constructor(private readonly exports: CoreExports) {}

  static async fromBytes(bytes: BufferSource): Promise<WasmCore> {
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: {
        abort: (_msg: number, _file: number, line: number, column: number) => {
          throw new Error(`wasm abort at ${line}:${column}`);
        },
      },
    });
    return new WasmCore(instance.exports as unknown as CoreExports);
  }

  /** Copies the values into wasm memory once and sums them there (NaN skipped). */
  sumF64(values: Float64Array): number {
    const e = this.exports;
    e.resetHeap();
    const ptr = e.alloc(values.byteLength);
    // A fresh view after alloc: memory may have grown and detached older views.
    new Float64Array(e.memory.buffer, ptr, values.length).set(values);
    return e.sumF64(ptr, values.length);
  }
}
