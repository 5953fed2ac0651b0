// A plain line drawing of a window of raw samples, for measuring whether drawing in a worker on an OffscreenCanvas
// pays: the same code draws on the page and in bench/scrub-page/offscreen.worker.ts. Like uPlot's linear paths it
// draws each pixel column's samples as one vertical stroke (first, min, max, last) and scales y to the window.
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function drawWindow(
  ctx: Context2D,
  s: { times: Float64Array; values: Float32Array },
  t0: number,
  t1: number,
  width: number,
  height: number,
): void {
  const lo = Math.max(0, lowerBound(s.times, t0) - 1);
  const hi = Math.min(s.times.length, lowerBound(s.times, t1) + 1);
  let min = Infinity;
  let max = -Infinity;
  for (let i = lo; i < hi; i++) {
    const v = s.values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const xs = width / (t1 - t0);
  const ys = max > min ? (height - 2) / (max - min) : 0;
  ctx.clearRect(0, 0, width, height);
  ctx.beginPath();
  let col = NaN;
  let lowY = 0;
  let highY = 0;
  for (let i = lo; i < hi; i++) {
    const x = Math.round((s.times[i]! - t0) * xs);
    const y = height - 1 - (s.values[i]! - min) * ys;
    if (x === col) {
      if (y < lowY) lowY = y;
      if (y > highY) highY = y;
      continue;
    }
    if (!Number.isNaN(col)) {
      ctx.lineTo(col, lowY);
      ctx.lineTo(col, highY);
    }
    if (i === lo) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
    col = x;
    lowY = y;
    highY = y;
  }
  ctx.strokeStyle = '#0e7490';
  ctx.lineWidth = 1;
  ctx.stroke();
}
