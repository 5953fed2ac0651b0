// The time-series chart's uPlot options as a pure function of what it draws (as uPlot's own demos build them), and
// the rule that turns a drag on the time axis into a zoom (spec 2 §9). TimeSeriesChart makes the instance; this
// module imports uPlot's types only, so it runs (and is tested) without a DOM.
import type uPlot from 'uplot';
import { MIN_RANGE_MINUTES, MINUTE_MS } from '@/domain/chart-data';
import {
  DIRECTION_RANGE,
  DIRECTION_TICKS,
  directionTickLabel,
  niceStep,
  niceTicks,
  tickLabel,
  ticksWithin,
  timeTickLabel,
} from '@/domain/chart-axes';
import { OTHER_SERIES_LABEL } from '@/domain/chart-series';
import type { TimeRange } from '@/domain/date-range';
import { formatDateTime } from '@/domain/format';

export const CHART_HEIGHT = 150;
export const Y_TICKS = 5;
/** A drag must cover more than this share of the range to zoom (spec 2 §9). */
export const MIN_DRAG_SHARE = 1 / 130;
export const MINIMUM_ZOOM_MESSAGE = 'Minimum time range is 60 minutes';
/** Five named lines, then 'Other' in grey. */
export const SERIES_COLOURS = ['#0e7490', '#b45309', '#7c3aed', '#15803d', '#be123c'];
export const OTHER_COLOUR = '#6b7280';

const GRID = { stroke: 'rgba(127,127,127,0.15)' };

export function seriesColour(name: string, index: number): string {
  return name === OTHER_SERIES_LABEL ? OTHER_COLOUR : SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}

/** What a drag across the time axis does: nothing (too short), or a zoom, widened to an hour with a message. */
export function zoomForDrag(from: number, to: number, span: number): { range: TimeRange; message?: string } | null {
  if (to - from <= span * MIN_DRAG_SHARE) return null;
  if (to - from < MIN_RANGE_MINUTES * MINUTE_MS) {
    const middle = (from + to) / 2;
    return {
      range: { start: Math.round(middle - 30 * MINUTE_MS), end: Math.round(middle + 30 * MINUTE_MS) },
      message: MINIMUM_ZOOM_MESSAGE,
    };
  }
  return { range: { start: Math.round(from), end: Math.round(to) } };
}

export interface TimeSeriesOptionsInput {
  width: number;
  /** The drawn series' labels, in order. */
  names: readonly string[];
  title: string;
  unitLabel: string;
  /** An angle: a 0–360° axis with compass ticks, drawn as points. */
  direction: boolean;
  /** The range the user dragged on the y axis, if any. */
  yRange: [number, number] | null;
  timeZone: string;
  timeFormat: '12-hr' | '24-hr';
  syncKey: string;
  /** The page's range now (the instance outlives a range change). */
  currentRange: () => TimeRange;
  /** A finished selection on the time axis, in ms. */
  onSelect: (from: number, to: number) => void;
}

function yScale(direction: boolean, yRange: [number, number] | null): uPlot.Scale {
  if (direction) return { auto: false, range: () => (yRange ?? [...DIRECTION_RANGE]) as uPlot.Range.MinMax };
  if (yRange) return { auto: false, range: yRange };
  return {
    range: (_u, min, max) => {
      const t = niceTicks(min, max, Y_TICKS);
      return [t.min, t.max];
    },
  };
}

function yAxis(direction: boolean): uPlot.Axis {
  return {
    stroke: 'currentColor',
    grid: GRID,
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
  };
}

function valueSeries(input: TimeSeriesOptionsInput, name: string, i: number): uPlot.Series {
  const { title, unitLabel, direction } = input;
  return {
    // A lone series named after the measurement reads as the measurement with its unit.
    label: name === title ? `${title}${unitLabel ? ` (${unitLabel})` : ''}` : name,
    stroke: seriesColour(name, i),
    width: 1.5,
    value: (_u: uPlot, v: number | null) =>
      v === null || v === undefined ? '—' : direction ? `${v.toFixed(0)}°` : v.toFixed(2),
    spanGaps: false,
    // An angle is drawn as points: a line across the 0/360 wrap would be a false swing.
    ...(direction ? { paths: () => null, points: { show: true, size: 3, fill: seriesColour(name, i) } } : {}),
  };
}

/** The options of one chart instance; tzDate (which needs uPlot itself) is added by the component. */
export function timeSeriesOptions(input: TimeSeriesOptionsInput): Omit<uPlot.Options, 'tzDate'> {
  const { timeZone, timeFormat } = input;
  return {
    width: Math.max(200, input.width),
    height: CHART_HEIGHT,
    scales: {
      x: { time: true, range: () => [input.currentRange().start / 1000, input.currentRange().end / 1000] },
      y: yScale(input.direction, input.yRange),
    },
    axes: [
      {
        stroke: 'currentColor',
        grid: GRID,
        values: (_u, splits, _axis, _space, increment) =>
          splits.map((v) => timeTickLabel(v * 1000, increment * 1000, timeZone, timeFormat)),
      },
      yAxis(input.direction),
    ],
    series: [
      {
        value: (_u: uPlot, ts: number | null) => (ts === null ? '—' : formatDateTime(ts * 1000, timeZone, timeFormat)),
      },
      ...input.names.map((name, i) => valueSeries(input, name, i)),
    ],
    cursor: { sync: { key: input.syncKey }, drag: { x: true, y: false, setScale: false } },
    legend: { show: true },
    hooks: {
      setSelect: [
        (u) => {
          if (u.select.width <= 0) return;
          const from = u.posToVal(u.select.left, 'x') * 1000;
          const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
          u.setSelect({ left: 0, width: 0, top: 0, height: 0 }, false);
          input.onSelect(from, to);
        },
      ],
    },
  };
}
