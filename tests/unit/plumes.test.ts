// Simulated plumes (issue 22): the frame encoding (ppm / 0.1 up to 500 ppm), the state labels and rules, the legend,
// the colour scale, the sheet's PNG round trip and frame cut-out, and the forward model's frames.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PlumeFrame } from '@/contracts/plume';
import {
  canGeneratePlume,
  decodePlumeValue,
  encodePlumePpm,
  PLUME_ENCODED_MAX,
  PLUME_TEXT,
  plumeAlert,
  plumeButtonLabel,
  plumeLegendLabels,
  plumeScalePosition,
  PlumeStatus,
} from '@/domain/plume';
import { framesByTime, nearestIndex } from '../../src/features/site-dashboard/plume-animation';
import { colourCells, plumeColour, plumeLegendTickPositions } from '../../src/features/site-dashboard/plume-scale';
import { frameCells, sheetCells } from '../../src/features/site-dashboard/plume-sheet';
import { gridReceptors, plumeGrid, runPlume, type PlumeRunInput } from '../../server/services/plume/frames';
import { plumeWindow } from '../../server/services/plume/inputs';
import { frameSheetPng } from '../../server/services/plume/png';

/** RGB pixels of a PNG written by frameSheetPng (filter 0 on every row). */
function pngPixels(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const b = Buffer.from(png);
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  let at = 8;
  const idat: Buffer[] = [];
  while (at < b.length) {
    const len = b.readUInt32BE(at);
    if (b.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    rgb.set(raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1)), y * width * 3);
  return { width, height, rgb };
}

describe('plume encoding and states', () => {
  it('encodes ppm at a scale ratio of 0.1 up to 500 ppm', () => {
    expect(PLUME_ENCODED_MAX).toBe(5000);
    expect(encodePlumePpm(0)).toBe(0);
    expect(encodePlumePpm(-3)).toBe(0);
    expect(encodePlumePpm(Number.NaN)).toBe(0);
    expect(encodePlumePpm(0.04)).toBe(0);
    expect(encodePlumePpm(1)).toBe(10);
    expect(encodePlumePpm(12.34)).toBe(123);
    expect(encodePlumePpm(500)).toBe(5000);
    expect(encodePlumePpm(8000)).toBe(5000);
    expect(decodePlumeValue(123)).toBeCloseTo(12.3, 10);
  });

  it('labels the states, offers Generate only without a plume or after a failure, and throws on an unknown state', () => {
    expect(plumeButtonLabel(null)).toBe('Generate Plume');
    expect(plumeButtonLabel(PlumeStatus.values.InProgress)).toBe('Generating Plume...');
    expect(plumeButtonLabel(PlumeStatus.values.Saved)).toBe('Plume Generated');
    expect(plumeButtonLabel(PlumeStatus.values.Failed)).toBe('Error Generating Plume');
    expect(() => plumeButtonLabel(7)).toThrow('Unconfigured PlumeStatus value: 7');
    expect(canGeneratePlume(null, false)).toBe(true);
    expect(canGeneratePlume(PlumeStatus.values.Failed, false)).toBe(true);
    expect(canGeneratePlume(PlumeStatus.values.Saved, false)).toBe(false);
    expect(canGeneratePlume(PlumeStatus.values.InProgress, false)).toBe(false);
    expect(canGeneratePlume(null, true)).toBe(false);
  });

  it("picks the range's alert: failure first, then in progress, then available", () => {
    expect(plumeAlert([null, null])).toBeNull();
    expect(plumeAlert([0, 1, 2])).toEqual({ tone: 'error', text: PLUME_TEXT.alertFailed });
    expect(plumeAlert([0, 1, null])).toEqual({ tone: 'info', text: PLUME_TEXT.alertInProgress });
    expect(plumeAlert([0])).toEqual({ tone: 'success', text: 'Simulated Plume available' });
  });
});

describe('plume legend and colour scale', () => {
  it("has the ticks 1, 5, 25, 100 and '>500', evenly on the log scale from bottom to top", () => {
    expect(plumeLegendLabels()).toEqual(['1', '5', '25', '100', '>500']);
    const p = plumeLegendTickPositions();
    expect(p[0]).toBe(0);
    expect(p[4]).toBe(1);
    expect(p[1]).toBeCloseTo(Math.log(5) / Math.log(500), 10);
    for (let i = 1; i < p.length; i++) expect(p[i]!).toBeGreaterThan(p[i - 1]!);
    expect(plumeScalePosition(5000)).toBe(1);
  });

  it('is transparent below half a ppm and darkens and thickens towards 500 ppm', () => {
    expect(plumeColour(0)[3]).toBe(0);
    expect(plumeColour(0.4)[3]).toBe(0);
    expect(plumeColour(0.75)[3]).toBeGreaterThan(0);
    expect(plumeColour(0.75)[3]).toBeLessThan(plumeColour(1)[3]);
    const low = plumeColour(1);
    const high = plumeColour(500);
    expect(high[1]).toBeLessThan(low[1]); // less green: yellow → dark red
    expect(high[3]).toBeGreaterThan(low[3]);
    expect(plumeColour(10_000)).toEqual(high);
    // The lookup table agrees with the scale, and values past the encoded maximum draw as the maximum.
    const px = colourCells([0, 10, 5000, 65535]);
    expect([...px.subarray(4, 8)]).toEqual(plumeColour(1));
    expect([...px.subarray(8, 12)]).toEqual(high);
    expect([...px.subarray(12, 16)]).toEqual(high);
    expect(px[3]).toBe(0);
  });
});

