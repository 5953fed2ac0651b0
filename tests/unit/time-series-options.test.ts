// The time-series chart's uPlot options and drag-to-zoom rule, built without a DOM (src/ui/chart/time-series-options).
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { MINUTE_MS } from '@/domain/chart-data';
import { OTHER_SERIES_LABEL } from '@/domain/chart-series';
import {
  CHART_HEIGHT,
  MINIMUM_ZOOM_MESSAGE,
  OTHER_COLOUR,
  SERIES_COLOURS,
  timeSeriesOptions,
  zoomForDrag,
  type TimeSeriesOptionsInput,
} from '@/ui/chart/time-series-options';

const DAY = 24 * 60 * MINUTE_MS;
const input = (over: Partial<TimeSeriesOptionsInput> = {}): TimeSeriesOptionsInput => ({
  width: 640,
  names: ['CH4'],
  title: 'CH4',
  unitLabel: 'ppm',
  direction: false,
  yRange: null,
  timeZone: 'UTC',
  timeFormat: '24-hr',
  syncKey: 'page',
  currentRange: () => ({ start: 0, end: DAY }),
  onSelect: () => undefined,
  ...over,
});

describe('zoomForDrag', () => {
  it('ignores a drag shorter than 1/130 of the range', () => {
    expect(zoomForDrag(0, DAY / 200, DAY)).toBeNull();
  });

  it('widens a drag under an hour to the hour around its middle, with the message', () => {
    const z = zoomForDrag(10 * 60 * MINUTE_MS, 10 * 60 * MINUTE_MS + 20 * MINUTE_MS, 7 * 60 * MINUTE_MS);
    expect(z).toEqual({
      range: { start: 10 * 60 * MINUTE_MS - 20 * MINUTE_MS, end: 10 * 60 * MINUTE_MS + 40 * MINUTE_MS },
      message: MINIMUM_ZOOM_MESSAGE,
    });
  });

  it('zooms to a longer drag as it is, rounded to the millisecond', () => {
    expect(zoomForDrag(1000.4, 3 * 60 * MINUTE_MS + 0.6, DAY)).toEqual({
      range: { start: 1000, end: 3 * 60 * MINUTE_MS + 1 },
    });
  });
});

describe('timeSeriesOptions', () => {
  it('sizes the chart, at least 200 px wide, and syncs the cursor by the page key', () => {
    const o = timeSeriesOptions(input({ width: 120 }));
    expect([o.width, o.height]).toEqual([200, CHART_HEIGHT]);
    expect(o.cursor?.sync?.key).toBe('page');
  });

  it('names a lone series after the measurement with its unit, others by their label, Other in grey', () => {
    const names = ['A', 'B', 'C', 'D', 'E', OTHER_SERIES_LABEL];
    const lone = timeSeriesOptions(input());
    expect(lone.series[1]!.label).toBe('CH4 (ppm)');
    const many = timeSeriesOptions(input({ names }));
    expect(many.series.slice(1).map((s) => s.label)).toEqual(names);
    expect(many.series.slice(1).map((s) => s.stroke)).toEqual([...SERIES_COLOURS, OTHER_COLOUR]);
  });

  it('draws an angle as points on a fixed 0–360 axis, a measurement as a line', () => {
    const angle = timeSeriesOptions(input({ direction: true, names: ['Wind Direction'], title: 'Wind Direction' }));
    const s = angle.series[1]!;
    expect(s.points?.show).toBe(true);
    expect(typeof s.paths === 'function' && s.paths({} as uPlot, 1, 0, 0)).toBeNull();
    const yRange = angle.scales!.y!.range as uPlot.Range.Function;
    expect(yRange({} as uPlot, 0, 1, 'y')).toEqual([0, 360]);
    expect(angle.scales!.y!.auto).toBe(false);
    const line = timeSeriesOptions(input());
    expect(line.series[1]!.paths).toBeUndefined();
  });

  it('keeps a dragged y range fixed', () => {
    const o = timeSeriesOptions(input({ yRange: [2, 5] }));
    expect(o.scales!.y).toMatchObject({ auto: false, range: [2, 5] });
  });

  it('reads the x range from the page at draw time, in seconds', () => {
    let range = { start: 0, end: DAY };
    const o = timeSeriesOptions(input({ currentRange: () => range }));
    const x = o.scales!.x!.range as uPlot.Range.Function;
    range = { start: DAY, end: 2 * DAY };
    expect(x({} as uPlot, 0, 1, 'x')).toEqual([DAY / 1000, (2 * DAY) / 1000]);
  });

  it('hands a finished time-axis selection on in milliseconds and clears it', () => {
    const onSelect = vi.fn();
    const o = timeSeriesOptions(input({ onSelect }));
    const setSelect = vi.fn();
    const u = {
      select: { left: 10, width: 30, top: 0, height: 0 },
      posToVal: (px: number) => px * 60,
      setSelect,
    } as unknown as uPlot;
    o.hooks!.setSelect![0]!(u);
    expect(onSelect).toHaveBeenCalledWith(600_000, 2_400_000);
    expect(setSelect).toHaveBeenCalledWith({ left: 0, width: 0, top: 0, height: 0 }, false);
  });
});
