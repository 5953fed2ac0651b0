import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  basemapSchema,
  siteEditSiteSchema,
  sourceEditSchema,
  sourceGroupOptionSchema,
  structureSchema,
} from '@/contracts/site-edit';
import { BASEMAP_FORM_MESSAGES, BASEMAP_MESSAGES } from '@/domain/basemap';
import { INVALID_COORDINATES } from '@/domain/coordinates';
import { Permission } from '@/domain/permissions';
import { SOURCE_MESSAGES } from '@/domain/source';
import { STRUCTURE_MESSAGES } from '@/domain/structure';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with the `basemap` JSON field and, when given, the `image` file. */
function multipart(fields: Record<string, unknown>, image?: { bytes: Buffer; type: string; name: string }) {
  const boundary = '----siteedit' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="basemap"\r\n\r\n${JSON.stringify(fields)}\r\n`),
  ];
  if (image) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${image.name}"\r\nContent-Type: ${image.type}\r\n\r\n`,
      ),
      image.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testEngines)('site edit on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let editor = 0;
  let deployer = 0;
  let plain = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    editor = await addMember(t.database, f.orgA, 'site.editor@example.com', [Permission.SiteEdit]);
    deployer = await addMember(t.database, f.orgA, 'deployer@example.com', [Permission.SiteDeploymentEdit]);
    plain = await addMember(t.database, f.orgA, 'plain@example.com', [Permission.DeviceView]);
    const sites = await t.database.query<{ id: number; name: string }>('SELECT id, name FROM sites ORDER BY id');
    pad1 = sites.find((s) => s.name === 'Pad 1')!.id;
    pad2 = sites.find((s) => s.name === 'Pad 2')!.id;
    station = sites.find((s) => s.name === 'Station 9')!.id;
  });
  afterAll(() => t.close());

  const get = (url: string, user = editor) => t.as(user, { method: 'GET', url });
  const post = (url: string, payload?: Record<string, unknown>, user = editor) =>
    t.as(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const source = (over: Record<string, unknown> = {}) => ({
    organizationId: f.orgA,
    siteId: pad1,
    name: 'Tank 1',
    locationLatLng: '31.9012345678,-102.1012345678',
    height: 3,
    relativeImportance: 2,
    sourceCategoryId: 2,
    sourceGroup: { name: 'Tank battery' },
    ...over,
  });
  const structure = (over: Record<string, unknown> = {}) => ({
    organizationId: f.orgA,
    siteId: pad1,
    name: 'Separator shed',
    locationLatLng: '31.9,-102.1',
    footprintType: 'Box',
    footprintRotation: 30,
    footprintX: 10,
    footprintY: 6,
    footprintZ: 4,
    ...over,
  });
  const sources = async (siteId: number, deleted = false, user = editor) => {
    const res = await get(
      `/api/source/getSourceEdit/?organizationId=${f.orgA}&siteId=${siteId}${deleted ? '&includeDeleted=true' : ''}`,
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    return z.array(sourceEditSchema).parse(res.json());
  };
  const saveBasemap = (
    fields: Record<string, unknown>,
    image?: { bytes: Buffer; type: string; name: string },
    user = editor,
    org = f.orgA,
  ) =>
    t.as(user, { method: 'POST', url: `/api/basemap/basemapEdit/?organizationId=${org}`, ...multipart(fields, image) });

  it('heads the edit screen with the site, deleted or not, and hides other organizations', async () => {
    const res = await get(`/api/site/siteInfo/?organizationId=${f.orgA}&siteId=${pad1}`, plain);
    expect(siteEditSiteSchema.parse(res.json())).toEqual({
      id: pad1,
      name: 'Pad 1',
      organizationId: f.orgA,
      organizationName: 'Alpha Energy',
      latitude: 31.9,
      longitude: -102.1,
      deleted: false,
    });
    expect((await get(`/api/site/siteInfo/?organizationId=${f.orgA}&siteId=${station}`)).statusCode).toBe(404);
  });

  it('creates a source with its group, rounds it to 6 decimals, edits it, soft-deletes and restores it', async () => {
    const created = await post('/api/source/sourceEdit', source());
    expect(created.statusCode, created.body).toBe(200);
    const one = sourceEditSchema.parse(created.json());
    expect(one).toMatchObject({
      siteId: pad1,
      name: 'Tank 1',
      locationLatLng: '31.901235,-102.101235',
      height: 3,
      relativeImportance: 2,
      sourceCategoryId: 2,
      sourceCategoryName: 'Tank',
      sourceGroup: { name: 'Tank battery' },
      deletedAt: null,
    });

    // The same group name (any case) reuses the group; an empty one leaves the group out.
    const second = sourceEditSchema.parse(
      (
        await post(
          '/api/source/sourceEdit',
          source({ name: 'Tank 2', sourceGroup: { name: 'TANK BATTERY' } }),
          deployer,
        )
      ).json(),
    );
    expect(second.sourceGroup?.id).toBe(one.sourceGroup?.id);
    const edited = sourceEditSchema.parse(
      (
        await post(
          '/api/source/sourceEdit',
          source({ id: one.id, name: 'Tank 1A', sourceGroup: undefined, height: null }),
        )
      ).json(),
    );
    expect(edited).toMatchObject({ id: one.id, name: 'Tank 1A', sourceGroup: null, height: 2 });
    const groups = z
      .array(sourceGroupOptionSchema)
      .parse((await get(`/api/sourceGroup/siteGroupOptions/?organizationId=${f.orgA}`, plain)).json());
    expect(groups.map((g) => g.name)).toEqual(['Tank battery']);

    const deleted = await post(`/api/source/deleteSource/?organizationId=${f.orgA}&sourceId=${one.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(sourceEditSchema.parse(deleted.json()).deletedAt).not.toBeNull();
    expect((await sources(pad1)).map((s) => s.name)).toEqual(['Tank 2']);
    expect((await sources(pad1, true)).map((s) => [s.name, s.deletedAt !== null])).toEqual([
      ['Tank 1A', true],
      ['Tank 2', false],
    ]);
    const restored = await post(
      `/api/source/restoreSource/?organizationId=${f.orgA}&sourceId=${one.id}`,
      undefined,
      deployer,
    );
    expect(sourceEditSchema.parse(restored.json()).deletedAt).toBeNull();
    expect((await sources(pad1)).map((s) => s.name)).toEqual(['Tank 1A', 'Tank 2']);

    // The changes are the site's audit entries.
    const audit = await t.database.query<{ changes: { name: string }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'site' AND entity_id = $1 ORDER BY id",
      [String(pad1)],
    );
    expect(audit.flatMap((a) => a.changes.map((c) => c.name))).toContain(`Source ${one.id} deletedAt`);
  });

  it("answers the source rules' messages and refuses readers, other organizations and deleted sites", async () => {
    const bad = await post(
      '/api/source/sourceEdit',
      source({
        name: ' ',
        locationLatLng: '95,1',
        height: -1,
        relativeImportance: 7,
        sourceCategoryId: null,
        sourceGroup: { name: 'x'.repeat(101) },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      name: [SOURCE_MESSAGES.nameRequired],
      locationLatLng: [INVALID_COORDINATES],
      height: [SOURCE_MESSAGES.heightMin],
      relativeImportance: [SOURCE_MESSAGES.importanceRequired],
      sourceCategoryId: [SOURCE_MESSAGES.categoryRequired],
      'sourceGroup.name': ['Source Group name must be less than 100 characters'],
    });
    expect((await post('/api/source/sourceEdit', source(), plain)).statusCode).toBe(403);
    // Another organization's site or source answers like an unknown one.
    expect((await post('/api/source/sourceEdit', source({ siteId: station }))).statusCode).toBe(404);
    const [foreign] = await t.database.query<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Wellhead 9', 40.1, -80.2) RETURNING id",
      [station],
    );
    expect((await post(`/api/source/deleteSource/?organizationId=${f.orgA}&sourceId=${foreign!.id}`)).statusCode).toBe(
      404,
    );
    expect((await post('/api/source/sourceEdit', source({ id: foreign!.id }))).statusCode).toBe(404);
    expect((await get(`/api/source/getSourceEdit/?organizationId=${f.orgA}&siteId=${station}`)).statusCode).toBe(404);
    // A deleted site keeps its sources readable but takes no edits.
    await t.database.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [pad2]);
    try {
      expect((await post('/api/source/sourceEdit', source({ siteId: pad2 }))).statusCode).toBe(410);
      expect((await post('/api/structure/structureEdit', structure({ siteId: pad2 }))).statusCode).toBe(410);
      expect((await get(`/api/source/getSourceEdit/?organizationId=${f.orgA}&siteId=${pad2}`)).statusCode).toBe(200);
      expect(
        siteEditSiteSchema.parse((await get(`/api/site/siteInfo/?organizationId=${f.orgA}&siteId=${pad2}`)).json())
          .deleted,
      ).toBe(true);
    } finally {
      await t.database.query('UPDATE sites SET deleted_at = NULL WHERE id = $1', [pad2]);
    }
  });

  it('creates, lists, edits and deletes structures with their rules', async () => {
    const created = await post('/api/structure/structureEdit', structure());
    expect(created.statusCode, created.body).toBe(200);
    const one = structureSchema.parse(created.json());
    expect(one).toMatchObject({
      name: 'Separator shed',
      footprintType: 'Box',
      footprintRotation: 30,
      footprintX: 10,
      footprintY: 6,
      footprintZ: 4,
      locationLatLng: '31.9,-102.1',
    });
    const edited = structureSchema.parse(
      (
        await post(
          '/api/structure/structureEdit',
          structure({ id: one.id, footprintType: 'Cylinder', footprintRotation: 359 }),
          deployer,
        )
      ).json(),
    );
    expect(edited).toMatchObject({ id: one.id, footprintType: 'Cylinder', footprintRotation: 359 });
    const list = z
      .array(structureSchema)
      .parse((await get(`/api/structure/getStructureEdit/?organizationId=${f.orgA}&siteId=${pad1}`, plain)).json());
    expect(list.map((s) => s.id)).toEqual([one.id]);

    const bad = await post(
      '/api/structure/structureEdit',
      structure({
        name: '',
        locationLatLng: 'x',
        footprintType: 'Cone',
        footprintRotation: 360,
        footprintX: -1,
        footprintY: 101,
        footprintZ: null,
      }),
    );
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      name: [STRUCTURE_MESSAGES.nameRequired],
      locationLatLng: [INVALID_COORDINATES],
      footprintType: [STRUCTURE_MESSAGES.typeRequired],
      footprintRotation: [STRUCTURE_MESSAGES.rotation],
      footprintX: [STRUCTURE_MESSAGES.size('X')],
      footprintY: [STRUCTURE_MESSAGES.size('Y')],
      footprintZ: [STRUCTURE_MESSAGES.size('Z')],
    });
    expect((await post('/api/structure/structureEdit', structure(), plain)).statusCode).toBe(403);
    expect((await post('/api/structure/structureEdit', structure({ siteId: station }))).statusCode).toBe(404);
    expect((await get(`/api/structure/getStructureEdit/?organizationId=${f.orgA}&siteId=${station}`)).statusCode).toBe(
      404,
    );
    expect(
      (await post(`/api/structure/deleteStructure/?organizationId=${f.orgB}&structureId=${one.id}`, undefined, f.admin))
        .statusCode,
    ).toBe(404);

    expect(
      (await post(`/api/structure/deleteStructure/?organizationId=${f.orgA}&structureId=${one.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/structure/deleteStructure/?organizationId=${f.orgA}&structureId=${one.id}`)).statusCode,
    ).toBe(404);
  });

  it('saves a basemap with its image, serves the image back, edits it without one and deletes it', async () => {
    const fields = {
      siteId: pad1,
      name: 'Drone survey',
      northEastCornerLatLng: '31.91,-102.09',
      southWestCornerLatLng: '31.89,-102.11',
      showByDefault: true,
    };
    const created = await saveBasemap(fields, { bytes: PNG, type: 'image/png', name: 'survey.png' });
    expect(created.statusCode, created.body).toBe(200);
    const one = basemapSchema.parse(created.json());
    expect(one).toMatchObject({
      name: 'Drone survey',
      mimeType: 'image/png',
      showByDefault: true,
      northEastCornerLatLng: '31.91,-102.09',
    });

    const image = await get(`/api/basemap/basemapImage/?organizationId=${f.orgA}&basemapId=${one.id}`, plain);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);

    const edited = basemapSchema.parse(
      (
        await saveBasemap({ ...fields, id: one.id, name: 'Drone survey 2', showByDefault: false }, undefined, deployer)
      ).json(),
    );
    expect(edited).toMatchObject({ id: one.id, name: 'Drone survey 2', showByDefault: false, mimeType: 'image/png' });
    const list = z
      .array(basemapSchema)
      .parse((await get(`/api/basemap/basemapList/?organizationId=${f.orgA}&siteId=${pad1}`, plain)).json());
    expect(list.map((b) => b.name)).toEqual(['Drone survey 2']);

    // Another organization sees none of it.
    expect(
      (await get(`/api/basemap/basemapImage/?organizationId=${f.orgB}&basemapId=${one.id}`, f.admin)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(f.admin, {
          method: 'POST',
          url: `/api/basemap/deleteBasemap/?organizationId=${f.orgB}&basemapId=${one.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await saveBasemap({ ...fields, siteId: station }, { bytes: PNG, type: 'image/png', name: 'a.png' })).statusCode,
    ).toBe(404);
    expect((await get(`/api/basemap/basemapList/?organizationId=${f.orgA}&siteId=${station}`)).statusCode).toBe(404);
    expect((await saveBasemap(fields, { bytes: PNG, type: 'image/png', name: 'a.png' }, plain)).statusCode).toBe(403);

    expect((await post(`/api/basemap/deleteBasemap/?organizationId=${f.orgA}&basemapId=${one.id}`)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/basemap/basemapImage/?organizationId=${f.orgA}&basemapId=${one.id}`)).statusCode).toBe(404);
  });

  it("answers the basemap rules' messages, refuses an image over 2 MB or of another type", async () => {
    const fields = {
      siteId: pad1,
      name: '',
      northEastCornerLatLng: '31.89,-102.09',
      southWestCornerLatLng: '31.91,-102.11',
      showByDefault: true,
    };
    const bad = await saveBasemap(fields);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      name: [BASEMAP_FORM_MESSAGES.nameRequired],
      southWestCornerLatLng: [BASEMAP_MESSAGES.cornerOrder],
      image: [BASEMAP_MESSAGES.imageRequired],
    });
    const good = {
      ...fields,
      name: 'Big',
      northEastCornerLatLng: '31.91,-102.09',
      southWestCornerLatLng: '31.89,-102.11',
    };
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await saveBasemap(good, { bytes: big, type: 'image/png', name: 'big.png' });
    expect(tooLarge.statusCode).toBe(400);
    expect((tooLarge.json() as { errors: Record<string, string[]> }).errors).toEqual({
      image: [BASEMAP_FORM_MESSAGES.imageTooLarge],
    });
    const wrong = await saveBasemap(good, { bytes: Buffer.from('<kml/>'), type: 'image/png', name: 'fake.png' });
    expect((wrong.json() as { errors: Record<string, string[]> }).errors).toEqual({
      image: [BASEMAP_FORM_MESSAGES.imageType],
    });
    // A basemap can still be edited for a deleted site (its Basemaps tab stays open).
    await t.database.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [pad2]);
    try {
      expect(
        (await saveBasemap({ ...good, siteId: pad2 }, { bytes: PNG, type: 'image/png', name: 'a.png' })).statusCode,
      ).toBe(200);
    } finally {
      await t.database.query('UPDATE sites SET deleted_at = NULL WHERE id = $1', [pad2]);
    }
  });
});
