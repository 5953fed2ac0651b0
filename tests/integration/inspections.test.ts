import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bulkCreateAnswerSchema,
  inspectionListItemSchema,
  inspectionSchema,
  inspectionSitesSchema,
} from '@/contracts/inspection';
import { INVALID_COORDINATES } from '@/domain/coordinates';
import { INSPECTION_MESSAGES, InspectionType, SurveyType } from '@/domain/inspection';
import { Permission } from '@/domain/permissions';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { createTestDatabase, testEngines } from '../helpers/test-db';
import { seedInspections } from '../../server/seed/inspections';
import { createRandom } from '../../server/seed/random';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(testEngines)('inspections on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let editor = 0;
  let plain = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  let source1 = 0;
  let sourceStation = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    editor = await addMember(t.database, f.orgA, 'inspector@example.com', [Permission.SiteEdit]);
    plain = await addMember(t.database, f.orgA, 'plain@example.com', [Permission.DeviceView]);
    const sites = await t.database.query<{ id: number; name: string }>('SELECT id, name FROM sites ORDER BY id');
    pad1 = sites.find((s) => s.name === 'Pad 1')!.id;
    pad2 = sites.find((s) => s.name === 'Pad 2')!.id;
    station = sites.find((s) => s.name === 'Station 9')!.id;
    const [s1] = await t.database.query<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Tank 1', 31.9001, -102.1001) RETURNING id",
      [pad1],
    );
    const [s9] = await t.database.query<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Wellhead 9', 40.1, -80.2) RETURNING id",
      [station],
    );
    source1 = s1!.id;
    sourceStation = s9!.id;
  });
  afterAll(() => t.close());

  const survey = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    siteId: pad1,
    type: InspectionType.Survey,
    time: '2026-03-01T10:00:00Z',
    detectionFound: true,
    emissionRate: 1.5,
    emissionConcentration: 40,
    locationLatLng: '',
    sourceId: source1,
    surveyType: SurveyType.OGI,
    inspectedByUserId: editor,
    thirdPartyInspectionId: 'T-1',
    description: 'Walked the pad',
    northEastCornerLocationLatLng: '',
    southWestCornerLocationLatLng: '',
    ...over,
  });
  const aerial = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    ...survey({
      type: InspectionType.Aerial,
      surveyType: null,
      sourceId: null,
      locationLatLng: '31.9,-102.1',
      northEastCornerLocationLatLng: '31.91,-102.09',
      southWestCornerLocationLatLng: '31.89,-102.11',
      image: { mimeType: 'image/png', content: PNG },
    }),
    ...over,
  });
  const save = (body: Record<string, unknown>, user = editor, org = f.orgA) =>
    t.as(user, { method: 'POST', url: '/api/inspection/inspectionEdit/', payload: { organizationId: org, ...body } });
  const bulk = (inspections: unknown[], user = editor, org = f.orgA) =>
    t.as(user, {
      method: 'POST',
      url: '/api/inspection/bulkCreateInspections/',
      payload: { organizationId: org, inspections },
    });
  const list = async (query: string, user = editor) => {
    const res = await t.as(user, {
      method: 'GET',
      url: `/api/inspection/inspectionList/?organizationId=${f.orgA}&fromTime=2026-01-01T00:00:00Z&toTime=2026-12-01T00:00:00Z${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(inspectionListItemSchema).parse(res.json());
  };

  it('creates, reads, edits and deletes an inspection through inspectionEdit and deleteInspection', async () => {
    const created = await save(survey());
    expect(created.statusCode, created.body).toBe(200);
    const one = inspectionSchema.parse(created.json());
    expect(one).toMatchObject({
      siteId: pad1,
      siteName: 'Pad 1',
      type: 2,
      surveyType: 1,
      sourceId: source1,
      sourceName: 'Tank 1',
      emissionRate: 1.5,
      inspectedByEmail: 'inspector@example.com',
      thirdPartyInspectionId: 'T-1',
      hasImage: false,
      time: '2026-03-01T10:00:00.000Z',
    });

    // Reads back for anyone of the organization; edits need SiteEdit.
    const read = await t.as(plain, {
      method: 'GET',
      url: `/api/inspection/inspectionEdit/?organizationId=${f.orgA}&inspectionId=${one.id}`,
    });
    expect(inspectionSchema.parse(read.json()).description).toBe('Walked the pad');
    expect((await save({ ...survey(), id: one.id }, plain)).statusCode).toBe(403);

    // Turning the detection off empties the detection fields.
    const edited = inspectionSchema.parse(
      (
        await save(
          survey({ id: one.id, detectionFound: false, surveyType: SurveyType.AVO, description: 'Nothing found' }),
        )
      ).json(),
    );
    expect(edited).toMatchObject({
      id: one.id,
      detectionFound: false,
      emissionRate: null,
      emissionConcentration: null,
      sourceId: null,
      locationLatLng: '',
      surveyType: 2,
      description: 'Nothing found',
    });

    expect(
      (
        await t.as(plain, {
          method: 'POST',
          url: '/api/inspection/deleteInspection/',
          payload: { organizationId: f.orgA, inspectionId: one.id },
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await t.as(editor, {
      method: 'POST',
      url: '/api/inspection/deleteInspection/',
      payload: { organizationId: f.orgA, inspectionId: one.id },
    });
    expect(deleted.json()).toEqual({ id: one.id });
    expect(
      (
        await t.as(editor, {
          method: 'GET',
          url: `/api/inspection/inspectionEdit/?organizationId=${f.orgA}&inspectionId=${one.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps, serves, replaces and removes an Aerial image', async () => {
    const one = inspectionSchema.parse((await save(aerial())).json());
    expect(one.hasImage).toBe(true);
    expect(one.northEastCornerLocationLatLng).toBe('31.91,-102.09');
    const image = await t.as(plain, {
      method: 'GET',
      url: `/api/inspection/inspectionImage/?organizationId=${f.orgA}&inspectionId=${one.id}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // Absent keeps the image; null removes it.
    const { image: _omit, ...withoutImage } = aerial({ id: one.id, description: 'kept' });
    void _omit;
    expect(inspectionSchema.parse((await save(withoutImage)).json()).hasImage).toBe(true);
    expect(inspectionSchema.parse((await save({ ...withoutImage, image: null })).json()).hasImage).toBe(false);
    expect(
      (
        await t.as(plain, {
          method: 'GET',
          url: `/api/inspection/inspectionImage/?organizationId=${f.orgA}&inspectionId=${one.id}`,
        })
      ).statusCode,
    ).toBe(404);
    // Another organization's caller cannot read it.
    const outsider = await addMember(t.database, f.orgB, 'outsider@example.com', [Permission.SiteEdit]);
    expect(
      (
        await t.as(outsider, {
          method: 'GET',
          url: `/api/inspection/inspectionImage/?organizationId=${f.orgB}&inspectionId=${one.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(outsider, {
          method: 'GET',
          url: `/api/inspection/inspectionImage/?organizationId=${f.orgA}&inspectionId=${one.id}`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each([
    ['siteId', { siteId: null }, INSPECTION_MESSAGES.siteRequired],
    ['time', { time: null }, INSPECTION_MESSAGES.timeRequired],
    ['time', { time: 'yesterday' }, INSPECTION_MESSAGES.timeInvalid],
    ['type', { type: null, surveyType: null }, INSPECTION_MESSAGES.typeRequired],
    ['detectionFound', { detectionFound: null }, INSPECTION_MESSAGES.detectionRequired],
    ['emissionRate', { emissionRate: -1 }, INSPECTION_MESSAGES.rateMin],
    ['emissionConcentration', { emissionConcentration: -0.1 }, INSPECTION_MESSAGES.concentrationMin],
    ['locationLatLng', { locationLatLng: '95,10', sourceId: null }, INVALID_COORDINATES],
    ['northEastCornerLocationLatLng', { northEastCornerLocationLatLng: 'north' }, INVALID_COORDINATES],
    ['southWestCornerLocationLatLng', { southWestCornerLocationLatLng: '1,200' }, INVALID_COORDINATES],
    ['locationLatLng', { sourceId: null }, INSPECTION_MESSAGES.locationRequired],
    ['sourceId', { sourceId: null }, INSPECTION_MESSAGES.sourceRequired],
    ['surveyType', { surveyType: null }, INSPECTION_MESSAGES.surveyTypeRequired],
    ['thirdPartyInspectionId', { thirdPartyInspectionId: 'x'.repeat(257) }, INSPECTION_MESSAGES.thirdPartyIdMax],
    ['description', { description: 'x'.repeat(4001) }, INSPECTION_MESSAGES.descriptionMax],
    ['sourceId', { sourceId: 'their source' }, INSPECTION_MESSAGES.sourceNotAtSite],
    ['inspectedByUserId', { inspectedByUserId: 999999 }, INSPECTION_MESSAGES.inspectorNotMember],
  ])('refuses %s (case %#)', async (field, over, message) => {
    // The other organization's source id is known only once the fixtures exist.
    const body = survey(over);
    if (body.sourceId === 'their source') body.sourceId = sourceStation;
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toContain(message);
  });

  it('needs a location on an Aerial inspection and refuses an image too large or of another type', async () => {
    const res = await save(aerial({ locationLatLng: '' }));
    expect((res.json() as { errors: Record<string, string[]> }).errors.locationLatLng).toEqual([
      INSPECTION_MESSAGES.locationRequired,
    ]);
    const big = await save(
      aerial({ image: { mimeType: 'image/png', content: 'A'.repeat(Math.ceil((2 * 1024 * 1024) / 3) * 4 + 4) } }),
    );
    expect((big.json() as { errors: Record<string, string[]> }).errors['image.content']).toEqual([
      INSPECTION_MESSAGES.imageTooLarge,
    ]);
    const gif = await save(aerial({ image: { mimeType: 'image/gif', content: PNG } }));
    expect((gif.json() as { errors: Record<string, string[]> }).errors['image.mimeType']).toEqual([
      INSPECTION_MESSAGES.imageType,
    ]);
  });

  it('bulk creates every inspection or none, with a 400 keyed inspections[n].field', async () => {
    const before = (await list('')).length;
    const bad = await bulk([
      survey(),
      aerial({ locationLatLng: '' }),
      survey({ surveyType: null, emissionRate: -2 }),
      survey({ sourceId: sourceStation }),
    ]);
    expect(bad.statusCode).toBe(400);
    const errors = (bad.json() as { errors: Record<string, string[]> }).errors;
    expect(errors).toEqual({
      'inspections[1].locationLatLng': [INSPECTION_MESSAGES.locationRequired],
      'inspections[2].emissionRate': [INSPECTION_MESSAGES.rateMin],
      'inspections[2].surveyType': [INSPECTION_MESSAGES.surveyTypeRequired],
      'inspections[3].sourceId': [INSPECTION_MESSAGES.sourceNotAtSite],
    });
    expect(await list('')).toHaveLength(before);

    const ok = await bulk([
      survey({ time: '2026-04-01T00:00:00Z' }),
      aerial({ time: '2026-04-02T00:00:00Z' }),
      survey({ siteId: pad2, sourceId: null, detectionFound: false, time: '2026-04-03T00:00:00Z' }),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = bulkCreateAnswerSchema.parse(ok.json());
    expect(answer.count).toBe(3);
    const rows = await list('');
    expect(rows).toHaveLength(before + 3);
    expect(rows.slice(0, 3).map((r) => [r.siteName, r.type, r.hasImage])).toEqual([
      ['Pad 2', 2, false],
      ['Pad 1', 1, true],
      ['Pad 1', 2, false],
    ]);
    // Without the permission, nothing.
    expect((await bulk([survey()], plain)).statusCode).toBe(403);
  });

  it("refuses another organization's sites and inspections", async () => {
    expect((await save(survey({ siteId: station, sourceId: sourceStation }))).statusCode).toBe(404);
    expect((await bulk([survey({ siteId: station, sourceId: sourceStation })])).statusCode).toBe(404);
    const [theirs] = await t.database.query<{ id: number }>(
      "INSERT INTO inspections (site_id, type, time, detection_found, survey_type) VALUES ($1, 2, '2026-03-01T00:00:00Z', false, 1) RETURNING id",
      [station],
    );
    expect(
      (
        await t.as(editor, {
          method: 'GET',
          url: `/api/inspection/inspectionEdit/?organizationId=${f.orgA}&inspectionId=${theirs!.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await save({ ...survey(), id: theirs!.id })).statusCode).toBe(404);
    expect(
      (
        await t.as(editor, {
          method: 'POST',
          url: '/api/inspection/deleteInspection/',
          payload: { organizationId: f.orgA, inspectionId: theirs!.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(editor, {
          method: 'POST',
          url: '/api/inspection/deleteInspection/',
          payload: { organizationId: f.orgB, inspectionId: theirs!.id },
        })
      ).statusCode,
    ).toBe(403);
    // Their site in our filter, or their site's inspections.
    expect(
      (
        await t.as(editor, {
          method: 'GET',
          url: `/api/inspection/inspectionList/?organizationId=${f.orgA}&fromTime=2026-01-01T00:00:00Z&toTime=2026-12-01T00:00:00Z&siteFilter.site=${station}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(editor, {
          method: 'GET',
          url: `/api/inspection/siteInspections/?organizationId=${f.orgA}&siteId=${station}&startTime=2026-01-01T00:00:00Z&endTime=2026-12-01T00:00:00Z`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await list('')).map((r) => r.siteId)).not.toContain(station);
  });

  it('lists newest first within the window and site filter, at most top', async () => {
    const all = await list('');
    expect(all.map((r) => r.time)).toEqual([...all.map((r) => r.time)].sort().reverse());
    expect(all.length).toBeGreaterThan(2);
    expect(await list('&top=2')).toEqual(all.slice(0, 2));
    const onlyPad2 = await list(`&siteFilter.site=${pad2}`);
    expect(onlyPad2.length).toBeGreaterThan(0);
    expect(onlyPad2.every((r) => r.siteId === pad2)).toBe(true);
    expect(
      (
        await t.as(editor, {
          method: 'GET',
          url: `/api/inspection/inspectionList/?organizationId=${f.orgA}&fromTime=2026-04-02T00:00:00Z&toTime=2026-04-03T00:00:00Z`,
        })
      ).json(),
    ).toHaveLength(1);
    const bad = await t.as(editor, {
      method: 'GET',
      url: `/api/inspection/inspectionList/?organizationId=${f.orgA}&fromTime=2026-01-01T00:00:00Z&toTime=2026-12-01T00:00:00Z&top=101`,
    });
    expect(bad.statusCode).toBe(400);

    const site = await t.as(plain, {
      method: 'GET',
      url: `/api/inspection/siteInspections/?organizationId=${f.orgA}&siteId=${pad1}&startTime=2026-01-01T00:00:00Z&endTime=2026-12-01T00:00:00Z&samplePeriod=30`,
    });
    const rows = z.array(inspectionListItemSchema).parse(site.json());
    expect(rows.every((r) => r.siteId === pad1)).toBe(true);
    expect(rows.map((r) => r.time)).toEqual([...rows.map((r) => r.time)].sort());
  });

  it("offers the organization's sites with their sources and its users as inspectors", async () => {
    const res = await t.as(plain, { method: 'GET', url: `/api/inspection/inspectionSites/?organizationId=${f.orgA}` });
    const choices = inspectionSitesSchema.parse(res.json());
    expect(choices.sites.map((s) => s.name)).toEqual(['Pad 1', 'Pad 2']);
    expect(choices.sites[0]!.sources).toEqual([{ id: source1, name: 'Tank 1', locationLatLng: '31.9001,-102.1001' }]);
    expect(choices.inspectors.map((u) => u.email)).toContain('inspector@example.com');
    expect(choices.inspectors.map((u) => u.email)).not.toContain('outsider@example.com');
  });
});

describe.each(testEngines)('demo inspections on %s', (engine) => {
  it('gives every monitored site a handful that meet the rules, Survey and Aerial, Aerial ones with a PNG', async () => {
    const t = await createTestDatabase(engine);
    try {
      const r = createRandom(3);
      const [org] = await t.database.query<{ id: number }>(
        "INSERT INTO organizations (name) VALUES ('Demo') RETURNING id",
      );
      const sites: number[] = [];
      for (let i = 0; i < 8; i++) {
        const [site] = await t.database.query<{ id: number }>(
          'INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, $2, $3, -102) RETURNING id',
          [org!.id, `Pad ${i}`, 31 + i / 10],
        );
        sites.push(site!.id);
        await t.database.query(
          "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Tank', 31, -102)",
          [site!.id],
        );
        const [device] = await t.database.query<{ id: number }>(
          "INSERT INTO devices (name, device_type, organization_id) VALUES ($1, 'Qube', $2) RETURNING id",
          [`D${i}`, org!.id],
        );
        // One site is not monitored (its installation ended).
        await t.database.query(
          "INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, started_at, ended_at) VALUES ($1, $2, 0, 31, -102, now() - interval '9 days', $3)",
          [device!.id, site!.id, i === 7 ? new Date() : null],
        );
      }
      const now = new Date('2026-11-01T12:00:00Z');
      const count = await seedInspections(t.database, r, now);
      const rows = await t.database.query<{
        site_id: number;
        type: number;
        time: Date;
        detection_found: boolean;
        latitude: number | null;
        source_id: number | null;
        survey_type: number | null;
        has_image: boolean;
      }>(
        'SELECT i.*, EXISTS (SELECT 1 FROM inspection_images im WHERE im.inspection_id = i.id) AS has_image FROM inspections i',
      );
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row.site_id))).toEqual(new Set(sites.slice(0, 7)));
      for (const row of rows) {
        expect(now.getTime() - new Date(row.time).getTime()).toBeLessThanOrEqual(60 * 86_400_000);
        if (row.type === InspectionType.Aerial)
          expect([row.detection_found, row.latitude !== null, row.has_image, row.survey_type]).toEqual([
            true,
            true,
            true,
            null,
          ]);
        else expect(row.survey_type === SurveyType.OGI || row.survey_type === SurveyType.AVO).toBe(true);
        if (row.type === InspectionType.Survey && row.detection_found)
          expect(row.latitude !== null || row.source_id !== null).toBe(true);
      }
      expect(rows.some((row) => row.type === InspectionType.Survey && row.source_id !== null)).toBe(true);
      const [image] = await t.database.query<{ content: Uint8Array }>('SELECT content FROM inspection_images LIMIT 1');
      expect(Buffer.from(image!.content).subarray(1, 4).toString('ascii')).toBe('PNG');
    } finally {
      await t.drop();
    }
  });
});
