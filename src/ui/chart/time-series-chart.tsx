// TimeSeriesChart (spec 2 §2 'Chart behaviour', §9): one or more series of one measurement over the page's range.
// Each series is loaded into the time-series worker once; what is drawn is the worker's M4 of it at the chart's pixel
// width, so a year of one-minute samples draws like a day. Past five series the rest collapse into 'Other'. Drag on
// the time axis zooms (Escape cancels), drag on the y axis sets its range, gaps split lines, values follow the user's
// units, and every chart of a page shares the cursor.
//
// While a new range loads, the series already in the worker are drawn over it at once, and the uPlot instance is
// kept across data changes (only its structure rebuilds it), so zooming is immediate and a drag survives late data.
import { chartSeriesKey, closestTimeKey } from '@/api/local-keys';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { timeseriesClient } from '@/compute/timeseries-client';
import { CHART_MODES, chartModeEnabled, NO_DATA_TEXT, type ChartMode } from '@/domain/chart-data';
import { DIRECTION_MODES, DIRECTION_PREFERRED_MODES } from '@/domain/chart-axes';
import type { TimeRange } from '@/domain/date-range';
import type { UnitKind } from '@/domain/measurement-type';
import { inDisplayUnit, MEASUREMENT_UNIT_GROUP, measurementInDisplayUnit, type UnitGroupName } from '@/domain/units';
import { useElementWidth } from '../hooks/use-element-width';
import { useSession } from '../session-context';
import { attachChartGestures } from './chart-gestures';
import { CHART_HEIGHT, timeSeriesOptions, zoomForDrag } from './time-series-options';
import { useChartWindow, type DrawnWindow } from './use-chart-window';

export const OFFLINE_MESSAGE =
  'You are offline: the chart shows what it last loaded and refreshes when the connection returns.';
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

/**
 * What a click on a chart's plot without a drag does with the time under the pointer: a page that focuses a date
 * (the site dashboard) provides it for every chart inside; elsewhere a click does nothing.
 */
export const ChartPickTimeContext = createContext<((time: number) => void) | null>(null);

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
  const onPickTime = useContext(ChartPickTimeContext) ?? undefined;
  const { user } = useSession();
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
  const units = user.userSettings.unitConfiguration;
  const drawn = useChartWindow(series, range, width, unitGroupOverride ?? MEASUREMENT_UNIT_GROUP[unitKind], units);
  const unitLabel = unitGroupOverride
    ? inDisplayUnit(0, unitGroupOverride, units).label
    : measurementInDisplayUnit(0, unitKind, units).label;
  const [yRange, setYRange] = useState<[number, number] | null>(null);
  useUplot({
    host,
    drawn: drawn.data,
    width,
    range,
    span,
    onZoom,
    onMessage,
    title,
    unitLabel,
    syncKey,
    yRange,
    setYRange,
    direction,
    onPickTime,
  });

  const empty = !loaded.isPlaceholderData && series !== undefined && series.every((s) => s.length === 0);
  const nearest = useQuery({
    queryKey: closestTimeKey(sourceKey, range.start, range.end),
    enabled: empty && closest !== undefined,
    queryFn: () => closest!(range),
  });
  const nearestRange =
    nearest.data?.startTime && nearest.data.endTime
      ? { start: Date.parse(nearest.data.startTime), end: Date.parse(nearest.data.endTime) }
      : null;

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
        <ModeButtons title={title} modes={modes} current={effectiveMode} span={span} onMode={setMode} />
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
        {empty && <NoData nearest={nearestRange} onZoom={onZoom} />}
      </div>
    </section>
  );
}

