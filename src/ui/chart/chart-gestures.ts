// The chart's pointer gestures beyond uPlot's own: Escape during a time-axis drag drops the selection that follows,
// and a drag along the y axis sets its range (spec 2 §2). Returns the function that removes them.
import type uPlot from 'uplot';

export function attachChartGestures(
  u: uPlot,
  { cancelled, onYRange }: { cancelled: { current: boolean }; onYRange: (range: [number, number]) => void },
): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && u.select.width > 0) cancelled.current = true;
  };
  const onDown = () => {
    cancelled.current = false;
  };
  window.addEventListener('keydown', onKey);
  u.over.addEventListener('mousedown', onDown);

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
  };
}
