// TimeSeriesChart (spec 2 §2 'Chart behaviour', §9): one or more series of one measurement over the page's range.
// Each series is loaded into the time-series worker once; what is drawn is the worker's M4 of it at the chart's pixel
// width, so a year of one-minute samples draws like a day. Past five series the rest collapse into 'Other'. Drag on
// the time axis zooms (Escape cancels), drag on the y axis sets its range, gaps split lines, values follow the user's
// units, and every chart of a page shares the cursor.
//
// While a new range loads, the series already in the worker are drawn over it at once, and the uPlot instance is
// kept across data changes (only its structure rebuilds it), so zooming is immediate and a drag survives late data.
import { chartSeriesKey, chartWindowKey, closestTimeKey } from '@/api/local-keys';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { windowGapThreshold, withGapNulls } from '@/domain/chart-gaps';
import { timeseriesClient } from '@/compute/timeseries-client';
import {
  CHART_MODES,
  chartModeEnabled,
  MIN_RANGE_MINUTES,
  MINUTE_MS,
  NO_DATA_TEXT,
  type ChartMode,
} from '@/domain/chart-data';
import { alignColumns, collapseSeries, OTHER_SERIES_LABEL } from '@/domain/chart-series';
import {
  DIRECTION_MODES,
  DIRECTION_PREFERRED_MODES,
  DIRECTION_RANGE,
  DIRECTION_TICKS,
  directionTickLabel,
  niceStep,
  niceTicks,
  tickLabel,
  ticksWithin,
  timeTickLabel,
} from '@/domain/chart-axes';
import { formatDateTime } from '@/domain/format';
import type { TimeRange } from '@/domain/date-range';
import type { UnitKind } from '@/domain/measurement-types';
import { inDisplayUnit, MEASUREMENT_UNIT_GROUP, measurementInDisplayUnit, type UnitGroupName } from '@/domain/units';
import { useElementWidth } from '../hooks/use-element-width';
import { useSession } from '../session-context';

export const CHART_HEIGHT = 150;
export const Y_TICKS = 5;
/** A drag must cover more than this share of the range to zoom (spec 2 §9). */
export const MIN_DRAG_SHARE = 1 / 130;
export const MINIMUM_ZOOM_MESSAGE = 'Minimum time range is 60 minutes';
export const OFFLINE_MESSAGE =
  'You are offline: the chart shows what it last loaded and refreshes when the connection returns.';
/** Five named lines, then 'Other' in grey. */
const SERIES_COLOURS = ['#0e7490', '#b45309', '#7c3aed', '#15803d', '#be123c'];
const OTHER_COLOUR = '#6b7280';

/** A series the loader has put into the time-series worker under `id`. */
export interface LoadedChartSeries {
  id: string;
  label: string;
  length: number;
  interval: number;
}

export type ChartLoader = (args: {
  mode: ChartMode;
  range: TimeRange;
  signal: AbortSignal;
  nonce: string;
}) => Promise<LoadedChartSeries[]>;
export type ClosestTime = (range: TimeRange) => Promise<{ startTime: string | null; endTime: string | null }>;

export interface TimeSeriesChartProps {
  /** The measurement's name, e.g. 'CH4'. */
  title: string;
  unitKind: UnitKind;
  /** Values of another unit group than the measurement kind's (the CH4 emission rate: ch4Rate). */
  unitGroup?: UnitGroupName;
  /** What is charted (device, measurement): with the mode and range it names the loaded series. */
  sourceKey: readonly (string | number)[];
  load: ChartLoader;
  /** Where the nearest data is, for 'Zoom to data' when the range has none. */
  closest?: ClosestTime;
  modes?: readonly ChartMode[];
  range: TimeRange;
  onZoom: (r: TimeRange) => void;
  syncKey: string;
  onMessage?: (text: string) => void;
  /** An angle (wind direction): a 0–360° axis with compass ticks, drawn as points, never 'Maximum' (issue 25). */
  direction?: boolean;
}