describe('plume frame sheet', () => {
  it('writes every frame into one PNG and reads each back exactly, cell for cell', () => {
    const size = 4;
    const frames = Array.from({ length: 5 }, (_, f) =>
      Uint16Array.from({ length: size * size }, (_, i) => f * 1000 + i * 7),
    );
    frames[2]![3] = 5000;
    const { png, columns } = frameSheetPng(frames, size);
    expect(columns).toBe(3);
    const { width, height, rgb } = pngPixels(png);
    expect([width, height]).toEqual([12, 8]);
    // As the browser hands it over: RGBA with alpha 255.
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    const sheet = { width, cells: sheetCells(rgba) };
    frames.forEach((f, i) =>
      expect([...frameCells(sheet, { sheetIndex: i, sheetColumns: columns, frameSize: size })]).toEqual([...f]),
    );
    expect(() => frameSheetPng([], size)).toThrow('at least one frame');
    expect(() => frameSheetPng([new Uint16Array(3)], size)).toThrow('frame 0 holds 3 cells');
  });

  it('groups frames by time and finds the frame nearest a time', () => {
    const frame = (id: number, time: string) => ({ id, time }) as PlumeFrame;
    const { times, at } = framesByTime([
      frame(1, '2026-01-01T00:02:00Z'),
      frame(2, '2026-01-01T00:01:00Z'),
      frame(3, '2026-01-01T00:02:00Z'),
    ]);
    expect(times).toEqual([Date.parse('2026-01-01T00:01:00Z'), Date.parse('2026-01-01T00:02:00Z')]);
    expect(at.get(times[1]!)!.map((f) => f.id)).toEqual([1, 3]);
    expect(nearestIndex(times, Date.parse('2026-01-02T00:00:00Z'))).toBe(1);
    expect(nearestIndex(times, 0)).toBe(0);
    expect(nearestIndex([], 5)).toBe(0);
  });
});

describe('plume frames from the forward model', () => {
  const MIN = 60_000;
  const start = Date.UTC(2026, 5, 1, 12);
  const minutes = 40;
  const wind = (dirDeg: number, speedMs: number) => ({
    start,
    minutes,
    // A meandering vane: a constant one reads as stuck and is dropped by the wind QC.
    directionDeg: [Float64Array.from({ length: minutes }, (_, k) => dirDeg + 8 * Math.sin(k / 2))],
    speedMs: [new Float64Array(minutes).fill(speedMs)],
  });
  const base = (over: Partial<PlumeRunInput> = {}): PlumeRunInput => {
    const grid = {
      ...plumeGrid(
        [
          { east: 0, north: 0 },
          { east: 40, north: 0 },
        ],
        60,
      ),
      size: 32,
    };
    return {
      latitude: 31.9,
      longitude: -102.1,
      sensors: [{ deviceId: 1, east: 40, north: 0, height: 2.4 }],
      source: { x: 0, y: 0, z: 2 },
      rateKgH: 5,
      grid,
      wind: wind(270, 3),
      temperatureC: 20,
      frameMinutes: [30, 31],
      ...over,
    };
  };
  const cellsOf = (png: Uint8Array, columns: number, size: number, index: number) => {
    const { width, rgb } = pngPixels(png);
    const rgba = new Uint8Array((rgb.length / 3) * 4);
    for (let i = 0; i < rgb.length / 3; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, 0, 255], i * 4);
    return frameCells(
      { width, cells: sheetCells(rgba) },
      { sheetIndex: index, sheetColumns: columns, frameSize: size },
    );
  };

  it('draws the plume downwind of the source, scaled by the rate', () => {
    const r = base();
    const result = runPlume(r);
    if (!result.ok) throw new Error(result.reason);
    expect(result.size).toBe(32);
    const cells = cellsOf(result.png, result.columns, result.size, 1);
    const receptors = gridReceptors(r.grid);
    let east = 0;
    let west = 0;
    receptors.forEach((p, i) => {
      if (Math.abs(p.y) > 10) return;
      if (p.x > 10) east = Math.max(east, cells[i]!);
      if (p.x < -10) west = Math.max(west, cells[i]!);
    });
    expect(east).toBeGreaterThan(10);
    expect(west).toBe(0);
    // Twice the rate, twice the concentrations (below the 500 ppm cap).
    const double = runPlume({ ...r, rateKgH: 10 });
    if (!double.ok) throw new Error(double.reason);
    expect(double.maxPpm).toBeCloseTo(2 * result.maxPpm, 6);
  });

  it('refuses a run without wind, rate or minutes with a clear reason', () => {
    expect(runPlume(base({ wind: wind(Number.NaN, Number.NaN) }))).toEqual({
      ok: false,
      reason: 'The site has no wind readings over the emission',
    });
    const half = wind(270, 3);
    half.speedMs[0]!.fill(Number.NaN, 0, 31);
    half.directionDeg[0]!.fill(Number.NaN, 0, 31);
    expect(runPlume(base({ wind: half, frameMinutes: [20, 25, 29, 35] }))).toMatchObject({
      ok: false,
      reason: "The site has wind readings for only 1 of the emission's 4 minutes",
    });
    expect(runPlume(base({ rateKgH: 0 }))).toMatchObject({ ok: false });
    expect(runPlume(base({ frameMinutes: [] }))).toMatchObject({ ok: false });
    expect(runPlume(base({ sensors: [] }))).toMatchObject({ ok: false });
  });

  it('covers [start − 10 min, end] on whole minutes, at most 6 hours', () => {
    expect(plumeWindow(start + 30_000, start + 20 * MIN)).toEqual({ from: start - 10 * MIN, to: start + 20 * MIN });
    const long = plumeWindow(start, start + 24 * 60 * MIN);
    expect(long.to - long.from).toBe(6 * 60 * MIN);
  });
});
