// The one module that touches uPlot: mounts a chart, follows the container's width, destroys on unmount.
import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartOptions = Omit<Options, 'width'>;
export type ChartData = AlignedData;

export function UplotChart({ options, data, label }: { options: ChartOptions; data: ChartData; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const chart = new uPlot({ ...options, width: Math.max(200, el.clientWidth) }, data, el);
    const ro = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, el.clientWidth), height: options.height }),
    );
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={host} role="img" aria-label={label} className="w-full" />;
}

/** Bars for categorical charts. */
export const barsPath = (): NonNullable<uPlot.Series['paths']> => uPlot.paths.bars!({ size: [0.6, 80] });
