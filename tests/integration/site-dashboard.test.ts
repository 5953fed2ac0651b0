// The single-site dashboard's reads (spec 3 §2, spec 2 §7 'Site helpers') over the real store: site detail, device
// stays with their measurement types, sources, emissions, the modelled rate and Zoom to data on it; range and site
// refusals (404 outside the organization, 410 when deleted); any member reads them, without a permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_BEFORE_START, maximumRangeMessage } from '@/domain/chart-data';
import type { SiteDeviceStay, SiteEmission, SiteRatePoint, SiteSource } from '@/contracts/site-dashboard';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const t0 = Date.UTC(2026, 5, 1);
const at = (ms: number) => new Date(ms).toISOString();

describe.each(testEngines)('site dashboard on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let pad1 = 0;
  let pad2 = 0;
  let station9 = 0;
  let gone = 0;
  let deviceA = 0;
  let deviceB = 0;
  let stayA = 0;
  let stayB = 0;
  let plain = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const siteId = async (name: string) =>
      (await q<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name]))[0]!.id;
    pad1 = await siteId('Pad 1');
    pad2 = await siteId('Pad 2');
    station9 = await siteId('Station 9');
    gone = (
      await q<{ id: number }>(
        "INSERT INTO sites (organization_id, name, latitude, longitude, deleted_at) VALUES ($1, 'Pad Gone', 32, -102, now()) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    await q('UPDATE sites SET model_processed_up_to = $2, modelling_pipeline_is_on = true WHERE id = $1', [
      pad1,
      at(t0 + 12 * HOUR),
    ]);
    plain = await addMember(t.database, f.orgA, 'plain@example.com', []);

    const device = async (name: string, type: string) =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id) VALUES ($1, $2, $3) RETURNING id',
          [name, type, f.orgA],
        )
      )[0]!.id;
    deviceA = await device('QB-A', 'Qube');
    deviceB = await device('QB-B', 'QubeLite');
    const install = async (
      deviceId: number,
      site: number,
      lat: number,
      from: number,
      to: number | null,
      type = 0,
      quarantinedAt: number | null = null,
    ) =>
      (
        await q<{ id: number }>(
          'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, ended_at, installation_type, quarantined_at) VALUES ($1, $2, $3, -102.1, $4, $5, $6, $7) RETURNING id',
          [
            deviceId,
            site,
            lat,
            at(from),
            to === null ? null : at(to),
            type,
            quarantinedAt === null ? null : at(quarantinedAt),
          ],
        )
      )[0]!.id;
    // QB-A stood at Pad 1 until 06:00 on the day of the range, then moved to Pad 2; QB-B came to Pad 1 at 03:00 and was
    // quarantined at 04:00; an earlier stay of QB-B ended before the range.
    stayA = await install(deviceA, pad1, 31.9, t0 - 2 * DAY, t0 + 6 * HOUR);
    await install(deviceA, pad2, 31.91, t0 + 6 * HOUR, null);
    stayB = await install(deviceB, pad1, 31.95, t0 + 3 * HOUR, null, 1, t0 + 4 * HOUR);
    await install(deviceB, pad1, 31.95, t0 - 5 * DAY, t0 - 3 * DAY);

    const samples: Sample[] = [];
    const series = (deviceId: number, measurementType: number, from: number, minutes: number) => {
      for (let i = 0; i < minutes; i++)
        samples.push({ deviceId, measurementType, time: from + i * MIN, value: 1 + i / 100 });
    };
    series(deviceA, 1, t0 + HOUR, 60); // CH4 within the stay at Pad 1
    series(deviceA, 15, t0 + 10 * HOUR, 60); // wind after it moved to Pad 2: not Pad 1's
    series(deviceA, 2, t0 - DAY + HOUR, 60); // the day before the range
    series(deviceB, 3, t0 + 2 * HOUR, 30); // before QB-B came to Pad 1
    series(deviceB, 1, t0 + 5 * HOUR, 30);
    series(deviceB, 16, t0 + 5 * HOUR, 30);
    await ingestSamples(t.database, samples);

    const [group] = await q<{ id: number }>(
      "INSERT INTO source_groups (site_id, name) VALUES ($1, 'North') RETURNING id",
      [pad1],
    );
    const source = async (
      site: number,
      name: string,
      category: number | null,
      groupId: number | null,
      deleted = false,
    ) =>
      (
        await q<{ id: number }>(
          `INSERT INTO sources (site_id, name, latitude, longitude, source_category_id, source_group_id, deleted_at) VALUES ($1, $2, 31.9, -102.1, $3, $4, ${deleted ? 'now()' : 'NULL'}) RETURNING id`,
          [site, name, category, groupId],
        )
      )[0]!.id;
    ids.tank = await source(pad1, 'Tank battery', 2, group!.id);
    ids.flare = await source(pad1, 'Flare stack', 6, null);
    ids.wellhead = await source(pad1, 'wellhead 3', null, null, true);
    ids.other = await source(pad2, 'Compressor 1', 4, null);

    const emission = async (
      site: number,
      sourceId: number | null,
      from: number,
      to: number | null,
      volume: number,
      rate: number,
      severity: number | null,
      classification: string | null,
    ) =>
      (
        await q<{ id: number }>(
          'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate, severity, classification) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
          [site, sourceId, at(from), to === null ? null : at(to), volume, rate, severity, classification],
        )
      )[0]!.id;
    ids.e1 = await emission(pad1, ids.tank, t0 - 2 * HOUR, t0 + HOUR, 7.5, 2.5, 0, 'Venting');
    ids.e2 = await emission(pad1, null, t0 + 2 * HOUR, t0 + 3 * HOUR, 1.25, 1.25, null, null);
    ids.e3 = await emission(pad1, ids.wellhead, t0 + 20 * HOUR, null, 4, 2, 2, 'Fugitive'); // still processing
    await emission(pad1, ids.flare, t0 - 5 * HOUR, t0 - 3 * HOUR, 1, 0.5, null, null); // before the range
    await emission(pad1, ids.flare, t0 + DAY + HOUR, null, 1, 0.5, null, null); // after it, still processing
    await emission(pad2, ids.other, t0 + HOUR, t0 + 2 * HOUR, 9, 9, 1, 'Fugitive'); // another site

    // Site rates every 15 minutes from 23:00 the day before to 02:00, and one lone rate ten days earlier.
    for (let time = t0 - HOUR; time <= t0 + 2 * HOUR; time += 15 * MIN) {
      const minutes = (time - t0) / MIN;
      await q('INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, $2, $3, $4, $5)', [
        pad1,
        at(time),
        2 + minutes / 60,
        1 + minutes / 60,
        3 + minutes / 60,
      ]);
    }
    await q('INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, $2, 1, 0.5, 1.5)', [
      pad1,
      at(t0 - 10 * DAY + 6 * HOUR),
    ]);
    await q('INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, $2, 8, 7, 9)', [
      pad2,
      at(t0 + 30 * MIN),
    ]);
  });
  afterAll(() => t.close());

  const get = (path: string, params: Record<string, string | number>, user = plain) =>
    t.as(user, {
      method: 'GET',
      url: `/api/${path}/?${new URLSearchParams(Object.entries({ organizationId: f.orgA, ...params }).map(([k, v]) => [k, String(v)]))}`,
    });
  const range = (from: number, to: number) => ({ startTime: at(from), endTime: at(to) });
  const day = range(t0, t0 + DAY);

  it('answers the site detail with its list row and how far the pipeline has processed it', async () => {
    const res = await get('site/siteDetail', { siteId: pad1 });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await get('site/siteList', {})).json() as { id: number }[];
    expect(res.json()).toEqual({ ...list.find((s) => s.id === pad1), modelProcessedUpTo: at(t0 + 12 * HOUR) });
    expect(res.json()).toMatchObject({
      id: pad1,
      name: 'Pad 1',
      location: { lat: 31.9, lng: -102.1 },
      organizationId: f.orgA,
      organization: 'Alpha Energy',
      devices: ['QB-B'],
      modellingPipelineIsOn: true,
      deletedAt: null,
    });
    expect((await get('site/siteDetail', { siteId: pad2 })).json()).toMatchObject({
      name: 'Pad 2',
      devices: ['QB-A'],
      modelProcessedUpTo: null,
    });
  });

  it('lists the device stays overlapping the range with the measurement types stored within stay and range', async () => {
    const res = await get('site/siteDashboardDevices', { siteId: pad1, ...day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SiteDeviceStay[]).toEqual([
      {
        installationId: stayA,
        deviceId: deviceA,
        deviceName: 'QB-A',
        deviceType: 'Qube',
        location: { lat: 31.9, lng: -102.1 },
        startTime: at(t0 - 2 * DAY),
        endTime: at(t0 + 6 * HOUR),
        deviceInstallationType: 0,
        quarantinedAt: null,
        measurementTypeIds: [1],
      },
      {
        installationId: stayB,
        deviceId: deviceB,
        deviceName: 'QB-B',
        deviceType: 'QubeLite',
        location: { lat: 31.95, lng: -102.1 },
        startTime: at(t0 + 3 * HOUR),
        endTime: null,
        deviceInstallationType: 1,
        quarantinedAt: at(t0 + 4 * HOUR),
        measurementTypeIds: [1, 16],
      },
    ]);
    // Before QB-B came: only QB-A's stay, and its CH4 lies after this window.
    const early = (
      await get('site/siteDashboardDevices', { siteId: pad1, ...range(t0, t0 + HOUR) })
    ).json() as SiteDeviceStay[];
    expect(early.map((s) => [s.installationId, s.measurementTypeIds])).toEqual([[stayA, []]]);
    // The day before: QB-A's type 2, no QB-B.
    const before = (
      await get('site/siteDashboardDevices', { siteId: pad1, ...range(t0 - DAY, t0) })
    ).json() as SiteDeviceStay[];
    expect(before.map((s) => [s.installationId, s.measurementTypeIds])).toEqual([[stayA, [2]]]);
  });

  it("lists the site's sources by name, 'Uncategorized' without a category, deleted ones flagged", async () => {
    const res = await get('site/siteSources', { siteId: pad1 });
    expect(res.statusCode, res.body).toBe(200);
    const loc = { lat: 31.9, lng: -102.1 };
    expect(res.json() as SiteSource[]).toEqual([
      {
        id: ids.flare,
        name: 'Flare stack',
        location: loc,
        sourceCategoryId: 6,
        sourceCategoryName: 'Flare',
        sourceGroupName: null,
        deleted: false,
      },
      {
        id: ids.tank,
        name: 'Tank battery',
        location: loc,
        sourceCategoryId: 2,
        sourceCategoryName: 'Tank',
        sourceGroupName: 'North',
        deleted: false,
      },
      {
        id: ids.wellhead,
        name: 'wellhead 3',
        location: loc,
        sourceCategoryId: null,
        sourceCategoryName: 'Uncategorized',
        sourceGroupName: null,
        deleted: true,
      },
    ]);
  });

  it('lists the emissions overlapping the range oldest first, one still processing included', async () => {
    const res = await get('emissions/siteEmissions', { siteId: pad1, ...day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SiteEmission[]).toEqual([
      {
        id: ids.e1,
        sourceId: ids.tank,
        sourceName: 'Tank battery',
        sourceCategoryName: 'Tank',
        startTime: at(t0 - 2 * HOUR),
        endTime: at(t0 + HOUR),
        totalVolume: 7.5,
        rate: 2.5,
        severity: 0,
        classification: 'Venting',
        rateLower: null,
        rateUpper: null,
        probability: null,
        plumeStatus: null,
      },
      {
        id: ids.e2,
        sourceId: null,
        sourceName: null,
        sourceCategoryName: 'Uncategorized',
        startTime: at(t0 + 2 * HOUR),
        endTime: at(t0 + 3 * HOUR),
        totalVolume: 1.25,
        rate: 1.25,
        severity: null,
        classification: null,
        rateLower: null,
        rateUpper: null,
        probability: null,
        plumeStatus: null,
      },
      {
        id: ids.e3,
        sourceId: ids.wellhead,
        sourceName: 'wellhead 3',
        sourceCategoryName: 'Uncategorized',
        startTime: at(t0 + 20 * HOUR),
        endTime: null,
        totalVolume: 4,
        rate: 2,
        severity: 2,
        classification: 'Fugitive',
        rateLower: null,
        rateUpper: null,
        probability: null,
        plumeStatus: null,
      },
    ]);
  });

  it("answers the site's modelled rate in [start, end] as epoch milliseconds, ascending", async () => {
    const res = await get('data/siteRateData', { siteId: pad1, ...range(t0, t0 + HOUR) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SiteRatePoint[]).toEqual(
      [0, 15, 30, 45, 60].map((m) => ({
        time: t0 + m * MIN,
        rate: 2 + m / 60,
        lowerBound: 1 + m / 60,
        upperBound: 3 + m / 60,
      })),
    );
    expect((await get('data/siteRateData', { siteId: pad1, ...range(t0 + 5 * HOUR, t0 + 6 * HOUR) })).json()).toEqual(
      [],
    );
  });

  it('finds the day of site rates nearest a range, at least an hour long, for any member', async () => {
    const closest = async (from: number, to: number, siteId = pad1) => {
      const res = await get('data/closestTimeWithData', { dataType: 'site-rate', siteId, ...range(from, to) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { startTime: string | null; endTime: string | null };
    };
    // After the data: the last day with rates, 00:00 to 02:00.
    expect(await closest(t0 + 5 * DAY, t0 + 6 * DAY)).toEqual({ startTime: at(t0), endTime: at(t0 + 2 * HOUR) });
    // Long before: the lone rate, widened to an hour.
    expect(await closest(t0 - 20 * DAY, t0 - 19 * DAY)).toEqual({
      startTime: at(t0 - 10 * DAY + 6 * HOUR),
      endTime: at(t0 - 10 * DAY + 7 * HOUR),
    });
    // Between the two, nearer the later: the day before t0 holds 23:00 to 23:45, widened to an hour.
    expect(await closest(t0 - 5 * DAY, t0 - 4 * DAY)).toEqual({ startTime: at(t0 - HOUR), endTime: at(t0) });
    // A site without any rates.
    const [quiet] = await t.database.query<{ id: number }>(
      "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Pad Quiet', 32, -102) RETURNING id",
      [f.orgA],
    );
    expect(await closest(t0 - 5 * DAY, t0 - 4 * DAY, quiet!.id)).toEqual({ startTime: null, endTime: null });
  });

  it('keeps the device permissions on closestTimeWithData for device data and asks a site for site rates', async () => {
    const device = {
      dataType: 'sampled',
      measurementTypeId: 1,
      deviceId: deviceA,
      ...range(t0 + 5 * DAY, t0 + 6 * DAY),
    };
    expect((await get('data/closestTimeWithData', device)).statusCode).toBe(403);
    const viewer = await get('data/closestTimeWithData', device, f.viewer);
    expect(viewer.statusCode, viewer.body).toBe(200);
    // QB-A's CH4 ran 01:00 to 01:59, widened to the hour as before.
    expect(viewer.json()).toEqual({ startTime: at(t0 + HOUR), endTime: at(t0 + 2 * HOUR) });
    const noSite = await get('data/closestTimeWithData', { dataType: 'site-rate', ...range(t0, t0 + DAY) });
    expect(noSite.statusCode).toBe(400);
    expect(Object.keys(noSite.json().errors as Record<string, string[]>)).toEqual(['siteId']);
    const noDevice = await get('data/closestTimeWithData', { dataType: 'wind', ...range(t0, t0 + DAY) }, f.viewer);
    expect(noDevice.statusCode).toBe(400);
    expect(Object.keys(noDevice.json().errors as Record<string, string[]>)).toEqual(['deviceId']);
    expect(
      (await get('data/closestTimeWithData', { dataType: 'site-rate', siteId: station9, ...range(t0, t0 + DAY) }))
        .statusCode,
    ).toBe(404);
  });

  const rangeRoutes = ['site/siteDashboardDevices', 'emissions/siteEmissions', 'data/siteRateData'];
  const allRoutes = ['site/siteDetail', 'site/siteSources', ...rangeRoutes];

  it('refuses a range that ends before it starts or spans more than a year', async () => {
    for (const path of rangeRoutes) {
      const backwards = await get(path, { siteId: pad1, ...range(t0 + DAY, t0) });
      expect(backwards.statusCode, path).toBe(400);
      expect(backwards.json().detail, path).toBe(END_BEFORE_START);
      const long = await get(path, { siteId: pad1, ...range(t0 - 400 * DAY, t0) });
      expect(long.statusCode, path).toBe(400);
      expect(long.json().detail, path).toBe(maximumRangeMessage(365));
      const garbled = await get(path, { siteId: pad1, startTime: 'yesterday', endTime: at(t0) });
      expect(garbled.json().errors, path).toEqual({ startTime: ['Must be a date and time'] });
    }
  });

  it("answers 404 for an unknown site or another organization's, 410 for a deleted one", async () => {
    for (const path of allRoutes) {
      const unknown = await get(path, { siteId: 999_999, ...day });
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.json().detail, path).toBe('Site not found');
      expect((await get(path, { siteId: station9, ...day })).statusCode, path).toBe(404);
      // Asked through its own organization by someone who is not a member: the organization check answers first.
      expect((await get(path, { siteId: station9, organizationId: f.orgB, ...day })).statusCode, path).toBe(403);
      const deleted = await get(path, { siteId: gone, ...day });
      expect(deleted.statusCode, path).toBe(410);
      expect(deleted.json().detail, path).toBe('This site has been deleted');
      expect((await get(path, { ...day })).json().errors, path).toHaveProperty('siteId');
    }
    expect((await get('data/closestTimeWithData', { dataType: 'site-rate', siteId: gone, ...day })).statusCode).toBe(
      410,
    );
  });

  it('needs no permission beyond membership: the plain member, a viewer and an administrator read alike', async () => {
    for (const path of allRoutes) {
      const plainRes = await get(path, { siteId: pad1, ...day });
      expect(plainRes.statusCode, path).toBe(200);
      for (const user of [f.viewer, f.admin, f.provider]) {
        const res = await get(path, { siteId: pad1, ...day }, user);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toBe(plainRes.body);
      }
    }
  });
});
