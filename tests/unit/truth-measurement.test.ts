import { describe, expect, it } from 'vitest';
import { createScenario } from '../../bench/truth/scenario';
import { createWorld } from '../../bench/truth/world';
import { GRADE_NOISE_PPM, SATURATION_PPM } from '../../bench/truth/measurement';
import type { ReadingsChunk, Scenario } from '../../bench/truth/types';

const START = Date.UTC(2025, 3, 1);
const MIN = 60_000;

function quiet(s: Scenario): Scenario {
  return { ...s, truth: { releases: [], offsite: [] } };
}

function median(xs: number[]): number {
  const a = [...xs].sort((p, q) => p - q);
  return a[Math.floor(a.length / 2)]!;
}

describe('truth measurement layer', () => {
  const scenario = quiet(createScenario('metec', 4, 0, START, 1));
  const world = createWorld(scenario, { faults: { outagesPerSensorMonth: 0, commsGapDayProbability: 0 } });
  const day: ReadingsChunk = world.advance(START + 1440 * MIN);

  it('drops ~3 % of sensor-minutes at random', () => {
    let lost = 0;
    let total = 0;
    for (const a of day.ch4Ppm) {
      for (const v of a) {
        total++;
        if (Number.isNaN(v)) lost++;
      }
    }
    expect(lost / total).toBeGreaterThan(0.02);
    expect(lost / total).toBeLessThan(0.04);
  });

  it('has the noise of the sensor grade (robust σ of minute-to-minute changes / √2)', () => {
    scenario.site.sensors.forEach((d, s) => {
      const a = day.ch4Ppm[s]!;
      const diffs: number[] = [];
      for (let k = 1; k < a.length; k++)
        if (!Number.isNaN(a[k]!) && !Number.isNaN(a[k - 1]!)) diffs.push(a[k]! - a[k - 1]!);
      const mad = median(diffs.map((x) => Math.abs(x - median(diffs))));
      const sigma = (1.4826 * mad) / Math.SQRT2;
      expect(sigma, `${d.name} (${d.grade})`).toBeGreaterThan(0.8 * GRADE_NOISE_PPM[d.grade]);
      expect(sigma, `${d.name} (${d.grade})`).toBeLessThan(1.25 * GRADE_NOISE_PPM[d.grade]);
    });
  });

  it('reports a plausible background, wind only where there is an anemometer, in km/h, stalled vanes as NaN', () => {
    scenario.site.sensors.forEach((d, s) => {
      const ch4 = Array.from(day.ch4Ppm[s]!).filter((v) => !Number.isNaN(v));
      expect(median(ch4)).toBeGreaterThan(1.4);
      expect(median(ch4)).toBeLessThan(3);
      const dir = day.windDirectionDeg[s]!;
      const spd = day.windSpeedKmh[s]!;
      if (!d.hasAnemometer) {
        expect(Array.from(dir).every(Number.isNaN)).toBe(true);
        expect(Array.from(spd).every(Number.isNaN)).toBe(true);
        return;
      }
      for (let k = 0; k < dir.length; k++) {
        if (Number.isNaN(day.ch4Ppm[s]![k]!)) continue;
        if (Number.isNaN(dir[k]!)) expect(spd[k]).toBe(0);
        else {
          expect(dir[k]).toBeGreaterThanOrEqual(0);
          expect(dir[k]).toBeLessThan(360);
          expect(spd[k]).toBeGreaterThanOrEqual(0.3 * 3.6 * 0.8);
        }
      }
      const temps = Array.from(day.temperatureC[s]!).filter((v) => !Number.isNaN(v));
      expect(Math.min(...temps)).toBeGreaterThan(-40);
      expect(Math.max(...temps)).toBeLessThan(50);
    });
  });

  it('delivers readings after their minute, and late (when the gap ends) during a comms gap', () => {
    const sc = quiet(createScenario('operator', 2, 0, START, 1));
    const w = createWorld(sc, {
      faults: { commsGapDayProbability: 1, dropoutProbability: 0, outagesPerSensorMonth: 0 },
    });
    const c = w.advance(START + 1440 * MIN);
    expect(w.commsGaps).toHaveLength(1);
    const gap = w.commsGaps[0]!;
    let inGap = 0;
    for (let s = 0; s < sc.site.sensors.length; s++) {
      for (let k = 0; k < c.times.length; k++) {
        const t = c.times[k]!;
        const arr = c.arrival[s]![k]!;
        expect(arr).toBeGreaterThanOrEqual(t);
        if (t >= gap.start && t < gap.end) {
          inGap++;
          expect(arr).toBeGreaterThanOrEqual(gap.end);
        } else expect(arr - t).toBeLessThan(60_000);
        expect(Number.isNaN(c.ch4Ppm[s]![k]!)).toBe(false);
      }
    }
    expect(inGap).toBeGreaterThan(0);
  });

  it('saturates at 1000 ppm next to a large release, and blanks a sensor during its outage', () => {
    const sc = createScenario('sparse', 1, 0, START, 1);
    const d = sc.site.sensors[0]!;
    const src = sc.site.sources[0]!;
    const big = {
      ...sc,
      truth: {
        // A release right at the sensor (the release point may be anywhere; this one is adversarial on purpose).
        releases: [
          {
            id: 'B',
            sourceKey: src.key,
            start: START,
            end: START + 30 * MIN,
            rateKgH: 50,
            east: d.east,
            north: d.north,
            height: d.height,
          },
        ],
        offsite: [],
      },
    };
    const w = createWorld(big, { faults: { dropoutProbability: 0, outagesPerSensorMonth: 0 } });
    const c = w.advance(START + 30 * MIN);
    const a = Array.from(c.ch4Ppm[0]!);
    expect(Math.max(...a)).toBe(SATURATION_PPM);
    expect(a.every((v) => v <= SATURATION_PPM)).toBe(true);

    const o = createWorld(quiet(createScenario('sparse', 1, 0, START, 30)), {
      faults: { outagesPerSensorMonth: 30, dropoutProbability: 0 },
    });
    const oc = o.advance(START + 1440 * MIN);
    const blank = oc.ch4Ppm.map((x) => Array.from(x).filter(Number.isNaN).length);
    expect(Math.max(...blank)).toBeGreaterThanOrEqual(120);
    for (let s = 0; s < oc.arrival.length; s++) {
      for (let k = 0; k < oc.times.length; k++)
        expect(Number.isNaN(oc.arrival[s]![k]!)).toBe(Number.isNaN(oc.ch4Ppm[s]![k]!));
    }
  });
});
