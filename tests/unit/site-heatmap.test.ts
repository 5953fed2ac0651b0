// The CH4 heatmap's pure parts (issue 22 item 3): the range's days and their shares, the hours-weighted tile
// combination and the measured fallback's background, the grid's encoding both ways, the colour scale, and one tile's
// steady plume against the analytic Gaussian plume built from the same σ curves.
import { describe, expect, it } from 'vitest';
import {
  colourHeatmapGrid,
  decodeHeatmapValues,
  heatmapColour,
  heatmapLegendLabels,
  heatmapScale,
  heatmapScalePosition,
} from '@/domain/site-heatmap';
import {
  combineMeasured,
  combineModelled,
  dayShare,
  encodeGrid,
  gridFromBytes,
  gridToBytes,
  utcDays,
  type ReadyTile,
} from '../../server/services/site-heatmap/combine';
import { computeTile, quantile, type TileInput } from '../../server/services/site-heatmap/tile';
import { puffSigmas } from '../../server/services/modelling/footprint';
import { ch4Density, type StabilityClass } from '../../server/services/modelling/physics';
import { measuredWind } from '../../server/services/plume/frames';

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 0, 10);
const tile = (day: number, hours: number, values: number[], extra: Partial<ReadyTile> = {}): ReadyTile => ({
  day,
  modelledHours: hours,
  meanPpm: Float32Array.from(values),
  devices: [],
  lowQuantilePpm: null,
  ...extra,
});

describe('heatmap tile combination', () => {
  it('lists the UTC days a range touches and the share of each inside it', () => {
    expect(utcDays(D0 + 6 * 3_600_000, D0 + DAY + 1)).toEqual([D0, D0 + DAY]);
    expect(utcDays(D0, D0 + DAY)).toEqual([D0]);
    expect(dayShare(D0, D0 + 6 * 3_600_000, D0 + 3 * DAY)).toBeCloseTo(0.75, 12);
    expect(dayShare(D0 + DAY, D0, D0 + DAY)).toBe(0);
  });

  it('weights each tile by its modelled hours times its share of the range', () => {
    const a = tile(D0, 24, [1, 0]);
    const b = tile(D0 + DAY, 6, [6, 3]);
    const whole = combineModelled([a, b], D0, D0 + 2 * DAY, 2)!;
    expect(whole.hours).toBe(30);
    expect(whole.values[0]).toBeCloseTo((24 * 1 + 6 * 6) / 30, 6);
    expect(whole.values[1]).toBeCloseTo((6 * 3) / 30, 6);
    expect(whole.maxPpm).toBeCloseTo(2, 6);
    // Half of the first day: its tile counts for 12 h.
    const half = combineModelled([a, b], D0 + DAY / 2, D0 + 2 * DAY, 2)!;
    expect(half.hours).toBe(18);
    expect(half.values[0]).toBeCloseTo((12 * 1 + 6 * 6) / 18, 6);
    // No modelled hours, a grid of another size, or a day outside the range: nothing.
    expect(combineModelled([tile(D0, 0, [1, 1])], D0, D0 + DAY, 2)).toBeNull();
    expect(combineModelled([tile(D0, 5, [1, 1, 1])], D0, D0 + DAY, 2)).toBeNull();
    expect(combineModelled([a], D0 + DAY, D0 + 2 * DAY, 2)).toBeNull();
  });

  it('gives each device its minutes-weighted mean less the weighted background, never below zero', () => {
    const dev = (deviceId: number, meanPpm: number, minutes: number) => ({
      deviceId,
      lat: 1,
      lng: 2,
      meanPpm,
      minutes,
    });
    const m = combineMeasured(
      [
        tile(D0, 0, [], { devices: [dev(1, 2.5, 1440), dev(2, 1.8, 1440)], lowQuantilePpm: 1.9 }),
        tile(D0 + DAY, 0, [], { devices: [dev(1, 3.0, 720)], lowQuantilePpm: 2.2 }),
      ],
      D0,
      D0 + 2 * DAY,
    );
    const bg = (2880 * 1.9 + 720 * 2.2) / 3600;
    expect(m.backgroundPpm).toBeCloseTo(bg, 9);
    const one = m.devices.find((d) => d.deviceId === 1)!;
    expect(one.enhancementPpm).toBeCloseTo((1440 * 2.5 + 720 * 3) / 2160 - bg, 9);
    expect(m.devices.find((d) => d.deviceId === 2)!.enhancementPpm).toBe(0);
    expect(combineMeasured([], D0, D0 + DAY)).toEqual({ devices: [], backgroundPpm: null });
  });

  it('encodes the grid as little-endian Float32 and decodes it back on both sides', () => {
    const v = Float32Array.from([0, 0.125, 3.5, 1e-6, 42]);
    expect(Array.from(gridFromBytes(gridToBytes(v)))).toEqual(Array.from(v));
    expect(Array.from(decodeHeatmapValues(encodeGrid(v)))).toEqual(Array.from(v));
  });

  it('takes quantiles of the finite values only', () => {
    expect(quantile([3, Number.NaN, 1, 2, 4, 5], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5], 0.05)).toBeCloseTo(1.2, 12);
    expect(quantile([Number.NaN], 0.05)).toBeNaN();
  });
});

