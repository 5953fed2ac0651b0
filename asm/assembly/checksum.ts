// Sum of a float64 array living in wasm memory: the smoke kernel that proves the wasm build and loader.
export function sumF64(ptr: usize, length: i32): f64 {
  let total: f64 = 0;
  for (let i = 0; i < length; i++) {
    const v = load<f64>(ptr + (<usize>i << 3));
    if (!isNaN(v)) total += v;
  }
  return total;
}

// Bump allocator for host-written input buffers; reset frees everything at once.
let heapTop: usize = 0;
export function alloc(bytes: i32): usize {
  if (heapTop == 0) heapTop = (__heap_base + 15) & ~15;
  const ptr = heapTop;
  heapTop = (heapTop + <usize>bytes + 15) & ~15;
  const needed = <i32>((heapTop + 0xffff) >> 16) - memory.size();
  if (needed > 0 && memory.grow(needed) < 0) unreachable();
  return ptr;
}
export function resetHeap(): void {
  heapTop = 0;
}
/** The current top of the bump heap, to free back to later (per-query scratch above a loaded series). */
export function heapMark(): usize {
  if (heapTop == 0) heapTop = (__heap_base + 15) & ~15;
  return heapTop;
}
export function resetHeapTo(mark: usize): void {
  heapTop = mark;
}
