// The chart's pointer gestures beyond uPlot's own: Escape during a time-axis drag drops the selection that follows,
// a drag along the y axis sets its range (spec 2 §2), and a click that does not drag picks the time under the pointer
// (the site dashboard's focused date). Returns the function that removes them.
import type uPlot from 'uplot';

export function attachChartGestures(
  u: uPlot,
  {
    cancelled,
    onYRange,
    onPickTime,
  }: {
    cancelled: { current: boolean };
    onYRange: (range: [number, number]) => void;
    /** A click on the plot without a drag: the time under the pointer, ms since the epoch. */
    onPickTime?: () => ((time: number) => void) | undefined;
  },
): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && u.select.width > 0) cancelled.current = true;
  };
  let downAt: { x: number; y: number } | null = null;
  const onDown = (e: MouseEvent) => {
    cancelled.current = false;
    downAt = { x: e.clientX, y: e.clientY };
  };
  const onUp = (e: MouseEvent) => {
    const pick = onPickTime?.();
    const left = u.cursor.left;
    if (pick && downAt && Math.hypot(e.clientX - downAt.x, e.clientY - downAt.y) < 4 && left !== undefined && left >= 0)
      pick(u.posToVal(left, 'x') * 1000);
    downAt = null;
  };
  window.addEventListener('keydown', onKey);
  u.over.addEventListener('mousedown', onDown);
  u.over.addEventListener('mouseup', onUp);

  const yAxis = u.root.querySelectorAll<HTMLElement>('.u-axis')[1];
  const band = document.createElement('div');
  band.className = 'pointer-events-none absolute left-0 right-0 bg-primary/15';
  let startY: number | null = null;
  const plotTop = () => u.over.getBoundingClientRect().top;
  const onYDown = (e: MouseEvent) => {
    startY = e.clientY - plotTop();
    u.over.appendChild(band);
    e.preventDefault();
  };
  const onYMove = (e: MouseEvent) => {
    if (startY === null) return;
    const y = e.clientY - plotTop();
    band.style.top = `${Math.min(y, startY)}px`;
    band.style.height = `${Math.abs(y - startY)}px`;
  };
  const onYUp = (e: MouseEvent) => {
    if (startY === null) return;
    const y = e.clientY - plotTop();
    band.remove();
    const [a, b] = [u.posToVal(startY, 'y'), u.posToVal(y, 'y')];
    startY = null;
    // A click without a drag changes nothing.
    if (Math.abs(a - b) > 0 && Number.isFinite(a) && Number.isFinite(b)) onYRange([Math.min(a, b), Math.max(a, b)]);
  };
  const onYKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && startY !== null) {
      startY = null;
      band.remove();
    }
  };
  yAxis?.addEventListener('mousedown', onYDown);
  window.addEventListener('mousemove', onYMove);
  window.addEventListener('mouseup', onYUp);
  window.addEventListener('keydown', onYKey);
  if (yAxis) yAxis.style.cursor = 'ns-resize';
  return () => {
    yAxis?.removeEventListener('mousedown', onYDown);
    window.removeEventListener('mousemove', onYMove);
    window.removeEventListener('mouseup', onYUp);
    window.removeEventListener('keydown', onYKey);
    window.removeEventListener('keydown', onKey);
    u.over.removeEventListener('mousedown', onDown);
    u.over.removeEventListener('mouseup', onUp);
  };
}
