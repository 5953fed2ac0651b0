import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baselineCalculationSchema, siteBaselineListRowSchema, siteBaselineSchema } from '@/contracts/emission';
import { BASELINE_MESSAGES } from '@/domain/site-baseline';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';
import { refreshDailyVolumes } from '../../server/services/emission-rollup';

describe.each(testEngines)('site baselines on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let admin = 0;
  let plain = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    admin = await addMember(t.database, f.orgA, 'baselines@example.com', [25]);
    plain = await addMember(t.database, f.orgA, 'nobaselines@example.com', [3]);
    const ids = Object.fromEntries(
      (await q<{ id: number; name: string }>('SELECT id, name FROM sites')).map((r) => [r.name, r.id]),
    );
    [pad1, pad2, station] = [ids['Pad 1']!, ids['Pad 2']!, ids['Station 9']!];
    const [epa] = await q<{ id: number }>(
      "INSERT INTO site_options (kind, name) VALUES ('regulation', 'EPA OOOOb') RETURNING id",
    );
    await q('UPDATE sites SET regulation_id = $1 WHERE id = $2', [epa!.id, pad1]);
    // Pad 1 and Pad 2: 1 kg/h all through March; Pad 1 also vents 240 kg on March 11.
    for (const site of [pad1, pad2]) {
      for (let d = 1; d <= 31; d++) {
        const day = `2026-03-${String(d).padStart(2, '0')}`;
        await q(
          "INSERT INTO emissions (site_id, start_time, end_time, rate, total_volume) VALUES ($1, $2::date, $2::date + interval '1 day', 1, 24)",
          [site, day],
        );
      }
    }
    await q(
      "INSERT INTO emissions (site_id, start_time, end_time, rate, total_volume) VALUES ($1, '2026-03-11T06:00:00Z', '2026-03-11T08:00:00Z', 120, 240)",
      [pad1],
    );
    await refreshDailyVolumes(t.database, [pad1, pad2], Date.UTC(2026, 1, 1), Date.UTC(2026, 4, 1));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, user = admin) =>
    t.as(user, { method: 'POST', url, payload: { organizationId: f.orgA, ...payload } });
  const calc = (payload: Record<string, unknown>) =>
    post('/api/siteBaseline/calculate/', { siteId: pad1, activities: [], ...payload });

  it('averages a Site Average period with activity days excluded', async () => {
    const res = await calc({
      baselineType: 1,
      baselineRange: ['2026-03-01', '2026-03-30'],
      activities: [{ dateRange: ['2026-03-10', '2026-03-12'], comment: 'Workover' }],
    });
    expect(res.statusCode).toBe(200);
    const c = baselineCalculationSchema.parse(res.json());
    expect(c.baseline).toBeCloseTo(1, 9);
    expect(c).toMatchObject({ sevenDayThreshold: 2, ninetyDayThreshold: 1, baselineIsMaxForSiteType: false });
    expect(c.dailyVolumes).toHaveLength(30);
    expect(c.dailyVolumes[10]).toEqual({ startTime: '2026-03-11', includedVolume: 0, excludedVolume: 264, rate: 11 });
    expect(c.dailyVolumes[0]).toEqual({ startTime: '2026-03-01', includedVolume: 24, excludedVolume: 0, rate: 1 });
  });

  it("validates the period, inventory, EPA inputs and activities with the spec's messages", async () => {
    const problems = async (payload: Record<string, unknown>) => {
      const res = await calc(payload);
      expect(res.statusCode).toBe(400);
      return Object.values((res.json() as { errors: Record<string, string[]> }).errors).flat();
    };
    expect(await problems({ baselineType: 1 })).toEqual([BASELINE_MESSAGES.periodRequired]);
    expect(await problems({ baselineType: 1, baselineRange: ['2026-03-01', '2026-03-29'] })).toEqual([
      BASELINE_MESSAGES.periodLength,
    ]);
    expect(await problems({ baselineType: 1, baselineRange: ['2026-01-01', '2026-04-03'] })).toEqual([
      BASELINE_MESSAGES.periodLength,
    ]);
    expect((await calc({ baselineType: 1, baselineRange: ['2026-01-01', '2026-04-02'] })).statusCode).toBe(200);
    expect(await problems({ baselineType: 0, yearlyEmissionInventory: -1 })).toEqual([BASELINE_MESSAGES.inventoryMin]);
    expect(await problems({ baselineType: 0 })).toEqual([BASELINE_MESSAGES.inventoryRequired]);
    expect(await problems({ baselineType: 2, baselineStartDate: '2026-03-01', inspectionDate: '2026-03-05' })).toEqual([
      BASELINE_MESSAGES.epaSiteType,
    ]);
    expect(await problems({ baselineType: 2 })).toEqual([
      BASELINE_MESSAGES.startRequired,
      BASELINE_MESSAGES.inspectionRequired,
      BASELINE_MESSAGES.epaSiteType,
    ]);
    expect(
      await problems({
        baselineType: 1,
        baselineRange: ['2026-03-01', '2026-03-30'],
        activities: [{ dateRange: ['2026-03-10'], comment: ' ' }],
      }),
    ).toEqual([BASELINE_MESSAGES.activityComment, BASELINE_MESSAGES.activityDates]);
    expect(await problems({ baselineType: null, siteId: null })).toEqual([
      BASELINE_MESSAGES.typeRequired,
      BASELINE_MESSAGES.siteRequired,
    ]);
  });

  it('computes inventory and EPA baselines, capping EPA at its site type maximum, for EPA sites only', async () => {
    expect(
      baselineCalculationSchema.parse((await calc({ baselineType: 0, yearlyEmissionInventory: 8760 })).json()).baseline,
    ).toBe(1);
    const epa = {
      baselineType: 2,
      baselineStartDate: '2026-03-01',
      inspectionDate: '2026-03-05',
      inspectionComments: 'OGI survey',
      epaSiteType: 'Single Wellhead Only',
    };
    const capped = baselineCalculationSchema.parse((await calc(epa)).json());
    // (29 × 24 + 264) kg over 30 days is 1.33 kg/h, over the type's 1 kg/h.
    expect(capped).toMatchObject({ baseline: 1, baselineIsMaxForSiteType: true });
    expect(capped.dailyVolumes).toHaveLength(30);
    const roomy = baselineCalculationSchema.parse((await calc({ ...epa, epaSiteType: 'Compressor Station' })).json());
    expect(roomy.baseline).toBeCloseTo(960 / 720, 6);
    const notEpa = await calc({ ...epa, siteId: pad2 });
    expect(notEpa.statusCode).toBe(400);
    expect(notEpa.json()).toMatchObject({ detail: BASELINE_MESSAGES.notEpaSite });
  });

  it('creates baselines, an open-ended one replacing the active, and reports the status', async () => {
    expect(
      (await t.as(admin, { method: 'GET', url: `/api/siteBaseline/status?organizationId=${f.orgA}` })).json(),
    ).toEqual({ hasActiveBaselines: false });
    const first = siteBaselineSchema.parse(
      (
        await post('/api/siteBaseline/create/', {
          siteId: pad1,
          baselineType: 0,
          yearlyEmissionInventory: 8760,
          activities: [],
          effectiveFrom: '2026-01-01T00:00:00Z',
        })
      ).json(),
    );
    const second = siteBaselineSchema.parse(
      (
        await post('/api/siteBaseline/create/', {
          siteId: pad1,
          baselineType: 1,
          baselineRange: ['2026-03-01', '2026-03-30'],
          activities: [{ dateRange: ['2026-03-10', '2026-03-12'], comment: 'Workover' }],
          effectiveFrom: '2026-04-01T00:00:00Z',
        })
      ).json(),
    );
    expect(second).toMatchObject({
      baselineType: 1,
      baselineRange: ['2026-03-01', '2026-03-30'],
      effectiveTo: null,
      createdBy: 'baselines@example.com',
    });
    expect(second.baseline).toBeCloseTo(1, 9);
    const history = z.array(siteBaselineSchema).parse(
      (
        await t.as(admin, {
          method: 'GET',
          url: `/api/siteBaseline/siteHistory/?organizationId=${f.orgA}&siteId=${pad1}`,
        })
      ).json(),
    );
    expect(history.map((b) => [b.id, b.effectiveTo])).toEqual([
      [second.id, null],
      [first.id, '2026-04-01T00:00:00.000Z'],
    ]);
    const list = z
      .array(siteBaselineListRowSchema)
      .parse((await t.as(admin, { method: 'GET', url: `/api/siteBaseline/list/?organizationId=${f.orgA}` })).json());
    expect(list.find((r) => r.siteId === pad1)).toMatchObject({
      baselineId: second.id,
      baselineType: 1,
      isEpaRegulated: true,
    });
    expect(list.find((r) => r.siteId === pad2)).toMatchObject({ baselineId: null, isEpaRegulated: false });
    expect(
      (await t.as(plain, { method: 'GET', url: `/api/siteBaseline/status?organizationId=${f.orgA}` })).json(),
    ).toEqual({ hasActiveBaselines: true });
    const audit = (
      await t.as(admin, { method: 'GET', url: `/api/audit/siteBaseline/?organizationId=${f.orgA}&id=${first.id}` })
    ).json() as unknown[];
    expect(audit).toHaveLength(2);
    const windowed = (
      await t.as(plain, {
        method: 'GET',
        url: `/api/data/siteBaselines?organizationId=${f.orgA}&siteId=${pad1}&startTime=2026-03-01T00:00:00Z&endTime=2026-05-01T00:00:00Z`,
      })
    ).json();
    expect(windowed).toEqual([
      { effectiveFrom: '2026-01-01T00:00:00.000Z', effectiveTo: '2026-04-01T00:00:00.000Z', baselineRate: 1 },
      { effectiveFrom: '2026-04-01T00:00:00.000Z', effectiveTo: null, baselineRate: second.baseline },
    ]);
  });

  it('edits effective dates only, ends, deletes and restores, refusing bad dates, other organizations and permissions', async () => {
    const [active] = z.array(siteBaselineSchema).parse(
      (
        await t.as(admin, {
          method: 'GET',
          url: `/api/siteBaseline/siteHistory/?organizationId=${f.orgA}&siteId=${pad1}`,
        })
      ).json(),
    );
    const bad = await post('/api/siteBaseline/edit/', {
      id: active!.id,
      effectiveFrom: '2026-05-01T00:00:00Z',
      effectiveTo: '2026-04-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { effectiveTo: [BASELINE_MESSAGES.effectiveOrder] } });
    const edited = siteBaselineSchema.parse(
      (
        await post('/api/siteBaseline/edit/', {
          id: active!.id,
          effectiveFrom: '2026-04-02T00:00:00Z',
          effectiveTo: null,
        })
      ).json(),
    );
    expect(edited.effectiveFrom).toBe('2026-04-02T00:00:00.000Z');
    const ended = siteBaselineSchema.parse(
      (
        await t.as(admin, { method: 'POST', url: `/api/siteBaseline/end/${active!.id}?organizationId=${f.orgA}` })
      ).json(),
    );
    expect(ended.effectiveTo).not.toBeNull();
    expect(ended.endedBy).toBe('baselines@example.com');
    const deleted = siteBaselineSchema.parse(
      (
        await t.as(admin, { method: 'DELETE', url: `/api/siteBaseline/delete/${active!.id}?organizationId=${f.orgA}` })
      ).json(),
    );
    expect(deleted.deletedAt).not.toBeNull();
    const restored = siteBaselineSchema.parse((await post('/api/siteBaseline/restore/', { id: active!.id })).json());
    expect(restored).toMatchObject({
      deletedAt: null,
      effectiveFrom: '2026-04-02T00:00:00.000Z',
      effectiveTo: ended.effectiveTo,
    });
    const details = siteBaselineSchema.parse(
      (
        await t.as(admin, { method: 'GET', url: `/api/siteBaseline/details/${active!.id}?organizationId=${f.orgA}` })
      ).json(),
    );
    expect(details.activities).toEqual([{ dateRange: ['2026-03-10', '2026-03-12'], comment: 'Workover' }]);

    expect(
      (await t.as(admin, { method: 'GET', url: `/api/siteBaseline/details/${active!.id}?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/siteBaseline/details/${active!.id}?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post('/api/siteBaseline/calculate/', {
          siteId: station,
          baselineType: 0,
          yearlyEmissionInventory: 1,
          activities: [],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.as(admin, { method: 'GET', url: `/api/siteBaseline/details/999999?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/siteBaseline/calculate/',
          { siteId: pad1, baselineType: 0, yearlyEmissionInventory: 1, activities: [] },
          plain,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.as(plain, { method: 'GET', url: `/api/siteBaseline/list/?organizationId=${f.orgA}` })).statusCode,
    ).toBe(403);
  });
});
