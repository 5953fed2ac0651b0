export { sumF64, alloc, resetHeap } from './checksum';
