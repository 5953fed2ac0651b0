// Localization (issue 22 item 4): an emission's candidate sources from GET /api/emissions/emissionLocalization/ — its
// own source with the pipeline's probability, runner-ups by their mean per-step probability (source_rates.probability,
// migration 0026) over the emission's steps, co-emitting sources left out — with its refusals (another organization's
// emission or a deleted site's is 404, a non-member 403, a malformed id 400); and the source view's bounds on
// GET /api/data/siteRateAverage/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmissionLocalization, SiteRateAverage } from '@/contracts/site-dashboard';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const STEP = 15 * MIN;
const t0 = Date.UTC(2026, 5, 1, 6);
const at = (ms: number) => new Date(ms).toISOString();

describe.each(testEngines)('emission localization on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const siteId = async (name: string) =>
      (await q<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name]))[0]!.id;
    ids.pad1 = await siteId('Pad 1');
    ids.station9 = await siteId('Station 9');
    ids.gone = (
      await q<{ id: number }>(
        "INSERT INTO sites (organization_id, name, latitude, longitude, deleted_at) VALUES ($1, 'Pad Gone', 32, -102, now()) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    const source = async (site: number, name: string, lat: number) =>
      (
        await q<{ id: number }>(
          'INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, $2, $3, -102.1) RETURNING id',
          [site, name, lat],
        )
      )[0]!.id;
    ids.tank = await source(ids.pad1, 'Tank battery 2', 31.9);
    ids.separator = await source(ids.pad1, 'Separator 1', 31.9001);
    ids.wellhead = await source(ids.pad1, 'Wellhead 4', 31.9002);
    ids.flare = await source(ids.pad1, 'Flare', 31.9003);
    ids.faint = await source(ids.pad1, 'Vent 7', 31.9004);
    ids.station = await source(ids.station9, 'Compressor', 40.1);
    ids.goneSource = await source(ids.gone, 'Old tank', 32);

    const emission = async (site: number, sourceId: number | null, from: number, to: number | null, p: number | null) =>
      (
        await q<{ id: number }>(
          `INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate, rate_lower, rate_upper, probability, model_opened_step)
           VALUES ($1, $2, $3, $4, 1, 2, 1, 3, $5, $6) RETURNING id`,
          [site, sourceId, at(from), to === null ? null : at(to), p, p === null ? null : at(from)],
        )
      )[0]!.id;
    // The tank's emission spans four steps (its start refined 5 minutes into the first); the flare emits over the
    // same hour, so it is not a runner-up however high its probability.
    ids.tankEmission = await emission(ids.pad1, ids.tank, t0 + 5 * MIN, t0 + 4 * STEP, 0.78);
    ids.flareEmission = await emission(ids.pad1, ids.flare, t0, t0 + 2 * STEP, 0.9);
    ids.openEmission = await emission(ids.pad1, ids.wellhead, t0 + 8 * STEP, null, 0.6);
    ids.manual = await emission(ids.pad1, ids.separator, t0 - 10 * STEP, t0 - 8 * STEP, null);
    ids.sourceless = await emission(ids.pad1, null, t0, t0 + 2 * STEP, null);
    ids.station = await emission(ids.station9, ids.station, t0, t0 + 2 * STEP, 0.5);
    ids.goneEmission = await emission(ids.gone, ids.goneSource, t0, t0 + 2 * STEP, 0.5);

    const rate = (sourceId: number, time: number, p: number | null, r = 1) =>
      q(
        'INSERT INTO source_rates (site_id, source_id, time, rate, lower_bound, upper_bound, observable, probability) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [ids.pad1, sourceId, at(time), r, r / 2, r * 2, p !== null, p],
      );
    // Four steps of the tank's emission: the separator averages 0.3 (one unobservable step does not count), the
    // wellhead 0.1, the faint vent 0.02 (below the floor), the flare 0.95 (but emitting itself).
    const steps = [t0, t0 + STEP, t0 + 2 * STEP, t0 + 3 * STEP];
    const separator = [0.2, 0.4, null, 0.3];
    for (const [i, time] of steps.entries()) {
      await rate(ids.tank, time, 0.8, 2 + i);
      await rate(ids.separator, time, separator[i]!);
      await rate(ids.wellhead, time, 0.1);
      await rate(ids.faint, time, 0.02);
      await rate(ids.flare, time, 0.95);
    }
    // A step before the emission and one after it do not count.
    await rate(ids.wellhead, t0 - STEP, 0.9);
    await rate(ids.wellhead, t0 + 4 * STEP, 0.9);
    // The open emission's steps: the separator alone.
    await rate(ids.separator, t0 + 8 * STEP, 0.25);
    await rate(ids.separator, t0 + 9 * STEP, 0.35);
  });
  afterAll(() => t.close());

  const get = (path: string, params: Record<string, string | number>, user = f.viewer, organizationId = f.orgA) =>
    t.as(user, {
      method: 'GET',
      url: `/api/${path}/?${new URLSearchParams(Object.entries({ organizationId, ...params }).map(([k, v]) => [k, String(v)]))}`,
    });
  const localization = async (emissionId: number) => {
    const res = await get('emissions/emissionLocalization', { emissionId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EmissionLocalization>();
  };

  it("answers the emission's own source first with the stored probability, then runner-ups by their mean over its steps", async () => {
    const answer = await localization(ids.tankEmission!);
    expect(answer).toMatchObject({
      emissionId: ids.tankEmission,
      siteId: ids.pad1,
      startTime: at(t0 + 5 * MIN),
      endTime: at(t0 + 4 * STEP),
    });
    expect(answer.candidates.map((c) => [c.sourceName, c.mostLikely])).toEqual([
      ['Tank battery 2', true],
      ['Separator 1', false],
      ['Wellhead 4', false],
    ]);
    expect(answer.candidates[0]).toEqual({
      sourceId: ids.tank,
      sourceName: 'Tank battery 2',
      location: { lat: 31.9, lng: -102.1 },
      probability: 0.78,
      mostLikely: true,
    });
    expect(answer.candidates[1]!.probability).toBeCloseTo(0.3, 10);
    expect(answer.candidates[1]!.location).toEqual({ lat: 31.9001, lng: -102.1 });
    expect(answer.candidates[2]!.probability).toBeCloseTo(0.1, 10);
  });

  it('reads an open emission up to its newest step', async () => {
    const answer = await localization(ids.openEmission!);
    expect(answer.endTime).toBeNull();
    expect(answer.candidates.map((c) => c.sourceName)).toEqual(['Wellhead 4', 'Separator 1']);
    expect(answer.candidates[1]!.probability).toBeCloseTo(0.3, 10);
  });

  it('answers an emission the pipeline did not write with its source and no probability, and a sourceless one without a most likely source', async () => {
    const manual = await localization(ids.manual!);
    expect(manual.candidates).toEqual([
      {
        sourceId: ids.separator,
        sourceName: 'Separator 1',
        location: { lat: 31.9001, lng: -102.1 },
        probability: null,
        mostLikely: true,
      },
    ]);
    const sourceless = await localization(ids.sourceless!);
    expect(sourceless.candidates.some((c) => c.mostLikely)).toBe(false);
    // Over its two steps the tank and the flare emit themselves, so the separator (mean 0.3) leads.
    expect(sourceless.candidates.map((c) => c.sourceName)).toEqual(['Separator 1', 'Wellhead 4']);
  });

  it("answers 404 for another organization's emission, an unknown one and a deleted site's, 403 to a non-member and 400 for a bad id", async () => {
    for (const emissionId of [ids.station!, 999_999, ids.goneEmission!]) {
      const res = await get('emissions/emissionLocalization', { emissionId });
      expect(res.statusCode, String(emissionId)).toBe(404);
      expect(res.json().detail).toBe('Emission not found');
    }
    // The admin belongs to both organizations: asked through the right one, Station 9's emission answers.
    const own = await get('emissions/emissionLocalization', { emissionId: ids.station! }, f.admin, f.orgB);
    expect(own.statusCode).toBe(200);
    expect(
      (await get('emissions/emissionLocalization', { emissionId: ids.station! }, f.viewer, f.orgB)).statusCode,
    ).toBe(403);
    const bad = await get('emissions/emissionLocalization', { emissionId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('emissionId');
  });

  it("answers each source's rolling means of its bounds beside its rate for the source view's bands", async () => {
    const res = await get('data/siteRateAverage', {
      siteId: ids.pad1!,
      startTime: at(t0),
      endTime: at(t0 + 4 * STEP),
      rollingAveragePeriod: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tank = res.json<SiteRateAverage>().sources.find((s) => s.sourceId === ids.tank)!;
    // The hour ending at t0 + 4 steps holds the tank's four steps: rates 2..5 (mean 3.5), bounds half and double.
    expect(tank.averageSourceRates.at(-1)).toEqual({
      time: t0 + 4 * STEP,
      averageRate: 3.5,
      averageLower: 1.75,
      averageUpper: 7,
    });
    for (const p of tank.averageSourceRates) {
      expect(p.averageLower).toBeLessThanOrEqual(p.averageRate);
      expect(p.averageUpper).toBeGreaterThanOrEqual(p.averageRate);
    }
  });
});
