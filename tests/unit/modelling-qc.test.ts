import { describe, expect, it } from 'vitest';
import {
  CONTEXT_AFTER_MS,
  CONTEXT_BEFORE_MS,
  type MinuteWindow,
  type StepInput,
} from '../../server/services/modelling/contract';
import { cleanCh4, combineWind, dropFlatLines, fillShortGaps } from '../../server/services/modelling/qc';
import { runStep } from '../../server/services/modelling/step';
import { metecLikeGeometry, synthesize, windowFor } from '../../server/services/modelling/synthetic';

const MIN = 60_000;
const N = (CONTEXT_BEFORE_MS + CONTEXT_AFTER_MS) / MIN;

function blankWindow(R: number, start: number, n = N): MinuteWindow {
  const f = (v: number) => Array.from({ length: R }, () => new Float64Array(n).fill(v));
  return { start, minutes: n, ch4Ppm: f(2), windDirectionDeg: f(270), windSpeedMs: f(3), temperatureC: f(15) };
}

describe('QC of CH4 readings', () => {
  it('drops non-positive, saturated, absurd and flat-lined values; fills short gaps only', () => {
    const n = 90; // QC works on any span; 90 minutes holds the 35-minute flat line
    const w = blankWindow(1, 0, n);
    const y = w.ch4Ppm[0]!;
    for (let k = 0; k < n; k++) y[k] = 2 + 0.01 * Math.sin(k);
    y[3] = -1;
    y[4] = 0;
    y[5] = 990; // ≥ 0.98 × 1000
    y[6] = 5000; // absurd
    for (let k = 20; k < 24; k++) y[k] = Number.NaN; // 4-minute gap: filled
    for (let k = 40; k < 47; k++) y[k] = Number.NaN; // 7-minute gap: kept
    for (let k = 50; k < 85; k++) y[k] = 2.5; // 35-minute flat line
    const c = cleanCh4(w, 1);
    const out = c.ppm[0]!;
    expect(Number.isFinite(out[3]!)).toBe(true); // a 4-minute hole (3..6) is filled from its neighbours
    expect(out[4]!).toBeGreaterThan(1.9);
    expect(out[4]!).toBeLessThan(2.1);
    expect(c.dropped[0]!.saturated).toBe(1);
    expect(c.dropped[0]!.absurd).toBe(3);
    expect(out[21]!).toBeCloseTo(2 + ((0.01 * (Math.sin(19) * 4 + Math.sin(24) * 2)) / 5) * 1, 1);
    expect(Number.isNaN(out[43]!)).toBe(true);
    expect(Number.isNaN(out[60]!)).toBe(true);
    expect(c.dropped[0]!.flat).toBe(35);
  });

  it('flat-line and gap helpers', () => {
    const y = Float64Array.from({ length: 40 }, (_, k) => (k < 31 ? 1 : k));
    expect(dropFlatLines(y, 30, 1e-4)).toBe(31);
    const g = Float64Array.of(1, Number.NaN, Number.NaN, 4);
    fillShortGaps(g, 5);
    expect(Array.from(g)).toEqual([1, 2, 3, 4]);
  });
});

describe('wind combination', () => {
  it('takes the vector median (350° and 10° give 0°, not 180°) and flags calm', () => {
    const g = metecLikeGeometry();
    const w = blankWindow(8, 0);
    w.windDirectionDeg.forEach((d, i) => {
      for (let k = 0; k < N; k++) d[k] = (i % 2 ? 350 : 10) + 2 * Math.sin(k);
    });
    w.windSpeedMs.forEach((s) => s.fill(3));
    for (const s of w.windSpeedMs) for (let k = 0; k < 10; k++) s[k] = 0.2;
    const wind = combineWind(w, g, []);
    const d = wind.dirDeg[50]!;
    expect(Math.min(d, 360 - d)).toBeLessThan(1);
    expect(wind.weight[5]).toBe(0);
    expect(wind.weight[50]).toBe(1);
    expect(wind.notes.some((n) => n.includes('calm'))).toBe(true);
  });

  it('ignores a stuck vane and aligns a biased one', () => {
    const g = metecLikeGeometry();
    const w = blankWindow(8, 0);
    w.windDirectionDeg.forEach((d, i) => {
      for (let k = 0; k < N; k++) d[k] = 200 + 20 * Math.sin(k / 5) + (i === 1 ? 15 : 0);
    });
    w.windDirectionDeg[2]!.fill(45); // stuck
    const wind = combineWind(w, g, []);
    expect(wind.notes.some((n) => n.includes('stuck'))).toBe(true);
    expect(wind.bias[1]!).toBeGreaterThan(10);
    expect(Math.abs(wind.dirDeg[30]! - (200 + 20 * Math.sin(6)))).toBeLessThan(3);
  });
});

