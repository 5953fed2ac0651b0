// TimeSeriesChart (spec 2 §2 'Chart behaviour', §9): one measurement of one device. The series arrives as Arrow IPC
// and is loaded into the time-series worker once; what is drawn is the worker's M4 of it at the chart's pixel width,
// so a year of one-minute samples draws like a day. Drag on the time axis zooms (Escape cancels), gaps split lines,
// values follow the user's units, and every chart of a page shares the cursor.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { apiBytes, apiRequest } from '@/api/client';
import { gapThreshold, splitGaps, withGapNulls } from '../../../asm/reference/gaps';
import { timeseriesClient } from '@/compute/timeseries-client';
import { ARROW_STREAM_MIME, CHART_MODES, chartModeEnabled, MIN_RANGE_MINUTES, MINUTE_MS, NO_DATA_TEXT, type ChartMode } from '@/domain/chart-data';
import type { TimeRange } from '@/domain/date-range';
import type { MeasurementType } from '@/domain/measurement-types';
import { inDisplayUnit, MEASUREMENT_UNIT_GROUP, measurementInDisplayUnit } from '@/domain/units';
import { z } from 'zod';
import { useElementWidth } from '../use-element-width';
import { useSession } from '../session-context';

export const CHART_HEIGHT = 150;
export const Y_TICKS = 5;
/** A drag must cover more than this share of the range to zoom (spec 2 §9). */
export const MIN_DRAG_SHARE = 1 / 130;
export const MINIMUM_ZOOM_MESSAGE = 'Minimum time range is 60 minutes';


interface Props {
  deviceId: number;
  organizationId: number;
  type: MeasurementType;
  range: TimeRange;
  onZoom: (r: TimeRange) => void;
  syncKey: string;
  onMessage?: (text: string) => void;
}

function endpointFor(mode: ChartMode, span: number): { path: string; query: Record<string, number> } {
  switch (mode) {
    case 'Raw':
      return { path: '/api/data/deviceRawData/', query: {} };
    case 'Maximum':
      // About 4,000 maxima across the range: the worker's M4 does the rest per pixel.
      return { path: '/api/data/deviceSampledData/', query: { samplePeriod: Math.max(1, Math.min(1440, Math.ceil(span / MINUTE_MS / 4000))) } };
    case '15 Minutes':
      return { path: '/api/data/deviceAveragedData/', query: { averagingPeriod: 15 } };
    case '1 Hour':
      return { path: '/api/data/deviceAveragedData/', query: { averagingPeriod: 60 } };
    case '1 Day':
      return { path: '/api/data/deviceAveragedData/', query: { averagingPeriod: 1440 } };
  }
}

/** uPlot's columns (seconds) with a null where the series pauses longer than the gap rule allows (spec 2 §9). */
export function withGaps(times: Float64Array, values: Float32Array, interval: number): [number[], (number | null)[]] {
  const gapped = withGapNulls(times, values, splitGaps(times, gapThreshold(interval)));
  return [gapped.times.map((t) => t / 1000), gapped.values];
}