function ModeButtons({
  title,
  modes,
  current,
  span,
  onMode,
}: {
  title: string;
  modes: readonly ChartMode[];
  current: ChartMode;
  span: number;
  onMode: (m: ChartMode) => void;
}) {
  if (modes.length === 0) return null;
  return (
    <div className="join" role="group" aria-label={`${title} chart mode`}>
      {modes.map((m) => (
        <button
          key={m}
          type="button"
          className={`btn join-item btn-xs ${current === m ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={current === m}
          disabled={!chartModeEnabled(m, span)}
          onClick={() => onMode(m)}
        >
          {m}
        </button>
      ))}
    </div>
  );
}

function NoData({ nearest, onZoom }: { nearest: TimeRange | null; onZoom: (r: TimeRange) => void }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-base-100/80 text-sm text-base-content/70">
      <span>{NO_DATA_TEXT}</span>
      {nearest && (
        <button type="button" className="btn btn-outline btn-xs" onClick={() => onZoom(nearest)}>
          Zoom to data
        </button>
      )}
    </div>
  );
}

/**
 * The uPlot instance in `host`: made when the drawn series' shape (labels, units, y range, direction, clock) changes,
 * kept across data, size and range changes, which are applied to it.
 */
function useUplot(p: {
  host: RefObject<HTMLDivElement | null>;
  drawn: DrawnWindow | undefined;
  width: number;
  range: TimeRange;
  span: number;
  onZoom: (r: TimeRange) => void;
  onMessage: ((text: string) => void) | undefined;
  title: string;
  unitLabel: string;
  syncKey: string;
  yRange: [number, number] | null;
  setYRange: (r: [number, number]) => void;
  direction: boolean;
  onPickTime: ((time: number) => void) | undefined;
}) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const { host, drawn, width, range, title, unitLabel, syncKey, yRange, setYRange, direction } = p;
  const cancelled = useRef(false);
  // The hooks of a kept instance read the latest props through refs.
  const latest = useRef(p);
  latest.current = p;
  const labelsKey = (drawn?.labels ?? []).join('\n');
  const ready = drawn !== undefined;
  const chart = useRef<uPlot | null>(null);
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;

  useEffect(() => {
    const el = host.current;
    const initial = drawnRef.current;
    if (!el || !initial || !ready) return;
    const options = timeSeriesOptions({
      width: el.clientWidth,
      names: labelsKey === '' ? [] : labelsKey.split('\n'),
      title,
      unitLabel,
      direction,
      yRange,
      timeZone,
      timeFormat,
      syncKey,
      currentRange: () => latest.current.range,
      onSelect: (from, to) => {
        if (cancelled.current) {
          cancelled.current = false;
          return;
        }
        const zoom = zoomForDrag(from, to, latest.current.span);
        if (!zoom) return;
        if (zoom.message) latest.current.onMessage?.(zoom.message);
        latest.current.onZoom(zoom.range);
      },
    });
    // Ticks and the cursor legend in the user's time zone and clock, in the app's one date format.
    const u = new uPlot({ ...options, tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone) }, initial.data, el);
    chart.current = u;
    const detach = attachChartGestures(u, {
      cancelled,
      onYRange: setYRange,
      onPickTime: () => latest.current.onPickTime,
    });
    return () => {
      detach();
      chart.current = null;
      u.destroy();
    };
  }, [labelsKey, unitLabel, title, syncKey, yRange, setYRange, host, ready, direction, timeZone, timeFormat]);

  useEffect(() => {
    if (chart.current && drawn) chart.current.setData(drawn.data);
  }, [drawn]);
  useEffect(() => {
    chart.current?.setSize({ width, height: CHART_HEIGHT });
  }, [width]);
  // A new range moves the axis at once; its points follow from the worker.
  useEffect(() => {
    chart.current?.setScale('x', { min: range.start / 1000, max: range.end / 1000 });
  }, [range.start, range.end]);
}

/** Loads one series from an Arrow answer into the time-series worker. */
export async function loadSeriesInto(id: string, label: string, bytes: ArrayBuffer): Promise<LoadedChartSeries> {
  const { length, interval } = await timeseriesClient.loadSeriesBytes(id, bytes, 'arrow');
  return { id, label, length, interval };
}
