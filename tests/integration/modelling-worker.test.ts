// runStep in the compute thread (with the wasm puff kernel when built) answers what it answers on this thread (the window travels as transferred typed
// arrays, the carry as structured data), and a module that throws fails the step, not the process.
import { describe, expect, it } from 'vitest';
import type { StepInput } from '../../server/services/modelling/contract';
import { runStep } from '../../server/services/modelling/step';
import { KERNEL_MODULE, STEP_MODULE } from '../../server/services/modelling/service';
import { workerRunner } from '../../server/services/modelling/service/step-runner';

const T = Date.UTC(2026, 8, 3, 16);
const input = (): StepInput => {
  const minutes = 90;
  const series = (f: (k: number) => number) => [
    Float64Array.from({ length: minutes }, (_, k) => f(k)),
    Float64Array.from({ length: minutes }, (_, k) => f(k + 3)),
  ];
  return {
    geometry: {
      siteId: 1,
      latitude: 31.9,
      longitude: -102.1,
      elevationM: 0,
      sources: [{ id: 1, groupId: null, categoryId: 1, east: -30, north: 0, height: 2 }],
      sensors: [
        { deviceId: 1, east: 50, north: 0, height: 2.4 },
        { deviceId: 2, east: 50, north: 20, height: 2.4 },
      ],
    },
    stepStart: T,
    window: {
      start: T - 3_600_000,
      minutes,
      ch4Ppm: series((k) => 2 + (k > 50 && k < 70 ? 1.5 * Math.abs(Math.sin(k)) : 0)),
      windDirectionDeg: series((k) => 270 + 30 * Math.sin(k / 5)),
      windSpeedMs: series(() => 3),
      temperatureC: series(() => 25),
    },
    carry: null,
  };
};

describe('modelling compute thread', () => {
  it('answers as runStep does on this thread', async () => {
    const logs: string[] = [];
    const runner = workerRunner(STEP_MODULE, (m) => logs.push(m), KERNEL_MODULE);
    try {
      const here = runStep(input());
      const there = await runner.run(input());
      // The thread may run the wasm puff kernel, which agrees with the TypeScript one to rounding.
      expect(there.notes).toEqual(here.notes);
      expect(there.siteRate?.rate).toBeCloseTo(here.siteRate!.rate, 9);
      expect(there.siteRate?.upper).toBeCloseTo(here.siteRate!.upper, 9);
      expect(there.sources.map((x) => [x.sourceId, x.on, x.observable])).toEqual(
        here.sources.map((x) => [x.sourceId, x.on, x.observable]),
      );
      expect(there.emissions.length).toBe(here.emissions.length);
      expect(there.carry.version).toBe(here.carry.version);
    } finally {
      await runner.close();
    }
  }, 60_000);

  it('fails the step when the module cannot run it', async () => {
    const runner = workerRunner(
      'data:text/javascript,export function runStep() { throw new Error("boom") }',
      () => undefined,
    );
    try {
      await expect(runner.run(input())).rejects.toThrow('boom');
    } finally {
      await runner.close();
    }
  }, 60_000);
});