export function TimeSeriesChart({ deviceId, organizationId, type, range, onZoom, syncKey, onMessage }: Props) {
  const { user } = useSession();
  const span = range.end - range.start;
  const [mode, setMode] = useState<ChartMode>('Maximum');
  const effectiveMode = chartModeEnabled(mode, span) ? mode : 'Maximum';
  const endpoint = endpointFor(effectiveMode, span);
  const seriesId = `${deviceId}:${type.id}:${effectiveMode}:${range.start}:${range.end}`;
  const tz = user.userSettings.ianaTimezoneId;
  const loaded = useQuery({
    queryKey: ['series', seriesId],
    queryFn: async ({ signal }) => {
      const bytes = await apiBytes(endpoint.path, {
        accept: ARROW_STREAM_MIME,
        signal,
        query: { organizationId, deviceId, measurementTypeId: type.id, startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString(), timeZone: tz, ...endpoint.query },
      });
      return timeseriesClient.loadSeriesBytes(seriesId, bytes, 'arrow');
    },
    staleTime: 60_000,
    // A failed refresh keeps the last good chart on screen with the error beside it.
    placeholderData: (previous) => previous,
  });
  useEffect(() => () => void timeseriesClient.unloadSeries(seriesId).catch(() => undefined), [seriesId]);

  const [host, width] = useElementWidth(600, 200);

  const unitGroup = MEASUREMENT_UNIT_GROUP[type.unitKind];
  const drawn = useQuery({
    queryKey: ['m4', seriesId, width, loaded.data?.length],
    enabled: loaded.data !== undefined && loaded.data.length > 0,
    queryFn: async () => {
      const m4 = await timeseriesClient.m4(seriesId, range.start, range.end + 1, width);
      let values = m4.values;
      if (unitGroup) {
        values = Float32Array.from(m4.values, (v) => inDisplayUnit(v, unitGroup, user.userSettings.unitConfiguration).value);
      }
      return withGaps(m4.times, values, loaded.data!.interval);
    },
    placeholderData: (previous) => previous,
  });
  const unitLabel = measurementInDisplayUnit(0, type.unitKind, user.userSettings.unitConfiguration).label;

  const [yRange, setYRange] = useState<[number, number] | null>(null);
  const cancelled = useRef(false);
  const onZoomRef = useRef(onZoom);
  onZoomRef.current = onZoom;
  const options = useMemo<uPlot.Options>(
    () => ({
      width,
      height: CHART_HEIGHT,
      scales: { x: { time: true, min: range.start / 1000, max: range.end / 1000 }, ...(yRange ? { y: { auto: false, range: yRange } } : {}) },
      axes: [
        { stroke: 'currentColor', grid: { stroke: 'rgba(127,127,127,0.15)' } },
        { stroke: 'currentColor', grid: { stroke: 'rgba(127,127,127,0.15)' }, splits: (u) => {
          const [min, max] = [u.scales.y!.min ?? 0, u.scales.y!.max ?? 1];
          return Array.from({ length: Y_TICKS }, (_, i) => min + ((max - min) * i) / (Y_TICKS - 1));
        }, size: 60 },
      ],
      series: [{}, { label: `${type.label}${unitLabel ? ` (${unitLabel})` : ''}`, stroke: '#0e7490', width: 1.5, value: (_u, v) => (v === null ? '—' : v.toFixed(2)), spanGaps: false }],
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
            if (to - from <= span * MIN_DRAG_SHARE) return;
            if (to - from < MIN_RANGE_MINUTES * MINUTE_MS) {
              const middle = (from + to) / 2;
              onMessage?.(MINIMUM_ZOOM_MESSAGE);
              onZoomRef.current({ start: Math.round(middle - 30 * MINUTE_MS), end: Math.round(middle + 30 * MINUTE_MS) });
              return;
            }
            onZoomRef.current({ start: Math.round(from), end: Math.round(to) });
          },
        ],
      },
    }),
    [width, range.start, range.end, type.label, unitLabel, syncKey, span, onMessage, yRange],
  );

  useEffect(() => {
    const el = host.current;
    if (!el || !drawn.data) return;
    const u = new uPlot(options, drawn.data as uPlot.AlignedData, el);
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
      u.destroy();
    };
  }, [options, drawn.data, host]);

  const empty = loaded.data?.length === 0;
  const closest = useQuery({
    queryKey: ['closest', deviceId, type.id, range.start, range.end],
    enabled: empty,
    queryFn: () =>
      apiRequest('/api/data/closestTimeWithData/', z.object({ startTime: z.string().nullable(), endTime: z.string().nullable() }), {
        query: { organizationId, deviceId, dataType: 'sampled', measurementTypeId: type.id, startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() },
      }),
  });

  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label={`${type.label} chart`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {type.label}
          {unitLabel && <span className="ml-1 font-normal text-base-content/70">({unitLabel})</span>}
        </h3>
        {yRange && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setYRange(null)}>
            Reset y axis
          </button>
        )}
        <div className="join" role="group" aria-label={`${type.label} chart mode`}>
          {CHART_MODES.map((m) => (
            <button key={m} type="button" className={`btn join-item btn-xs ${effectiveMode === m ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={effectiveMode === m} disabled={!chartModeEnabled(m, span)} onClick={() => setMode(m)}>
              {m}
            </button>
          ))}
        </div>
      </div>
      {loaded.error && (
        <div role="alert" className="alert alert-error mb-1 py-1 text-xs">
          {loaded.error.message}
          <button type="button" className="btn btn-xs" onClick={() => void loaded.refetch()}>
            Retry
          </button>
        </div>
      )}
      <div className="relative" style={{ minHeight: CHART_HEIGHT + 30 }}>
        <div ref={host} role="img" aria-label={`${type.label} over the selected time range`} className="w-full" />
        {(loaded.isPending || (drawn.isPending && !empty)) && !loaded.error && (
          <div className="absolute inset-0 flex items-center justify-center" role="status">
            <span className="loading loading-spinner loading-sm" aria-label={`Loading ${type.label}`} />
          </div>
        )}
        {empty && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-base-100/80 text-sm text-base-content/70">
            <span>{NO_DATA_TEXT}</span>
            {closest.data?.startTime && closest.data.endTime && (
              <button type="button" className="btn btn-outline btn-xs" onClick={() => onZoom({ start: Date.parse(closest.data!.startTime!), end: Date.parse(closest.data!.endTime!) })}>
                Zoom to data
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
