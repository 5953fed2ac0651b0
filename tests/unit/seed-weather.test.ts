// The demo's site weather and Gaussian plume (server/seed/site-weather.ts, plume.ts): the one-minute direction's
// spread by stability class (σθ 5–40°), the diurnal cycle of speed and stability, fronts turning the wind every few
// days, determinism; the plume's centre line, its crosswind symmetry and its mass balance.
import { describe, expect, it } from 'vitest';
import { gaussianPlumePpm, readingsAt } from '../../server/seed/measurements';
import { CH4_DENSITY, plumeConcentration, plumeEnhancementPpm, sigmas } from '../../server/seed/plume';
import { createRandom } from '../../server/seed/random';
import {
  SIGMA_THETA_BANDS,
  siteWeather,
  stabilityClass,
  windOf,
  type StabilityClass,
} from '../../server/seed/site-weather';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 5, 1);
// West Texas: local solar time is UTC − 6.8 h.
const LAT = 31.9;
const LNG = -102.1;
const weather = siteWeather(1, 42, LAT, LNG, T0, T0 + 60 * DAY);

/** Circular standard deviation (deg) of one hour's one-minute directions. */
function hourSpread(h: number): number {
  let c = 0;
  let s = 0;
  for (let m = 0; m < 60; m++) {
    const d = (weather.dirFrom[h * 60 + m]! * Math.PI) / 180;
    c += Math.cos(d);
    s += Math.sin(d);
  }
  const R = Math.hypot(c, s) / 60;
  return (Math.sqrt(-2 * Math.log(R)) * 180) / Math.PI;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('demo site weather', () => {
  it('spreads the one-minute direction by stability: wide in unstable hours, narrow in stable ones, within 5–40°', () => {
    const byClass = new Map<number, number[]>();
    const hours = Math.floor(weather.minutes / 60) - 1;
    for (let h = 0; h < hours; h++) {
      // Fronts turn the mean wind within the hour; the spread is about the meander.
      if (weather.front[h] || weather.front[h + 1] || (h > 0 && weather.front[h - 1])) continue;
      const cls = weather.cls[h * 60]!;
      byClass.set(cls, [...(byClass.get(cls) ?? []), hourSpread(h)]);
      expect(weather.sigmaTheta[h]).toBeGreaterThanOrEqual(SIGMA_THETA_BANDS[cls]![0]);
      expect(weather.sigmaTheta[h]).toBeLessThanOrEqual(SIGMA_THETA_BANDS[cls]![1]);
    }
    expect(Math.min(...SIGMA_THETA_BANDS.flat())).toBe(5);
    expect(Math.max(...SIGMA_THETA_BANDS.flat())).toBe(40);
    const means = [...byClass.entries()].sort((a, b) => a[0] - b[0]).map(([cls, xs]) => ({ cls, spread: mean(xs) }));
    // Both ends of the range occur over two months.
    expect(means.some((m) => m.cls <= 1)).toBe(true);
    expect(means.some((m) => m.cls >= 4)).toBe(true);
    for (const m of means) {
      // A sample of 60 correlated minutes sees somewhat less than σθ; the hourly mean drift adds a little.
      expect(m.spread).toBeGreaterThan(3);
      expect(m.spread).toBeLessThan(45);
    }
    // Monotone: each more stable class meanders less.
    for (let i = 1; i < means.length; i++) expect(means[i]!.spread).toBeLessThan(means[i - 1]!.spread);
    const unstable = mean(means.filter((m) => m.cls <= 1).map((m) => m.spread));
    const stable = mean(means.filter((m) => m.cls >= 4).map((m) => m.spread));
    expect(unstable).toBeGreaterThan(2.5 * stable);
  });

  it('turns the direction minute to minute, not only over days', () => {
    let jumps = 0;
    for (let m = 1; m < 24 * 60; m++) {
      const d = Math.abs(((weather.dirFrom[m]! - weather.dirFrom[m - 1]! + 540) % 360) - 180);
      if (d > 3) jumps++;
    }
    expect(jumps).toBeGreaterThan(200);
  });

  it('follows the sun: unstable classes by day, stable ones at night, and stronger wind in the afternoon', () => {
    const at = (localHour: number) => Array.from({ length: 60 }, (_, d) => T0 + d * DAY + (localHour + 6.8) * HOUR);
    const classAt = (t: number) => windOf(weather, t).cls;
    const afternoon = at(13).map(classAt);
    const night = at(2).map(classAt);
    expect(mean(afternoon)).toBeLessThan(2.5);
    expect(mean(night)).toBeGreaterThanOrEqual(3);
    expect(night.every((c) => c >= 3)).toBe(true);
    expect(mean(at(15).map((t) => windOf(weather, t).speedMs))).toBeGreaterThan(
      mean(at(3).map((t) => windOf(weather, t).speedMs)),
    );
    // Turner's table itself.
    expect(stabilityClass(1.5, 70, 0)).toBe(0);
    expect(stabilityClass(7, 70, 0)).toBe(2);
    expect(stabilityClass(1.5, -10, 0.1)).toBe(5);
    expect(stabilityClass(1.5, -10, 0.9)).toBe(4);
    expect(stabilityClass(8, -10, 0)).toBe(3);
  });

  it('brings a front every few days, turning the wind by 60° or more within a few hours', () => {
    const fronts = [...weather.front.keys()].filter((h) => weather.front[h] === 1);
    expect(fronts.length).toBeGreaterThanOrEqual(60 / 5);
    expect(fronts.length).toBeLessThanOrEqual(60 / 1.5 + 1);
    const turned = fronts
      .filter((h) => h + 4 < weather.prevailing.length)
      .map((h) => Math.abs(((weather.prevailing[h + 3]! - weather.prevailing[h - 1]! + 540) % 360) - 180));
    expect(mean(turned)).toBeGreaterThan(60);
    // Between fronts the prevailing direction drifts slowly.
    const quiet: number[] = [];
    for (let h = 1; h < weather.prevailing.length; h++) {
      if (fronts.some((f) => h >= f - 1 && h <= f + 4)) continue;
      quiet.push(Math.abs(((weather.prevailing[h]! - weather.prevailing[h - 1]! + 540) % 360) - 180));
    }
    expect(mean(quiet)).toBeLessThan(10);
  });

  it('is the same for the same seed, site and start, and differs between sites', () => {
    const again = siteWeather(1, 42, LAT, LNG, T0, T0 + 60 * DAY);
    expect(Array.from(again.dirFrom.subarray(0, 5000))).toEqual(Array.from(weather.dirFrom.subarray(0, 5000)));
    expect(Array.from(again.speedMs.subarray(0, 5000))).toEqual(Array.from(weather.speedMs.subarray(0, 5000)));
    const other = siteWeather(1, 43, LAT, LNG, T0, T0 + 60 * DAY);
    expect(Array.from(other.dirFrom.subarray(0, 100))).not.toEqual(Array.from(weather.dirFrom.subarray(0, 100)));
    // Speeds stay realistic.
    expect(Math.min(...weather.speedMs)).toBeGreaterThanOrEqual(0.3);
    expect(Math.max(...weather.speedMs)).toBeLessThan(25);
    // Times outside the span clamp to its ends.
    expect(windOf(weather, T0 - DAY).from).toBe(weather.dirFrom[0]);
  });
});

describe('demo Gaussian plume', () => {
  const source = { east: 0, north: 0, height: 2 };

  it('is largest on the centre line downwind, symmetric across it, and nothing upwind', () => {
    // Wind from the west blows east.
    const at = (east: number, north: number) => plumeConcentration(source, { east, north, height: 2.4 }, 5, 270, 3, 3);
    const centre = at(50, 0);
    expect(centre).toBeGreaterThan(0);
    expect(at(50, 3)).toBeLessThan(centre);
    expect(at(50, 3)).toBeCloseTo(at(50, -3), 12);
    expect(at(50, 10)).toBeLessThan(at(50, 3));
    expect(at(-50, 0)).toBe(0);
    // Along the centre line it falls with distance.
    expect(at(100, 0)).toBeLessThan(centre);
    // A wind from the north puts the plume south.
    expect(plumeConcentration(source, { east: 0, north: -50, height: 2.4 }, 5, 0, 3, 3)).toBeCloseTo(centre, 12);
  });

  it('scales with the rate, inversely with the wind, and conserves mass across a downwind plane', () => {
    const c = (rate: number, u: number) =>
      plumeConcentration(source, { east: 60, north: 0, height: 2.4 }, rate, 270, u, 3);
    expect(c(10, 3)).toBeCloseTo(2 * c(5, 3), 12);
    expect(c(5, 6)).toBeCloseTo(c(5, 3) / 2, 12);
    // ∫∫ u c dy dz over the plane x = 60 m (z ≥ 0, the ground reflects) is the emission rate in kg/s.
    for (const cls of [0, 3, 5] as StabilityClass[]) {
      const u = 3;
      const { sy, sz } = sigmas(60, cls);
      const dy = sy / 20;
      const dz = sz / 20;
      let flux = 0;
      for (let y = -6 * sy; y <= 6 * sy; y += dy) {
        for (let z = dz / 2; z <= 2 + 8 * sz; z += dz)
          flux += u * plumeConcentration(source, { east: 60, north: y, height: z }, 7.2, 270, u, cls) * dy * dz;
      }
      expect(flux).toBeCloseTo(7.2 / 3600, 5);
    }
    // Stable air keeps the plume narrow and concentrated.
    expect(sigmas(60, 5).sy).toBeLessThan(sigmas(60, 0).sy);
    expect(plumeConcentration(source, { east: 60, north: 0, height: 2.4 }, 5, 270, 3, 5)).toBeGreaterThan(
      plumeConcentration(source, { east: 60, north: 0, height: 2.4 }, 5, 270, 3, 0),
    );
  });

  it('gives a few ppm from a kg/h at tens of metres, saturating towards 1,000 ppm', () => {
    const ppm = plumeEnhancementPpm(source, { east: 50, north: 0, height: 2.4 }, 1, 270, 3, 3);
    expect(ppm).toBeGreaterThan(0.5);
    expect(ppm).toBeLessThan(20);
    expect(ppm).toBeCloseTo(
      (plumeConcentration(source, { east: 50, north: 0, height: 2.4 }, 1, 270, 3, 3) / CH4_DENSITY) * 1e6,
      1,
    );
    expect(plumeEnhancementPpm(source, { east: 3, north: 0, height: 2 }, 5000, 270, 0.5, 5)).toBeLessThanOrEqual(1000);
    const raw = (plumeConcentration(source, { east: 10, north: 0, height: 2 }, 100, 270, 1, 5) / CH4_DENSITY) * 1e6;
    expect(raw).toBeGreaterThan(1000);
    expect(plumeEnhancementPpm(source, { east: 10, north: 0, height: 2 }, 100, 270, 1, 5)).toBeLessThan(raw);
  });

  it('drives a modelled site device: CH4 rises only while an event runs and the minute wind carries it there', () => {
    const w = siteWeather(2, 7, LAT, LNG, T0, T0 + 2 * DAY);
    const sources = [{ name: 'Tank battery', lat: LAT, lng: LNG }];
    const events = [{ source: 0, start: T0, end: T0 + 2 * DAY, rate: 10 }];
    // A ring of devices 50 m out: at every minute, the one downwind sees the most.
    const ring = Array.from({ length: 8 }, (_, k) => {
      const a = (k * 45 * Math.PI) / 180;
      return {
        deviceId: k,
        lat: LAT + (50 * Math.cos(a)) / 111_195,
        lng: LNG + (50 * Math.sin(a)) / (111_195 * Math.cos((LAT * Math.PI) / 180)),
        types: [1, 15, 16],
      };
    });
    let agree = 0;
    for (let t = T0; t < T0 + DAY; t += 17 * MIN) {
      const ppm = ring.map((d) => gaussianPlumePpm(d, t, sources, events, w));
      const towards = (windOf(w, t).from + 180) % 360;
      const best = ppm.indexOf(Math.max(...ppm));
      const off = Math.abs(((((best * 45 - towards) % 360) + 540) % 360) - 180);
      if (off <= 22.5 + 1e-9) agree++;
      expect(ring.map((d) => gaussianPlumePpm(d, t, sources, [], w))).toEqual(ring.map(() => 0));
    }
    expect(agree).toBeGreaterThan(0.9 * Math.ceil(DAY / (17 * MIN)));
    // The readings carry the weather's wind (km/h, with anemometer noise) and the plume on the background.
    const reading = readingsAt(ring[0]!, T0 + 5 * HOUR, sources, events, 0, createRandom(1), w);
    expect(Math.abs(((reading.get(15)! - windOf(w, T0 + 5 * HOUR).from + 540) % 360) - 180)).toBeLessThan(10);
    expect(reading.get(16)! / 3.6).toBeCloseTo(windOf(w, T0 + 5 * HOUR).speedMs, 0);
    expect(reading.get(1)!).toBeGreaterThan(1.8);
  });
});