describe('runStep on bad input never throws', () => {
  const start = Date.UTC(2026, 5, 1, 12);
  const g = metecLikeGeometry();
  const series = synthesize(g, {
    start,
    minutes: 180,
    baseDirDeg: 250,
    speedMs: 3,
    releases: [{ sourceIndex: 0, rateKgH: 3, fromMin: 0, toMin: 180 }],
    noisePpm: 0.03,
    seed: 5,
  });
  const stepStart = start + 90 * MIN;
  const base = (): StepInput => ({
    geometry: metecLikeGeometry(),
    stepStart,
    window: windowFor(series, stepStart),
    carry: null,
  });

  it('no CH4 at all: site rate null with a note', () => {
    const input = base();
    input.window.ch4Ppm.forEach((y) => y.fill(Number.NaN));
    const r = runStep(input);
    expect(r.siteRate).toBeNull();
    expect(r.notes.join(' ')).toMatch(/CH4/);
  });

  it('no wind: site rate null', () => {
    const input = base();
    input.window.windSpeedMs.forEach((y) => y.fill(Number.NaN));
    const r = runStep(input);
    expect(r.siteRate).toBeNull();
    expect(r.notes.join(' ')).toMatch(/wind/);
  });

  it('calm air: only upper bounds, no emission', () => {
    const input = base();
    input.window.windSpeedMs.forEach((y) => y.fill(0.2));
    const r = runStep(input);
    expect(r.emissions).toEqual([]);
    expect(r.sources.every((s) => !s.on && !s.observable && s.upper > 0)).toBe(true);
    expect(r.siteRate?.upper).toBeGreaterThan(0);
  });

  it('saturated, negative and stuck sensors, a source without position or height, one device', () => {
    const input = base();
    input.window.ch4Ppm[0]!.fill(1000);
    input.window.ch4Ppm[1]!.fill(-3);
    input.window.ch4Ppm[2]!.fill(2.2);
    input.geometry.sources[3]!.east = Number.NaN;
    input.geometry.sources[4]!.height = Number.NaN;
    const r = runStep(input);
    expect(r.sources.find((s) => s.sourceId === g.sources[3]!.id)?.observable).toBe(false);
    expect(r.notes.join(' ')).toMatch(/no position/);
    expect(r.notes.join(' ')).toMatch(/no height/);
    const one = base();
    one.geometry.sensors = one.geometry.sensors.slice(4, 5);
    one.window = {
      ...one.window,
      ch4Ppm: one.window.ch4Ppm.slice(4, 5),
      windDirectionDeg: one.window.windDirectionDeg.slice(3, 4),
      windSpeedMs: one.window.windSpeedMs.slice(3, 4),
      temperatureC: one.window.temperatureC.slice(4, 5),
    };
    const r1 = runStep(one);
    expect(r1.notes.join(' ')).toMatch(/one device/);
    expect(r1.sources).toHaveLength(5);
  });

  it('no sources, no sensors, a garbage carry, a truncated window', () => {
    const a = base();
    a.geometry.sources = [];
    expect(runStep(a).siteRate).toBeNull();
    const b = base();
    b.geometry.sensors = [];
    expect(runStep(b).siteRate).toBeNull();
    const c = base();
    c.carry = { version: 1, data: { background: 'x', emissions: { 10: { open: { start: 'no' } } } } };
    expect(() => runStep(c)).not.toThrow();
    const d = base();
    d.window = { ...d.window, minutes: 10 };
    expect(runStep(d).siteRate).toBeNull();
  });
});
