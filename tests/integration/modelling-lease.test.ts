// Two schedulers, each with its own PostgreSQL connection pool as two server processes would have, work the same
// sites at once: the per-site lease and the cursor check mean no step of any site is ever run twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { CONTEXT_AFTER_MS, type StepInput, type StepResult } from '../../server/services/modelling/contract';
import { startModel } from '../../server/services/modelling/service/control';
import { ModelScheduler } from '../../server/services/modelling/service/scheduler';
import { releaseLease, takeLease } from '../../server/services/modelling/service/state';
import { inProcessRunner } from '../../server/services/modelling/service/step-runner';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const MIN = 60_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 8, 2, 15);

/** A stand-in for the stages: a zero rate after a little busy work, so the two schedulers' steps interleave. */
const step =
  (runs: string[], who: string) =>
  (input: StepInput): StepResult => {
    runs.push(`${input.geometry.siteId}@${input.stepStart}`);
    const until = Date.now() + 3;
    while (Date.now() < until) {
      /* busy */
    }
    return {
      stepStart: input.stepStart,
      siteRate: { rate: 0, lower: 0, upper: 1 },
      sources: [],
      emissions: [],
      carry: { version: 1, data: { who } },
      notes: [],
    };
  };

// PGlite is one embedded database in one process: there is no second process to race with.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'modelling lease on postgres (PGlite has no second process to race)',
  () => {
    let t: TestDatabase;
    let second: Database;
    const sites: number[] = [];

    beforeAll(async () => {
      t = await createTestDatabase('postgres');
      const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
        t.database.query<T>(sql, params);
      const [{ name }] = (await q<{ name: string }>('SELECT current_database() AS name')) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      second = await openPostgres(url.toString());
      const [org] = await q<{ id: number }>("INSERT INTO organizations (name) VALUES ('Lease Energy') RETURNING id");
      const samples: Sample[] = [];
      for (let s = 0; s < 3; s++) {
        const [site] = await q<{ id: number }>(
          'INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, $2, 31.9, -102.1) RETURNING id',
          [org!.id, `Lease pad ${s}`],
        );
        await q("INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Wellhead', 31.9, -102.1)", [
          site!.id,
        ]);
        const [dev] = await q<{ id: number }>(
          "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
          [`A-80${s}0`, org!.id],
        );
        await q(
          'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9001, -102.1, $3)',
          [dev!.id, site!.id, new Date(T0 - 24 * 3_600_000)],
        );
        for (let m = T0 + MIN; m <= T0 + 8 * HOUR; m += MIN) {
          samples.push(
            { deviceId: dev!.id, measurementType: 1, time: m, value: 2 },
            { deviceId: dev!.id, measurementType: 15, time: m, value: 270 },
            { deviceId: dev!.id, measurementType: 16, time: m, value: 10 },
          );
        }
        await t.database.transaction((tx) => startModel(tx, site!.id, T0 + HOUR, null));
        sites.push(site!.id);
      }
      await t.database.transaction((tx) => ingestSamples(tx, samples));
    }, 60_000);
    afterAll(async () => {
      await second?.close();
      await t?.drop();
    });

    it('lets one owner hold a site until its lease expires', async () => {
      const site = sites[0]!;
      expect(await takeLease(t.database, site, 'a', 60_000)).toBe(true);
      expect(await takeLease(second, site, 'b', 60_000)).toBe(false);
      expect(await takeLease(t.database, site, 'a', 60_000)).toBe(true);
      await releaseLease(t.database, site, 'a');
      expect(await takeLease(second, site, 'b', 1)).toBe(true);
      await new Promise((r) => setTimeout(r, 20));
      expect(await takeLease(t.database, site, 'a', 60_000)).toBe(true);
      await releaseLease(t.database, site, 'a');
    });

    it('never runs a step of a site twice when two processes work the same sites', async () => {
      const runs: string[] = [];
      const log: string[] = [];
      const a = new ModelScheduler({
        database: t.database,
        runner: inProcessRunner(step(runs, 'a')),
        publicUrl: 'http://localhost',
        log: (m) => log.push(m),
        owner: 'process-a',
        stepsPerSlice: 3,
      });
      const b = new ModelScheduler({
        database: second,
        runner: inProcessRunner(step(runs, 'b')),
        publicUrl: 'http://localhost',
        log: (m) => log.push(m),
        owner: 'process-b',
        stepsPerSlice: 3,
      });
      await Promise.all([a.runUntilIdle(), b.runUntilIdle(), a.runUntilIdle(), b.runUntilIdle()]);
      await a.runUntilIdle();
      expect(log).toEqual([]);
      // Steps from the start to the last one the readings' look-ahead covers, once each.
      const expected = sites.flatMap((s) =>
        Array.from(
          { length: (8 * HOUR - CONTEXT_AFTER_MS - HOUR) / (15 * MIN) + 1 },
          (_, i) => `${s}@${T0 + HOUR + i * 15 * MIN}`,
        ),
      );
      expect([...runs].sort()).toEqual(expected.sort());
      const carries = await t.database.query<{ who: string }>(
        "SELECT DISTINCT carry->'data'->>'who' AS who FROM model_checkpoints WHERE carry IS NOT NULL",
      );
      // Both processes did part of the work.
      expect(carries.map((c) => c.who).sort()).toEqual(['a', 'b']);
      const [dup] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM site_rates');
      expect(dup!.n).toBe(expected.length);
    }, 120_000);
  },
);
