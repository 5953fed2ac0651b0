// The demo seed hands its modelled sites to the pipeline: a tiny demo (one history site, a day) is seeded, the
// scheduler runs until it has caught up, and the modelled site then has the pipeline's site and source rates from its
// model start on, and no emission or site rate the seed wrote after that start; an unmodelled site keeps the seed's
// history, and the live simulator's readings there are modelled too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/seed';
import { liveSites, minuteSamples } from '../../server/seed/simulator';
import { ingestAndEvaluate } from '../../server/services/ingestion';
import { ModelScheduler } from '../../server/services/modelling/service/scheduler';
import { inProcessRunner } from '../../server/services/modelling/service/step-runner';
import { runStep } from '../../server/services/modelling/step';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

const MIN = 60_000;
const STEP = 15 * MIN;
const DAY = 86_400_000;
const ms = (v: Date | string) => new Date(v).getTime();

describe.each(testEngines)('demo modelling (%s)', (engine) => {
  let t: TestDatabase;
  const now = new Date(Date.UTC(2026, 8, 14, 18, 7, 30));
  const end = Math.floor(now.getTime() / MIN) * MIN;
  let modelled: { site_id: number; start_time: Date | string }[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedDatabase(
      t.database,
      { orgs: 3, sites: 24, devices: 90, days: 1, featuredDays: 0, historySites: 1, seed: 4 },
      undefined,
      now,
    );
    modelled = await t.database.query<{ site_id: number; start_time: Date | string }>(
      'SELECT site_id, start_time FROM site_model_states WHERE start_time IS NOT NULL ORDER BY site_id',
    );
  }, 300_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('starts the history site’s model a day back on a 15-minute step, with no seed emission or rate after it', async () => {
    expect(modelled).toHaveLength(1);
    const start = ms(modelled[0]!.start_time);
    const siteId = modelled[0]!.site_id;
    expect(start % STEP).toBe(0);
    expect(start).toBeGreaterThan(end - DAY);
    expect(start).toBeLessThanOrEqual(end - DAY + 75 * MIN);
    const [site] = await t.database.query<{ on: boolean; processed: Date | string }>(
      'SELECT modelling_pipeline_is_on AS on, model_processed_up_to AS processed FROM sites WHERE id = $1',
      [siteId],
    );
    expect(site!.on).toBe(true);
    expect(ms(site!.processed)).toBe(start);
    const [after] = await t.database.query<{ emissions: number; open: number; rates: number; late_end: number }>(
      `SELECT (SELECT count(*)::int FROM emissions WHERE site_id = $1 AND start_time >= $2) AS emissions,
              (SELECT count(*)::int FROM emissions WHERE site_id = $1 AND end_time IS NULL) AS open,
              (SELECT count(*)::int FROM emissions WHERE site_id = $1 AND end_time > $2) AS late_end,
              (SELECT count(*)::int FROM site_rates WHERE site_id = $1 AND time >= $2) AS rates`,
      [siteId, new Date(start).toISOString()],
    );
    expect(after).toEqual({ emissions: 0, open: 0, rates: 0, late_end: 0 });
    // The seed's history before the start is there (a year of emissions behind the analytics).
    const [before] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM emissions WHERE site_id = $1 AND start_time < $2',
      [siteId, new Date(start).toISOString()],
    );
    expect(before!.n).toBeGreaterThan(0);
    // Every Qube and Qube Lite there reports: none is offline to block the model.
    const [silent] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM device_installations i JOIN devices d ON d.id = i.device_id
        WHERE i.site_id = $1 AND i.ended_at IS NULL AND d.device_type IN ('Qube', 'QubeLite')
          AND NOT EXISTS (SELECT 1 FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = 1 AND c.last_time >= $2)`,
      [siteId, new Date(end - 30 * MIN).toISOString()],
    );
    expect(silent!.n).toBe(0);
  });

  it('catches up through the scheduler: the pipeline’s site and source rates from the start, nothing blocked', async () => {
    const siteId = modelled[0]!.site_id;
    const start = ms(modelled[0]!.start_time);
    const scheduler = new ModelScheduler({
      database: t.database,
      runner: inProcessRunner(runStep),
      publicUrl: 'http://localhost',
      log: () => undefined,
    });
    try {
      await scheduler.runUntilIdle();
    } finally {
      await scheduler.stop();
    }
    const [state] = await t.database.query<{ processed: Date | string; blocked: boolean; last: Date | string | null }>(
      'SELECT s.model_processed_up_to AS processed, m.is_blocked AS blocked, s.model_last_run_time AS last FROM sites s JOIN site_model_states m ON m.site_id = s.id WHERE s.id = $1',
      [siteId],
    );
    expect(state!.blocked).toBe(false);
    const processed = ms(state!.processed);
    // Caught up to what the readings cover (the look-ahead of the last step is 30 minutes).
    expect(processed).toBeGreaterThanOrEqual(end - 60 * MIN);
    const steps = (processed - start) / STEP;
    const [rates] = await t.database.query<{
      site: number;
      first: Date | string;
      sources: number;
      source_steps: number;
    }>(
      `SELECT (SELECT count(*)::int FROM site_rates WHERE site_id = $1 AND time >= $2) AS site,
              (SELECT min(time) FROM site_rates WHERE site_id = $1 AND time >= $2) AS first,
              (SELECT count(DISTINCT source_id)::int FROM source_rates WHERE site_id = $1) AS sources,
              (SELECT count(DISTINCT time)::int FROM source_rates WHERE site_id = $1) AS source_steps`,
      [siteId, new Date(start).toISOString()],
    );
    expect(rates!.site).toBe(steps);
    expect(rates!.source_steps).toBe(steps);
    const [sources] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sources WHERE site_id = $1',
      [siteId],
    );
    expect(rates!.sources).toBe(sources!.n);
    // Every emission from the start on is the pipeline's.
    const [emissions] = await t.database.query<{ seed: number }>(
      'SELECT (count(*) FILTER (WHERE model_opened_step IS NULL))::int AS seed FROM emissions WHERE site_id = $1 AND start_time >= $2',
      [siteId, new Date(start).toISOString()],
    );
    expect(emissions!.seed).toBe(0);
  }, 600_000);

  it('turns the simulator’s live readings of the modelled site into live steps, from the site’s own sources', async () => {
    const siteId = modelled[0]!.site_id;
    const sites = await liveSites(t.database, end + MIN);
    const [sourceRows, devices] = await Promise.all([
      t.database.query<{ lat: number; lng: number }>(
        'SELECT latitude AS lat, longitude AS lng FROM sources WHERE site_id = $1 ORDER BY id',
        [siteId],
      ),
      t.database.query<{ device_id: number }>(
        'SELECT device_id FROM device_installations WHERE site_id = $1 AND ended_at IS NULL ORDER BY device_id',
        [siteId],
      ),
    ]);
    const site = sites.find((s) => s.devices.some((d) => devices.some((x) => x.device_id === d.deviceId)))!;
    expect(site.weather).toBeDefined();
    expect(site.sources.map((s) => [s.lat, s.lng])).toEqual(sourceRows.map((s) => [s.lat, s.lng]));
    // Only modelled sites get the site weather.
    expect(sites.filter((s) => s.weather)).toHaveLength(1);
    const [before] = await t.database.query<{ processed: Date | string }>(
      'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
      [siteId],
    );
    for (let m = 1; m <= 75; m += 15) {
      const samples = Array.from({ length: 15 }, (_, k) => minuteSamples([site], end + (m + k) * MIN)).flat();
      await ingestAndEvaluate(t.database, samples, 'http://localhost');
    }
    const scheduler = new ModelScheduler({
      database: t.database,
      runner: inProcessRunner(runStep),
      publicUrl: 'http://localhost',
      log: () => undefined,
    });
    try {
      await scheduler.runUntilIdle();
    } finally {
      await scheduler.stop();
    }
    const [after] = await t.database.query<{ processed: Date | string; rates: number }>(
      'SELECT model_processed_up_to AS processed, (SELECT count(*)::int FROM site_rates WHERE site_id = $1 AND time >= $2) AS rates FROM sites WHERE id = $1',
      [siteId, new Date(end).toISOString()],
    );
    expect(ms(after!.processed)).toBeGreaterThanOrEqual(ms(before!.processed) + 3 * STEP);
    expect(after!.rates).toBeGreaterThan(0);
  }, 300_000);

  it('leaves the other sites with the seed’s history and no model run', async () => {
    const [other] = await t.database.query<{ sites: number; pipeline: number; runs: number }>(
      `SELECT count(DISTINCT e.site_id)::int AS sites, (count(*) FILTER (WHERE e.model_opened_step IS NOT NULL))::int AS pipeline,
              (SELECT count(*)::int FROM site_model_states m WHERE m.start_time IS NOT NULL AND m.site_id <> $1) AS runs
         FROM emissions e WHERE e.site_id <> $1`,
      [modelled[0]!.site_id],
    );
    expect(other!.sites).toBeGreaterThan(5);
    expect(other!.pipeline).toBe(0);
    expect(other!.runs).toBe(0);
    // Their year of seed emissions reaches past the modelled site's start.
    const [recent] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM emissions WHERE site_id <> $1 AND start_time >= $2',
      [modelled[0]!.site_id, modelled[0]!.start_time],
    );
    expect(recent!.n).toBeGreaterThan(0);
  });
});
