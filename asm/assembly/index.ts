export { sumF64, alloc, resetHeap, heapMark, resetHeapTo } from './checksum';
export { validateTimes, lowerBound, m4 } from './m4';
export { splitGaps } from './gaps';
export { pyramidBytes, buildPyramid, m4Pyramid } from './pyramid';
export { validIndices, lttb, minMaxCandidates } from './lttb';
export { binRose, roseScratchBytes } from './rose';
export { idw, idwScratchBytes } from './windfield';
export { aggregate, peakPerPeriod, windPerPeriod } from './aggregate';
export { accumulatePuffs } from './puff';