describe('heatmap colour scale', () => {
  it('tops out at the peak rounded up to 1, 2 or 5 × 10ⁿ and spans two decades below it', () => {
    expect(heatmapScale(0.023)).toEqual({ lo: 0.0005, hi: 0.05, ticks: [0.0005, 0.005, 0.05] });
    expect(heatmapScale(3.3)).toMatchObject({ hi: 5, ticks: [0.05, 0.5, 5] });
    expect(heatmapScale(1)).toMatchObject({ hi: 1 });
    expect(heatmapScale(17)).toMatchObject({ hi: 20, ticks: [0.2, 2, 20] });
    // A flat site (or nothing) is not stretched to full colour.
    expect(heatmapScale(0).hi).toBe(0.01);
    expect(heatmapScale(Number.NaN).hi).toBe(0.01);
    expect(heatmapLegendLabels(heatmapScale(3.3))).toEqual(['0.05', '0.5', '≥5']);
  });

  it('is clear below half the foot, fades in, and rises in position and opacity with ppm', () => {
    const scale = heatmapScale(5);
    expect(heatmapColour(0, scale)).toEqual([0, 0, 0, 0]);
    expect(heatmapColour(0.0249, scale)[3]).toBe(0);
    expect(heatmapColour(Number.NaN, scale)[3]).toBe(0);
    const ticks = [0.05, 0.2, 1, 5].map((t) => heatmapColour(t, scale));
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]![3]).toBeGreaterThan(ticks[i - 1]![3]);
    expect(heatmapScalePosition(0.05, scale)).toBe(0);
    expect(heatmapScalePosition(5, scale)).toBe(1);
    expect(heatmapScalePosition(0.5, scale)).toBeCloseTo(0.5, 12);
    expect(heatmapColour(50, scale)).toEqual(heatmapColour(5, scale));
  });

  it('colours a grid cell by cell into RGBA', () => {
    const scale = heatmapScale(5);
    const px = colourHeatmapGrid([0, 1, 5, 0.01], 2, scale);
    expect(px).toHaveLength(16);
    expect(Array.from(px.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    expect(Array.from(px.subarray(4, 8))).toEqual(heatmapColour(1, scale));
    expect(Array.from(px.subarray(8, 12))).toEqual(heatmapColour(5, scale));
  });
});

describe('a heatmap tile', () => {
  // One source at the grid's centre, wind from the west at 3 m/s all day (a little jitter: QC drops stuck sensors), 4 kg/h for four steps.
  const SIZE = 64;
  const minutes = 1440 + 15 + 1;
  const start = D0 - 15 * 60_000;
  const input = (rate: number, steps = 4): TileInput => ({
    latitude: 40,
    longitude: -105,
    grid: { west: -160, east: 160, south: -160, north: 160, size: SIZE },
    sensors: [{ deviceId: 7, east: 60, north: 0, height: 2 }],
    sources: [{ id: 1, x: 0, y: 0, z: 2 }],
    wind: {
      start,
      minutes,
      directionDeg: [Float64Array.from({ length: minutes }, (_, k) => 270 + 4 * Math.sin(k * 1.7))],
      speedMs: [Float64Array.from({ length: minutes }, (_, k) => 3 + 0.05 * Math.sin(k / 5))],
    },
    ch4Ppm: [Float64Array.from({ length: minutes }, (_, k) => 2 + (k % 10) / 100)],
    dayStart: D0,
    steps: Array.from({ length: steps }, (_, i) => ({
      start: D0 + 12 * 3_600_000 + i * 15 * 60_000,
      rates: Float64Array.of(rate),
    })),
    temperatureC: 15,
  });

  it('matches the analytic Gaussian plume of the same σ curves downwind, with nothing upwind', () => {
    const r = computeTile(input(4));
    expect(r.modelledHours).toBe(1);
    const cell = SIZE / 320; // cells per metre
    const at = (x: number, y: number) =>
      r.meanPpm![Math.floor((160 - y) * cell) * SIZE + Math.floor((x + 160) * cell)]!;
    // The cell centre 100 m east: x = 102.5 m (cells are 5 m).
    const x = Math.floor(100 * cell) / cell + 2.5;
    const y = 2.5;
    // The closed form with the σ curves at the step's σθ and class as the forward model derives them from the wind.
    const { fw } = measuredWind({ ...input(4), frameMinutes: [] });
    const mid = 12 * 60 + 15 + 1 + 7;
    const u = 3;
    const q = ((4 / 3600) * 1e6) / ch4Density(0, 15);
    const [sy, sz] = puffSigmas(x / u, x, u * fw.sigmaTheta[mid]!, fw.stability[mid]! as StabilityClass);
    const analytic =
      (q / (2 * Math.PI * u * sy * sz)) * Math.exp(-(y * y) / (2 * sy * sy)) * (1 + Math.exp(-(4 * 4) / (2 * sz * sz)));
    const got = at(x, y);
    expect(got / analytic).toBeGreaterThan(0.9);
    expect(got / analytic).toBeLessThan(1.1);
    expect(at(-100, 0)).toBeLessThan(got * 1e-3);
    expect(at(x, 80)).toBeLessThan(got / 10);
  });

  it('is linear in the rates, averages only modelled steps, and keeps the devices’ means and the low quantile', () => {
    const a = computeTile(input(4));
    const b = computeTile(input(8));
    const i = a.meanPpm!.indexOf(Math.max(...a.meanPpm!));
    expect(b.meanPpm![i]! / a.meanPpm![i]!).toBeCloseTo(2, 5);
    const none = computeTile(input(4, 0));
    expect(none.meanPpm).toBeNull();
    expect(none.modelledHours).toBe(0);
    expect(none.devices).toEqual([{ deviceId: 7, meanPpm: expect.closeTo(2.045, 6), minutes: 1440 }]);
    expect(none.lowQuantilePpm).toBeCloseTo(2, 6);
  });
});