/** uPlot's columns (seconds) with a null after each of the line's breaks (spec 2 §9). */
function gapColumns(times: Float64Array, values: Float32Array, splits: Int32Array): [number[], (number | null)[]] {
  const gapped = withGapNulls(times, values, splits);
  return [gapped.times.map((t) => t / 1000), gapped.values];
}

let nonces = 0;

export function TimeSeriesChart({
  title,
  unitKind,
  unitGroup: unitGroupOverride,
  sourceKey,
  load,
  closest,
  modes: askedModes = CHART_MODES,
  range,
  onZoom,
  syncKey,
  onMessage,
  direction = false,
}: TimeSeriesChartProps) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const span = range.end - range.start;
  const modes = direction ? askedModes.filter((m) => DIRECTION_MODES.includes(m)) : askedModes;
  const fallback =
    (direction ? DIRECTION_PREFERRED_MODES.find((m) => modes.includes(m) && chartModeEnabled(m, span)) : undefined) ??
    modes[0] ??
    'Maximum';
  const [mode, setMode] = useState<ChartMode>(fallback);
  const effectiveMode = modes.includes(mode) && chartModeEnabled(mode, span) ? mode : fallback;
  const loaded = useQuery({
    queryKey: chartSeriesKey(sourceKey, effectiveMode, range.start, range.end),
    // A fresh id per load: a refetch of the same range never unloads the series it just loaded.
    queryFn: ({ signal }) => load({ mode: effectiveMode, range, signal, nonce: String(++nonces) }),
    staleTime: 60_000,
    // The worker holds the series only while this chart shows them, so an answer is never reused from the cache.
    gcTime: 0,
    // A failed refresh keeps the last good chart on screen with the error beside it; a new range draws the series
    // already loaded until its own arrive.
    placeholderData: (previous) => previous,
  });
  const series = loaded.data;
  useEffect(
    () => () => series?.forEach((s) => void timeseriesClient.unloadSeries(s.id).catch(() => undefined)),
    [series],
  );

  const [host, width] = useElementWidth(600, 200);
  const unitGroup = unitGroupOverride ?? MEASUREMENT_UNIT_GROUP[unitKind];
  const units = user.userSettings.unitConfiguration;
  const drawn = useQuery({
    queryKey: chartWindowKey(series?.map((s) => s.id).join(','), range.start, range.end, width, JSON.stringify(units)),
    enabled: series !== undefined && series.some((s) => s.length > 0),
    gcTime: 0,
    queryFn: async () => {
      // The worker answers each window with its breaks (the gap kernel runs where the points are); only a merged
      // 'Other' line is split afterwards, in a worker too.
      const pixelMs = (range.end - range.start) / width;
      const windows = await Promise.all(
        series!.map((s) => timeseriesClient.m4(s.id, range.start, range.end + 1, width, pixelMs)),
      );
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
  const unitLabel = unitGroupOverride
    ? inDisplayUnit(0, unitGroupOverride, units).label
    : measurementInDisplayUnit(0, unitKind, units).label;

  const [yRange, setYRange] = useState<[number, number] | null>(null);
  const cancelled = useRef(false);
  // The hooks of a kept instance read the latest props through refs.
  const latest = useRef({ range, span, onZoom, onMessage });
  latest.current = { range, span, onZoom, onMessage };
  // What the instance draws: rebuilt only when this changes shape; data and size follow below.
  const labelsKey = (drawn.data?.labels ?? []).join('\n');
  const ready = drawn.data !== undefined;
  const chart = useRef<uPlot | null>(null);
  const drawnRef = useRef(drawn.data);
  drawnRef.current = drawn.data;

  useEffect(() => {
    const el = host.current;
    const initial = drawnRef.current;
    if (!el || !initial || !ready) return;
    const names = labelsKey === '' ? [] : labelsKey.split('\n');
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: CHART_HEIGHT,
      // Ticks and the cursor legend in the user's time zone and clock, in the app's one date format.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      scales: {
        x: { time: true, range: () => [latest.current.range.start / 1000, latest.current.range.end / 1000] },
        y: direction
          ? { auto: false, range: () => (yRange ?? [...DIRECTION_RANGE]) as uPlot.Range.MinMax }
          : yRange
            ? { auto: false, range: yRange }
            : {
                range: (_u, min, max) => {
                  const t = niceTicks(min, max, Y_TICKS);
                  return [t.min, t.max];
                },
              },
      },
      axes: [
        {
          stroke: 'currentColor',
          grid: { stroke: 'rgba(127,127,127,0.15)' },
          values: (_u, splits, _axis, _space, increment) =>
            splits.map((v) => timeTickLabel(v * 1000, increment * 1000, timeZone, timeFormat)),
        },
        {
          stroke: 'currentColor',
          grid: { stroke: 'rgba(127,127,127,0.15)' },
          // Nice steps (1, 2, 2.5, 5 × 10ⁿ); a direction axis ticks at the compass points.
          splits: (u) => {
            const [min, max] = [u.scales.y!.min ?? 0, u.scales.y!.max ?? 1];
            if (direction) return DIRECTION_TICKS.filter((d) => d >= min && d <= max);
            return ticksWithin(min, max, niceStep(max - min, Y_TICKS));
          },
          values: (u, splits) => {
            if (direction) return splits.map(directionTickLabel);
            const step = niceStep((u.scales.y!.max ?? 1) - (u.scales.y!.min ?? 0), Y_TICKS);
            return splits.map((v) => tickLabel(v, step));
          },
          size: 60,
        },
      ],
      series: [
        {
          value: (_u: uPlot, ts: number | null) =>
            ts === null ? '—' : formatDateTime(ts * 1000, timeZone, timeFormat),
        },
        ...names.map((name, i) => ({
          // A lone series named after the measurement reads as the measurement with its unit.
          label: name === title ? `${title}${unitLabel ? ` (${unitLabel})` : ''}` : name,
          stroke: name === OTHER_SERIES_LABEL ? OTHER_COLOUR : SERIES_COLOURS[i % SERIES_COLOURS.length],
          width: 1.5,
          value: (_u: uPlot, v: number | null) =>
            v === null || v === undefined ? '—' : direction ? `${v.toFixed(0)}°` : v.toFixed(2),
          spanGaps: false,
          // An angle is drawn as points: a line across the 0/360 wrap would be a false swing.
          ...(direction
            ? {
                paths: () => null,
                points: {
                  show: true,
                  size: 3,
                  fill: name === OTHER_SERIES_LABEL ? OTHER_COLOUR : SERIES_COLOURS[i % SERIES_COLOURS.length],
                },
              }
            : {}),
        })),
      ],
      cursor: { sync: { key: syncKey }, drag: { x: true, y: false, setScale: false } },
      legend: { show: true },
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width <= 0) return;
            const from = u.posToVal(u.select.left, 'x') * 1000;
            const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
            u.setSelect({ left: 0, width: 0, top: 0, height: 0 }, false);
            if (cancelled.current) {
              cancelled.current = false;
              return;
            }
            const { span: current, onZoom: zoom, onMessage: message } = latest.current;
            if (to - from <= current * MIN_DRAG_SHARE) return;
            if (to - from < MIN_RANGE_MINUTES * MINUTE_MS) {
              const middle = (from + to) / 2;
              message?.(MINIMUM_ZOOM_MESSAGE);
              zoom({ start: Math.round(middle - 30 * MINUTE_MS), end: Math.round(middle + 30 * MINUTE_MS) });
              return;
            }
            zoom({ start: Math.round(from), end: Math.round(to) });
          },
        ],
      },
    };
    const u = new uPlot(options, initial.data, el);
    chart.current = u;
    // Escape during a drag: the selection that follows is dropped.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && u.select.width > 0) cancelled.current = true;
    };
    const onDown = () => {
      cancelled.current = false;
    };
    window.addEventListener('keydown', onKey);
    u.over.addEventListener('mousedown', onDown);
    // Drag along the y axis to set its range (spec 2 §2); Escape drops the drag.
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
      if (Math.abs(a - b) > 0 && Number.isFinite(a) && Number.isFinite(b)) setYRange([Math.min(a, b), Math.max(a, b)]);
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
      chart.current = null;
      u.destroy();
    };
  }, [labelsKey, unitLabel, title, syncKey, yRange, host, ready, direction, timeZone, timeFormat]);

  useEffect(() => {
    if (chart.current && drawn.data) chart.current.setData(drawn.data.data);
  }, [drawn.data]);
  useEffect(() => {
    chart.current?.setSize({ width, height: CHART_HEIGHT });
  }, [width]);
  // A new range moves the axis at once; its points follow from the worker.
  useEffect(() => {
    chart.current?.setScale('x', { min: range.start / 1000, max: range.end / 1000 });
  }, [range.start, range.end]);

  const empty = !loaded.isPlaceholderData && series !== undefined && series.every((s) => s.length === 0);
  const nearest = useQuery({
    queryKey: closestTimeKey(sourceKey, range.start, range.end),
    enabled: empty && closest !== undefined,
    queryFn: () => closest!(range),
  });
  const hasNearest = nearest.data?.startTime && nearest.data.endTime;

  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label={`${title} chart`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {title}
          {unitLabel && <span className="ml-1 font-normal text-base-content/70">({unitLabel})</span>}
        </h3>
        {yRange && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setYRange(null)}>
            Reset y axis
          </button>
        )}
        {modes.length > 0 && (
          <div className="join" role="group" aria-label={`${title} chart mode`}>
            {modes.map((m) => (
              <button
                key={m}
                type="button"
                className={`btn join-item btn-xs ${effectiveMode === m ? 'btn-primary' : 'btn-ghost'}`}
                aria-pressed={effectiveMode === m}
                disabled={!chartModeEnabled(m, span)}
                onClick={() => setMode(m)}
              >
                {m}
              </button>
            ))}
          </div>
        )}
      </div>
      {loaded.fetchStatus === 'paused' && (
        <div role="status" className="alert alert-info mb-1 py-1 text-xs">
          {OFFLINE_MESSAGE}
        </div>
      )}
      {loaded.error && (
        <div role="alert" className="alert alert-error mb-1 py-1 text-xs">
          {loaded.error.message}
          <button type="button" className="btn btn-xs" onClick={() => void loaded.refetch()}>
            Retry
          </button>
        </div>
      )}
      <div className="relative" style={{ minHeight: CHART_HEIGHT + 30 }}>
        <div ref={host} role="img" aria-label={`${title} over the selected time range`} className="w-full" />
        {(loaded.isPending || (drawn.isPending && drawn.fetchStatus !== 'idle')) && !loaded.error && (
          <div className="absolute inset-0 flex items-center justify-center" role="status">
            <span className="loading loading-spinner loading-sm" aria-label={`Loading ${title}`} />
          </div>
        )}
        {loaded.isPlaceholderData && !drawn.isPending && (
          <span
            className="absolute right-1 top-1 loading loading-spinner loading-xs text-base-content/50"
            role="status"
            aria-label={`Refreshing ${title}`}
          />
        )}
        {empty && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-base-100/80 text-sm text-base-content/70">
            <span>{NO_DATA_TEXT}</span>
            {hasNearest && (
              <button
                type="button"
                className="btn btn-outline btn-xs"
                onClick={() =>
                  onZoom({ start: Date.parse(nearest.data!.startTime!), end: Date.parse(nearest.data!.endTime!) })
                }
              >
                Zoom to data
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Loads one series from an Arrow answer into the time-series worker. */
export async function loadSeriesInto(id: string, label: string, bytes: ArrayBuffer): Promise<LoadedChartSeries> {
  const { length, interval } = await timeseriesClient.loadSeriesBytes(id, bytes, 'arrow');
  return { id, label, length, interval };
}
