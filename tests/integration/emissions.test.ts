import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emissionRollupSchema,
  emissionTotalSchema,
  normalizedRateSchema,
  periodGroupedEmissionSchema,
  siteEmissionStatusSchema,
  siteFilterOptionSchema,
} from '@/contracts/emission';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';
import { SOURCE_CATEGORIES } from '@/domain/source-category';
import { refreshDailyVolumes } from '../../server/services/emission-rollup';

const at = (iso: string) => new Date(iso).toISOString();
const MARCH = { startTime: '2026-03-01T00:00:00.000Z', endTime: '2026-04-01T00:00:00.000Z' };
const MARCH_HOURS = 31 * 24;

describe.each(testEngines)('emissions on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  const site: Record<string, number> = {};
  let group = 0;
  let otherGroup = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    for (const r of await q<{ id: number; name: string }>('SELECT id, name FROM sites')) site[r.name] = r.id;
    site['Pad 3'] = (
      await q<{ id: number }>(
        "INSERT INTO sites (organization_id, name, latitude, longitude, deleted_at) VALUES ($1, 'Pad 3', 31.92, -102.12, now()) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    const source = async (siteId: number, name: string, category: number | null) =>
      (
        await q<{ id: number }>(
          'INSERT INTO sources (site_id, name, latitude, longitude, source_category_id) VALUES ($1, $2, 31.9, -102.1, $3) RETURNING id',
          [siteId, name, category],
        )
      )[0]!.id;
    const wellhead = await source(site['Pad 1']!, 'Wellhead', 1);
    const tank = await source(site['Pad 1']!, 'Tank', 2);
    const loose = await source(site['Pad 2']!, 'Unknown vent', null);
    const remote = await source(site['Station 9']!, 'Compressor', 4);
    const gone = await source(site['Pad 3']!, 'Wellhead', 1);
    const emission = (
      siteId: number,
      sourceId: number,
      start: string,
      end: string | null,
      rate: number,
      volume: number,
      severity: number | null,
    ) =>
      q(
        'INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume, severity) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [siteId, sourceId, start, end, rate, volume, severity],
      );
    // 4 h at 10 kg/h across the February/March edge (UTC): 20 kg each side.
    await emission(site['Pad 1']!, wellhead, '2026-02-28T22:00:00Z', '2026-03-01T02:00:00Z', 10, 40, 2);
    await emission(site['Pad 1']!, tank, '2026-03-10T00:00:00Z', '2026-03-10T05:00:00Z', 2, 10, 0);
    await emission(site['Pad 2']!, loose, '2026-03-15T00:00:00Z', '2026-03-15T01:00:00Z', 4, 4, 1);
    // Still processing: 6 kg so far at 3 kg/h.
    await emission(site['Pad 2']!, loose, '2026-03-20T00:00:00Z', null, 3, 6, null);
    await emission(site['Pad 2']!, loose, '2026-04-02T00:00:00Z', '2026-04-02T10:00:00Z', 1, 10, 0);
    await emission(site['Station 9']!, remote, '2026-03-05T00:00:00Z', '2026-03-05T10:00:00Z', 10, 100, 2);
    await emission(site['Pad 3']!, gone, '2026-03-03T00:00:00Z', '2026-03-03T05:00:00Z', 1, 5, 0);
    await refreshDailyVolumes(t.database, null, Date.UTC(2026, 0, 1), Date.UTC(2026, 5, 1));
    await q(
      "INSERT INTO emission_targets (site_id, effective_from, target_volume_per_month) VALUES ($1, '2026-02-01', 30)",
      [site['Pad 1']],
    );
    await q(
      "INSERT INTO site_baselines (site_id, baseline_type, effective_from, baseline) VALUES ($1, 0, '2026-03-01T00:00:00Z', 0.05)",
      [site['Pad 1']],
    );
    group = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'North') RETURNING id", [
        f.orgA,
      ])
    )[0]!.id;
    otherGroup = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'Elsewhere') RETURNING id", [
        f.orgB,
      ])
    )[0]!.id;
    await q('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [site['Pad 1'], group]);
    // One Critical alarm at Pad 1 in March.
    const [param] = await q<{ id: number }>(
      'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours) VALUES ($1, 0, 1, 1, 0, 1, 10, 0.25, 1) RETURNING id',
      [site['Pad 1']],
    );
    const [workflow] = await q<{ id: number }>('INSERT INTO workflows (workflow_type) VALUES (0) RETURNING id');
    await q(
      `INSERT INTO alarms (site_id, site_alarm_parameter_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value, hi_threshold, sliding_window_hours, workflow_id)
             VALUES ($1, $2, 2, 0, 1, 1, '2026-03-10T01:00:00Z', '2026-03-10T02:00:00Z', 500, 10, 0.25, $3)`,
      [site['Pad 1'], param!.id, workflow!.id],
    );
  });
  afterAll(() => t.close());

  const get = (url: string, params: Record<string, string | string[]>, user = f.admin) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({ organizationId: String(f.orgA), ...params }))
      for (const item of Array.isArray(v) ? v : [v]) qs.append(k, item);
    return t.as(user, { method: 'GET', url: `${url}?${qs.toString()}` });
  };

  it('rolls emissions up per site and source category, counting only the part inside the window', async () => {
    const res = await get('/api/emissions/emissionRollups/', MARCH);
    expect(res.statusCode).toBe(200);
    const rows = z.array(emissionRollupSchema).parse(res.json());
    const pick = (name: string, category: string) =>
      rows.find((r) => r.siteName === name && r.sourceCategoryName === category);
    expect(rows).toHaveLength(3);
    expect(pick('Pad 1', 'Wellhead')).toMatchObject({ totalCount: 1, averageEmissionRate: 10 });
    expect(pick('Pad 1', 'Wellhead')!.totalVolume).toBeCloseTo(20, 6);
    expect(pick('Pad 1', 'Tank')).toMatchObject({ totalCount: 1, totalVolume: 10, averageEmissionRate: 2 });
    // No category reads 'Uncategorized'; the processing emission counts its volume so far.
    expect(pick('Pad 2', 'Uncategorized')).toMatchObject({ totalCount: 2, totalVolume: 10, averageEmissionRate: 3.5 });
    expect(rows.some((r) => r.siteName === 'Station 9' || r.siteName === 'Pad 3')).toBe(false);
  });

  it('totals per period with the change, target, baseline, normalized rate and alarm counts', async () => {
    const res = await get('/api/emissions/emissionTotals/', {
      startTime: '2026-02-01T00:00:00Z',
      endTime: MARCH.endTime,
      bucketInterval: 'Monthly',
      ianaTimezoneId: 'UTC',
    });
    expect(res.statusCode).toBe(200);
    const [feb, mar] = z.array(emissionTotalSchema).parse(res.json());
    expect(feb).toMatchObject({
      periodName: 'Feb',
      year: 2026,
      targetEmissions: 30,
      baseline: null,
      deltaPreviousPercent: null,
      siteCount: 2,
      alarmCountCritical: 0,
      projectedEmissions: null,
    });
    expect(feb!.totalEmissions).toBeCloseTo(20, 6);
    expect(mar).toMatchObject({
      periodName: 'Mar',
      targetEmissions: 30,
      siteCount: 2,
      alarmCountHi: 0,
      alarmCountHiHi: 0,
      alarmCountCritical: 1,
    });
    expect(mar!.totalEmissions).toBeCloseTo(40, 6);
    expect(mar!.deltaPreviousPercent).toBeCloseTo(100, 6);
    expect(mar!.baseline).toBeCloseTo(0.05 * MARCH_HOURS, 6);
    expect(mar!.normalizedEmissionRate).toBeCloseTo(40 / MARCH_HOURS / 2, 9);
  });

  it('keeps one rollup row per site, day, category and severity, rebuilt without change', async () => {
    const count = async () =>
      (
        await t.database.query<{ n: number; v: number }>(
          'SELECT count(*)::int AS n, sum(volume) AS v FROM emission_daily_volumes',
        )
      )[0]!;
    const before = await count();
    // Pad 1: Feb 28 and Mar 1 (edge emission), Mar 10; Pad 2: Mar 15, Mar 20, Apr 2; Pad 3: Mar 3; Station 9: Mar 5.
    expect(before.n).toBe(8);
    expect(Number(before.v)).toBeCloseTo(40 + 10 + 4 + 6 + 10 + 100 + 5, 6);
    await refreshDailyVolumes(t.database, null, Date.UTC(2026, 0, 1), Date.UTC(2026, 5, 1));
    expect(await count()).toEqual(before);
    const [edge] = await t.database.query<{ hourly: number[] }>(
      "SELECT hourly FROM emission_daily_volumes WHERE day = '2026-02-28'",
    );
    expect(edge!.hourly.map(Number).slice(21)).toEqual([0, 10, 10]);
  });

  it("buckets in the user's time zone", async () => {
    const res = await get('/api/emissions/emissionTotals/', {
      startTime: '2026-02-01T06:00:00Z',
      endTime: '2026-04-01T05:00:00Z',
      bucketInterval: 'Monthly',
      ianaTimezoneId: 'America/Chicago',
    });
    const [feb, mar] = z.array(emissionTotalSchema).parse(res.json());
    // The edge-crossing emission is all February in Chicago.
    expect(feb!.totalEmissions).toBeCloseTo(40, 6);
    expect(mar!.totalEmissions).toBeCloseTo(20, 6);
    expect(mar!.startTime).toBe(at('2026-03-01T06:00:00Z'));
  });

  it('projects a period still under way', async () => {
    const now = Date.now();
    const res = await get('/api/emissions/emissionTotals/', {
      startTime: new Date(now - 40 * 86_400_000).toISOString(),
      endTime: new Date(now).toISOString(),
      bucketInterval: 'Monthly',
      ianaTimezoneId: 'UTC',
      endTimeIsInCurrentPeriod: 'true',
    });
    const rows = z.array(emissionTotalSchema).parse(res.json());
    expect(rows.at(-1)!.projectedEmissions).toBe(0);
    expect(rows[0]!.projectedEmissions).toBeNull();
  });

  it('groups periods by site, source category and alarm level', async () => {
    const query = { ...MARCH, bucketInterval: 'Monthly', ianaTimezoneId: 'UTC' };
    const bySite = z
      .array(periodGroupedEmissionSchema)
      .parse((await get('/api/emissions/getPeriodEmissionRollups/', { ...query, groupBySite: 'true' })).json());
    expect(Object.fromEntries(bySite.map((r) => [r.siteName, Math.round(r.totalEmissions * 1000) / 1000]))).toEqual({
      'Pad 1': 30,
      'Pad 2': 10,
    });
    const byCategory = z
      .array(periodGroupedEmissionSchema)
      .parse(
        (await get('/api/emissions/getPeriodEmissionRollups/', { ...query, groupBySourceCategory: 'true' })).json(),
      );
    expect(
      Object.fromEntries(byCategory.map((r) => [r.sourceCategoryName, Math.round(r.totalEmissions * 1000) / 1000])),
    ).toEqual({ Wellhead: 20, Tank: 10, Uncategorized: 10 });
    const byLevel = z
      .array(periodGroupedEmissionSchema)
      .parse((await get('/api/emissions/getPeriodEmissionRollups/', { ...query, groupByAlarmLevel: 'true' })).json());
    expect(
      Object.fromEntries(byLevel.map((r) => [String(r.alarmLevel), Math.round(r.totalEmissions * 1000) / 1000])),
    ).toEqual({ '2': 20, '0': 10, '1': 4, null: 6 });
  });

  it('gives each site its status inputs: average rate against the baseline, the change and alarm counts', async () => {
    const rows = z
      .array(siteEmissionStatusSchema)
      .parse((await get('/api/emissions/getSiteEmissionStatuses/', MARCH)).json());
    const [pad1, pad2] = rows;
    expect(rows.map((r) => r.siteName)).toEqual(['Pad 1', 'Pad 2']);
    expect(pad1!.totalVolume).toBeCloseTo(30, 6);
    expect(pad1!.averageRate).toBeCloseTo(30 / MARCH_HOURS, 9);
    expect(pad1!.emissionRatio).toBeCloseTo(30 / MARCH_HOURS / 0.05, 9);
    // The window before (the same length) held the February half of the edge emission.
    expect(pad1!.rateDelta).toBeCloseTo(10 / MARCH_HOURS, 9);
    expect(pad1).toMatchObject({ criticalAlarmCount: 1, hiAlarmCount: 0, baselineRate: 0.05 });
    expect(pad2).toMatchObject({ emissionRatio: null, baselineRate: null, criticalAlarmCount: 0 });
  });

  it('reports the normalized rate per monitored site by day', async () => {
    await t.database.query(
      "UPDATE sites SET model_processed_up_to = '2026-04-01T00:00:00Z' WHERE id = ANY($1::int[])",
      [[site['Pad 1'], site['Pad 2']]],
    );
    const answer = normalizedRateSchema.parse(
      (await get('/api/emissions/normalizedEmissionRate/', { ...MARCH, ianaTimezoneId: 'UTC' })).json(),
    );
    expect(answer.siteCount).toBe(2);
    expect(answer.points).toHaveLength(31);
    expect(answer.points[9]!.normalizedRate).toBeCloseTo(10 / 24 / 2, 9);
    expect(answer.normalizedRate).toBeCloseTo(40 / MARCH_HOURS / 2, 9);
  });

  it('narrows by the site filter: sites, groups and deleted sites', async () => {
    const rollups = async (params: Record<string, string | string[]>) =>
      z
        .array(emissionRollupSchema)
        .parse((await get('/api/emissions/emissionRollups/', { ...MARCH, ...params })).json());
    expect(new Set((await rollups({ 'siteFilter.site': String(site['Pad 2']) })).map((r) => r.siteName))).toEqual(
      new Set(['Pad 2']),
    );
    expect(new Set((await rollups({ 'siteFilter.siteGroup': String(group) })).map((r) => r.siteName))).toEqual(
      new Set(['Pad 1']),
    );
    expect(new Set((await rollups({ 'siteFilter.includeDeletedSites': 'true' })).map((r) => r.siteName))).toEqual(
      new Set(['Pad 1', 'Pad 2', 'Pad 3']),
    );
    expect(
      new Set(
        (await rollups({ 'siteFilter.site': [String(site['Pad 1']), String(site['Pad 2'])] })).map((r) => r.siteName),
      ),
    ).toEqual(new Set(['Pad 1', 'Pad 2']));
  });

  it("refuses another organization's sites and groups, other organizations, and bad input", async () => {
    expect(
      (await get('/api/emissions/emissionRollups/', { ...MARCH, 'siteFilter.site': String(site['Station 9']) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('/api/emissions/getSiteEmissionStatuses/', { ...MARCH, 'siteFilter.siteGroup': String(otherGroup) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('/api/emissions/emissionRollups/', { ...MARCH, organizationId: String(f.orgB) }, f.viewer)).statusCode,
    ).toBe(403);
    expect(
      (await get('/api/emissions/emissionRollups/', { startTime: MARCH.endTime, endTime: MARCH.startTime })).statusCode,
    ).toBe(400);
    expect(
      (await get('/api/emissions/emissionRollups/', { startTime: 'yesterday', endTime: MARCH.endTime })).statusCode,
    ).toBe(400);
    expect(
      (await get('/api/emissions/emissionTotals/', { ...MARCH, bucketInterval: 'Weekly', ianaTimezoneId: 'UTC' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await get('/api/emissions/emissionTotals/', {
          ...MARCH,
          bucketInterval: 'Monthly',
          ianaTimezoneId: 'Mars/Olympus',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await get('/api/emissions/emissionRollups/', { startTime: '2020-01-01T00:00:00Z', endTime: MARCH.endTime }))
        .statusCode,
    ).toBe(400);
    expect((await get('/api/emissions/emissionRollups/', { ...MARCH, 'siteFilter.site': 'abc' })).statusCode).toBe(400);
  });

  it("lists the event log's most recent alarms of the sites in the filter", async () => {
    const recent = async (params: Record<string, string>) =>
      (await get('/api/alarm/recentAlarms/', { ...MARCH, ...params })).json() as { siteName: string; level: number }[];
    expect((await recent({})).map((a) => [a.siteName, a.level])).toEqual([['Pad 1', 2]]);
    expect(await recent({ 'siteFilter.site': String(site['Pad 2']) })).toEqual([]);
    expect(await recent({ startTime: '2026-04-01T00:00:00Z', endTime: '2026-05-01T00:00:00Z' })).toEqual([]);
    expect((await get('/api/alarm/recentAlarms/', { ...MARCH, top: '101' })).statusCode).toBe(400);
    expect(
      (await get('/api/alarm/recentAlarms/', { ...MARCH, 'siteFilter.site': String(site['Station 9']) })).statusCode,
    ).toBe(404);
  });

  it("lists each filter type's options for the organization only", async () => {
    const options = async (filterType: string, extra: Record<string, string> = {}) =>
      z
        .array(siteFilterOptionSchema)
        .parse((await get('/api/siteFilter/filterOptions/', { filterType, ...extra })).json());
    expect((await options('site')).map((o) => o.name)).toEqual(['Pad 1', 'Pad 2']);
    expect((await options('site', { includeDeletedSites: 'true' })).map((o) => [o.name, o.deleted])).toEqual([
      ['Pad 1', false],
      ['Pad 2', false],
      ['Pad 3', true],
    ]);
    expect((await options('siteGroup')).map((o) => o.name)).toEqual(['North']);
    expect((await get('/api/siteFilter/filterOptions/', { filterType: 'colour' })).statusCode).toBe(400);
    const categories = (await t.as(f.viewer, { method: 'GET', url: '/api/sourceCategory/options/' })).json() as {
      id: number;
      name: string;
    }[];
    expect(categories.map((c) => c.name)).toContain('Wellhead');
    // The map's icon atlas covers the domain's list (unit test); the database holds the same categories.
    expect(new Map(categories.map((c) => [c.id, c.name]))).toEqual(
      new Map(SOURCE_CATEGORIES.map((c) => [c.id, c.name])),
    );
  });
});
