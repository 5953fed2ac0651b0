// Draws its share of the scrub bench's charts on OffscreenCanvases handed over by the page (the measurement of
// whether drawing off the main thread pays); answers each window once its charts are drawn.
import { drawWindow } from './line-draw';
import { series } from './year-series';

const charts: { ctx: OffscreenCanvasRenderingContext2D; s: ReturnType<typeof series>; w: number; h: number }[] = [];

self.onmessage = (e: MessageEvent<{ canvases: [number, OffscreenCanvas][] } | { t0: number; t1: number }>) => {
  const m = e.data;
  if ('canvases' in m) {
    for (const [k, canvas] of m.canvases)
      charts.push({ ctx: canvas.getContext('2d')!, s: series(k), w: canvas.width, h: canvas.height });
    self.postMessage('ready');
    return;
  }
  for (const c of charts) drawWindow(c.ctx, c.s, m.t0, m.t1, c.w, c.h);
  self.postMessage('drawn');
};
