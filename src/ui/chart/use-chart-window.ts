// What a time-series chart draws for its range and pixel width: each loaded series' window in the user's units (the
// raw samples when the window holds fewer than four per pixel, served from a slice held on the page while it covers
// the window; else the worker's M4), past five collapsed into 'Other', with a null after each break so gaps split
// lines (spec 2 §9).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type uPlot from 'uplot';
import { chartWindowKey } from '@/api/local-keys';
import { timeseriesClient } from '@/compute/timeseries-client';
import type { WindowPoints } from '@/compute/wasm-core';
import { windowGapThreshold, withGapNulls } from '@/domain/chart-gaps';
import { alignColumns, collapseSeries } from '@/domain/chart-series';
import type { TimeRange } from '@/domain/date-range';
import { inDisplayUnit, type UnitGroupName } from '@/domain/units';
import { RawSliceCache } from './raw-slice-cache';
import type { LoadedChartSeries } from './time-series-chart';

export interface DrawnWindow {
  labels: string[];
  data: uPlot.AlignedData;
}

type UnitConfiguration = Parameters<typeof inDisplayUnit>[2];

/** uPlot's columns (seconds) with a null after each of the line's breaks. */
function gapColumns(times: Float64Array, values: Float32Array, splits: Int32Array): [number[], (number | null)[]] {
  const gapped = withGapNulls(times, values, splits);
  return [gapped.times.map((t) => t / 1000), gapped.values];
}

export function useChartWindow(
  series: LoadedChartSeries[] | undefined,
  range: TimeRange,
  width: number,
  unitGroup: UnitGroupName | null | undefined,
  units: UnitConfiguration,
) {
  const [slices] = useState(() => new RawSliceCache());
  return useQuery({
    queryKey: chartWindowKey(series?.map((s) => s.id).join(','), range.start, range.end, width, JSON.stringify(units)),
    enabled: series !== undefined && series.some((s) => s.length > 0),
    gcTime: 0,
    queryFn: async (): Promise<DrawnWindow> => {
      // The worker answers each window with its breaks (the gap kernel runs where the points are); only a merged
      // 'Other' line is split afterwards, in a worker too.
      const pixelMs = (range.end - range.start) / width;
      const windows = await windowsOf(slices, series!, range.start, range.end + 1, width, pixelMs);
      const shown = collapseSeries(
        windows.map((w, i) => ({
          label: series![i]!.label,
          times: w.times,
          values: unitGroup ? Float32Array.from(w.values, (v) => inDisplayUnit(v, unitGroup, units).value) : w.values,
          interval: series![i]!.interval,
          ...(w.splits ? { splits: w.splits } : {}),
        })),
      );
      const columns = await Promise.all(
        shown.map(async (s) => {
          const splits =
            s.splits ?? (await timeseriesClient.splitTimes(s.times, windowGapThreshold(s.interval, pixelMs)));
          const [times, values] = gapColumns(s.times, s.values, splits);
          return { times, values };
        }),
      );
      return {
        labels: shown.map((s) => s.label),
        data: (columns.length ? alignColumns(columns) : [[]]) as uPlot.AlignedData,
      };
    },
    placeholderData: (previous) => previous,
  });
}

/** Each series' window: from its held raw slice when that covers it, else from the worker (one message each). */
async function windowsOf(
  slices: RawSliceCache,
  series: LoadedChartSeries[],
  t0: number,
  t1: number,
  width: number,
  pixelMs: number,
): Promise<Required<WindowPoints>[]> {
  const ids = series.map((s) => s.id);
  slices.retain(ids);
  const windows = await Promise.all(
    ids.map(async (id) => {
      const held = slices.window(id, t0, t1, width);
      if (held) return held;
      const view = await timeseriesClient.view(id, t0, t1, width, pixelMs);
      if (view.kind === 'm4') return { ...view.points, splits: view.points.splits ?? new Int32Array(0) };
      slices.put(id, view.slice);
      return slices.window(id, t0, t1, width) ?? { ...view.slice };
    }),
  );
  // The next slices are asked for while this window is drawn; a pan that reaches them needs no message.
  for (const id of slices.toPrefetch(ids, t0, t1)) {
    void timeseriesClient
      .view(id, t0, t1, width, pixelMs, `prefetch:${id}`)
      .then((view) => (view.kind === 'raw' ? slices.put(id, view.slice) : slices.drop(id)))
      .catch(() => undefined);
  }
  return windows;
}
