// Chart options for the benchmark ratios: one bar per row of the table (labelled by its number: the rows' names are
// too long for an axis), log scale, 1x marked by the axis.
import type { KernelBenchmark } from '@/compute/timeseries-client';
import { barsPath, type ChartData, type ChartOptions } from '@/ui/chart/uplot-chart';

export function buildRatioChart(results: readonly KernelBenchmark[]): { options: ChartOptions; data: ChartData } {
  const names = results.map((_, i) => String(i + 1));
  return {
    data: [results.map((_, i) => i), results.map((r) => Math.max(r.ratio, 0.01))],
    options: {
      height: 220,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, results.length - 0.5)] }, y: { distr: 3, log: 10 } },
      axes: [
        {
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? (names[s] ?? '') : '')),
          splits: () => results.map((_, i) => i),
        },
        // Log axis: label the powers of ten only; uPlot hands minor ticks as well (some null).
        {
          label: 'speed-up',
          size: 60,
          values: (_u, splits) => splits.map((s) => (s != null && Number.isInteger(Math.log10(s)) ? `${s}x` : '')),
        },
      ],
      series: [
        {},
        {
          label: 'speed-up',
          fill: 'rgba(15, 95, 115, 0.75)',
          stroke: 'rgb(15, 95, 115)',
          paths: barsPath(),
          points: { show: false },
        },
      ],
    },
  };
}
