// Deployment plan routes (spec 3 §7) over the real store: wind source options from the measurement store, Preview
// (saves nothing), Save (a revision), the saved plan's isValid after a source edit, the validation messages, and the
// refusals (403 without SiteDeploymentEdit, 404 for another organization's site, a deleted site refuses writes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentPlanForSiteSchema,
  devicePlacementResultSchema,
  editDeploymentPlanAnswerSchema,
  windSourceOptionsSchema,
} from '@/contracts/deployment-plan';
import { DEPLOYMENT_PLAN_MESSAGES } from '@/domain/deployment-plan';
import { Permission } from '@/domain/permissions';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const DAY = 1440 * MIN;

describe.each(testEngines)('deployment plan on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let planner = 0;
  let plain = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  let tank = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    planner = await addMember(t.database, f.orgA, 'planner@example.com', [Permission.SiteDeploymentEdit]);
    plain = await addMember(t.database, f.orgA, 'plain-planner@example.com', [
      Permission.SiteEdit,
      Permission.DeviceView,
    ]);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites ORDER BY id');
    pad1 = sites.find((s) => s.name === 'Pad 1')!.id;
    pad2 = sites.find((s) => s.name === 'Pad 2')!.id;
    station = sites.find((s) => s.name === 'Station 9')!.id;
    // Two sources at Pad 1, one south-west and one north-east of the lines drawn below.
    const [s1] = await q<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude, relative_importance, source_category_id) VALUES ($1, 'Tank 1', 31.8995, -102.1005, 3, 2) RETURNING id",
      [pad1],
    );
    await q(
      "INSERT INTO sources (site_id, name, latitude, longitude, relative_importance, source_category_id) VALUES ($1, 'Wellhead 1', 31.9004, -102.0996, 2, 1)",
      [pad1],
    );
    tank = s1!.id;
    // Two days of wind at Pad 2 (from the south-west: 225°), none at Pad 1.
    const [d] = await q<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-W', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    const start = Date.UTC(2026, 2, 1);
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.91, -102.11, $3)',
      [d!.id, pad2, new Date(start).toISOString()],
    );
    const samples: Sample[] = [];
    for (let time = start; time < start + 2 * DAY; time += 10 * MIN) {
      samples.push(
        { deviceId: d!.id, measurementType: 15, time, value: 225 },
        { deviceId: d!.id, measurementType: 16, time, value: 3 },
      );
    }
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const line: [number, number][] = [
    [-102.1006, 31.9],
    [-102.0994, 31.9],
  ];
  const request = (over: Record<string, unknown> = {}) => ({
    organizationId: f.orgA,
    siteId: pad1,
    deviceBudget: 3,
    windSource: { siteId: pad2 },
    mandatoryPlacements: [],
    possiblePlacements: [line],
    notes: 'First plan',
    ...over,
  });
  const post = (url: string, body: Record<string, unknown>, user = planner) =>
    t.as(user, { method: 'POST', url: `/api/deploymentPlan/${url}/`, payload: body });
  const getPlan = async (siteId = pad1) => {
    const res = await t.as(planner, {
      method: 'GET',
      url: `/api/deploymentPlan/getDeploymentPlanForSite/?organizationId=${f.orgA}&siteId=${siteId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return deploymentPlanForSiteSchema.parse(res.json());
  };

  it('offers the sites with wind data, nearest first, with their days of data; no weather stations', async () => {
    const res = await t.as(planner, {
      method: 'GET',
      url: `/api/deploymentPlan/getWindSourceOptionsForSite/?organizationId=${f.orgA}&siteId=${pad1}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const options = windSourceOptionsSchema.parse(res.json());
    expect(options.weatherStationSources).toEqual([]);
    expect(options.siteSources).toHaveLength(1);
    expect(options.siteSources[0]).toMatchObject({ id: pad2, name: 'Pad 2', daysOfAvailableData: 2 });
    // Pad 1 (31.9, -102.1) to Pad 2 (31.91, -102.11): about 1.44 km.
    expect(options.siteSources[0]!.distanceFromSiteInMeters).toBeGreaterThan(1300);
    expect(options.siteSources[0]!.distanceFromSiteInMeters).toBeLessThan(1600);
  });

  it('previews a plan without saving it', async () => {
    const res = await post('devicePlacement', request());
    expect(res.statusCode, res.body).toBe(200);
    const result = devicePlacementResultSchema.parse(res.json());
    expect(result.devicePlacements).toHaveLength(3);
    expect(result.mandatory).toEqual([false, false, false]);
    expect(result.sourceCoverage.map((s) => s.id)).toContain(tank);
    expect(result.totalCoverage).toBeGreaterThan(0);
    expect(result.totalCoverageWithOneLessDevice).toBeLessThanOrEqual(result.totalCoverage);
    expect(result.totalCoverageWithOneMoreDevice).toBeGreaterThanOrEqual(result.totalCoverage);
    expect(result.windRoseProbability).toHaveLength(16);
    // All the wind is from 225° (sector 10 of 16).
    expect(result.windRoseProbability[10]).toEqual({ angle: 225, probability: 1 });
    expect((await getPlan()).plan).toBeNull();
  });

  it('refuses invalid requests with the spec messages on their fields', async () => {
    const res = await post('devicePlacement', request({ deviceBudget: 0, windSource: null, possiblePlacements: [] }));
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    expect(errors.deviceBudget).toEqual([DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange]);
    expect(errors.windSource).toEqual([DEPLOYMENT_PLAN_MESSAGES.windSourceRequired]);
    expect(errors.possiblePlacements).toEqual([DEPLOYMENT_PLAN_MESSAGES.noLines]);
    const over = await post('devicePlacement', request({ deviceBudget: 101 }));
    expect((over.json() as { errors: Record<string, string[]> }).errors.deviceBudget).toEqual([
      DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange,
    ]);
    const fraction = await post('devicePlacement', request({ deviceBudget: 2.5 }));
    expect(fraction.statusCode).toBe(400);
    // A wind source without wind data is refused on its field.
    const noWind = await post('devicePlacement', request({ windSource: { siteId: pad1 } }));
    expect(noWind.statusCode).toBe(400);
    expect((noWind.json() as { errors: Record<string, string[]> }).errors.windSource).toEqual([
      DEPLOYMENT_PLAN_MESSAGES.windSourceNoData,
    ]);
    // Another organization's site as the wind source is unknown.
    const foreignWind = await post('devicePlacement', request({ windSource: { siteId: station } }));
    expect((foreignWind.json() as { errors: Record<string, string[]> }).errors.windSource).toEqual([
      DEPLOYMENT_PLAN_MESSAGES.windSourceUnknown,
    ]);
  });

  it('saves a revision, keeps mandatory placements, and turns invalid when a source changes', async () => {
    const mandatory: [number, number] = [-102.1, 31.9001];
    const res = await post('editDeploymentPlan', request({ mandatoryPlacements: [mandatory] }));
    expect(res.statusCode, res.body).toBe(200);
    const answer = editDeploymentPlanAnswerSchema.parse(res.json());
    expect(answer.result.devicePlacements[0]).toEqual(mandatory);
    expect(answer.result.mandatory[0]).toBe(true);
    expect(answer.plan).toMatchObject({
      notes: 'First plan',
      modifiedByUserEmail: 'planner@example.com',
      isValid: true,
    });
    expect(answer.plan.devicePlacementRequestWindSourceDetails).toMatchObject({ id: pad2, daysOfAvailableData: 2 });

    const saved = await getPlan();
    expect(saved.plan!.id).toBe(answer.plan.id);
    expect(saved.plan!.request.mandatoryPlacements).toEqual([mandatory]);
    expect(saved.sources.map((s) => s.name)).toEqual(['Tank 1', 'Wellhead 1']);

    // A second save is a new revision and becomes the plan.
    const second = editDeploymentPlanAnswerSchema.parse(
      (await post('editDeploymentPlan', request({ deviceBudget: 2, notes: 'Fewer devices' }))).json(),
    );
    expect(second.plan.id).toBeGreaterThan(answer.plan.id);
    expect((await getPlan()).plan).toMatchObject({ notes: 'Fewer devices', isValid: true });
    const [{ n }] = (await t.database.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM deployment_plans WHERE site_id = $1',
      [pad1],
    )) as [{ n: number | string }];
    expect(Number(n)).toBe(2);

    // Moving a source makes the saved plan outdated; moving it back makes it valid again.
    await t.database.query('UPDATE sources SET latitude = latitude + 0.0001 WHERE id = $1', [tank]);
    expect((await getPlan()).plan!.isValid).toBe(false);
    await t.database.query('UPDATE sources SET latitude = latitude - 0.0001 WHERE id = $1', [tank]);
    expect((await getPlan()).plan!.isValid).toBe(true);
    // So does a deleted source, or a changed importance.
    await t.database.query('UPDATE sources SET relative_importance = 0 WHERE id = $1', [tank]);
    expect((await getPlan()).plan!.isValid).toBe(false);
    await t.database.query('UPDATE sources SET relative_importance = 3 WHERE id = $1', [tank]);
    expect((await getPlan()).plan!.isValid).toBe(true);
    // Through the Sources tab's route: deleting a source outdates the plan, restoring it makes it valid again.
    const del = await t.as(planner, {
      method: 'POST',
      url: `/api/source/deleteSource/?organizationId=${f.orgA}&sourceId=${tank}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await getPlan()).plan!.isValid).toBe(false);
    expect(
      (
        await t.as(planner, {
          method: 'POST',
          url: `/api/source/restoreSource/?organizationId=${f.orgA}&sourceId=${tank}`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await getPlan()).plan!.isValid).toBe(true);
  });

  it('warns about fewer than 2 sources', async () => {
    const res = await post(
      'devicePlacement',
      request({
        siteId: pad2,
        possiblePlacements: [
          [
            [-102.1105, 31.91],
            [-102.1095, 31.91],
          ],
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(devicePlacementResultSchema.parse(res.json()).messages).toContain(DEPLOYMENT_PLAN_MESSAGES.fewSources);
  });

  it('needs SiteDeploymentEdit, answers 404 for another organization, and refuses writes on a deleted site', async () => {
    expect((await post('devicePlacement', request(), plain)).statusCode).toBe(403);
    expect(
      (
        await t.as(plain, {
          method: 'GET',
          url: `/api/deploymentPlan/getDeploymentPlanForSite/?organizationId=${f.orgA}&siteId=${pad1}`,
        })
      ).statusCode,
    ).toBe(403);
    // Station 9 is Bravo's: as unknown in Alpha as a missing site.
    expect((await post('devicePlacement', request({ siteId: station }))).statusCode).toBe(404);
    expect((await post('editDeploymentPlan', request({ siteId: station }))).statusCode).toBe(404);
    expect(
      (
        await t.as(planner, {
          method: 'GET',
          url: `/api/deploymentPlan/getDeploymentPlanForSite/?organizationId=${f.orgA}&siteId=${station}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(planner, {
          method: 'GET',
          url: `/api/deploymentPlan/getWindSourceOptionsForSite/?organizationId=${f.orgA}&siteId=${station}`,
        })
      ).statusCode,
    ).toBe(404);
    // Bravo's organization is not the planner's.
    expect((await post('devicePlacement', request({ organizationId: f.orgB, siteId: station }))).statusCode).toBe(403);

    await t.database.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [pad1]);
    try {
      const refused = await post('editDeploymentPlan', request());
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: DEPLOYMENT_PLAN_MESSAGES.siteDeleted });
      // The saved plan still reads.
      expect((await getPlan()).plan).not.toBeNull();
    } finally {
      await t.database.query('UPDATE sites SET deleted_at = NULL WHERE id = $1', [pad1]);
    }
  });
});
