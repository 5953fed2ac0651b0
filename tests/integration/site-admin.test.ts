// Site add/edit, access details, site groups and bulk upload on the real database (spec 1 §2, §4, §5, §7; spec 3 §5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEditSchema, siteGroupRowSchema, siteOptionsSchema } from '@/contracts/site';
import { INVALID_COORDINATES } from '@/domain/coordinates';
import { SITE_GROUP_COMMA } from '@/domain/site-form';
import { SITE_CHANGED_ELSEWHERE } from '../../server/services/site-edit';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('site administration on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let padOne = 0;
  let stationNine = 0;
  let editorOnly = 0;
  const o: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    padOne = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    stationNine = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Station 9'"))[0]!.id;
    const opt = async (kind: string, name: string, parent: number | null = null, org: number | null = null) =>
      (o[`${kind}:${name}`] = (
        await t.database.query<{ id: number }>(
          'INSERT INTO site_options (kind, name, parent_id, organization_id) VALUES ($1, $2, $3, $4) RETURNING id',
          [kind, name, parent, org],
        )
      )[0]!.id);
    const us = await opt('country', 'United States');
    const ca = await opt('country', 'Canada');
    await opt('stateProvince', 'Texas', us);
    await opt('stateProvince', 'Alberta', ca);
    await opt('regulation', 'EPA OOOOb', us);
    await opt('regulatorySiteType', 'Well Site');
    await opt('basin', 'Permian');
    await opt('businessUnit', 'Delaware BU', null, f.orgA);
    await opt('businessUnit', 'Bravo BU', null, f.orgB);
    // A member who may edit sites but not add them (no SiteAdd).
    const [role] = await t.database.query<{ id: number }>(
      "INSERT INTO roles (name, kind, organization_id, permissions) VALUES ('Editor', 'organization', $1, '[21]') RETURNING id",
      [f.orgA],
    );
    editorOnly = (
      await t.database.query<{ id: number }>(
        "INSERT INTO users (email, cognito_user_id) VALUES ('editor@example.com', 'c-editor') RETURNING id",
      )
    )[0]!.id;
    await t.database.query('INSERT INTO user_organizations (user_id, organization_id, role_id) VALUES ($1, $2, $3)', [
      editorOnly,
      f.orgA,
      role!.id,
    ]);
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    id: 0,
    name: 'Pad 7',
    organizationId: f.orgA,
    locationLatLng: '31.95,-102.2',
    alias: null,
    siteGroupIds: [],
    businessUnit: null,
    assetArea: null,
    countryId: null,
    stateProvinceId: null,
    regulationId: null,
    regulatorySiteTypeId: null,
    genericSiteTypeId: null,
    basinId: null,
    industrySegmentId: null,
    fluidTypeId: null,
    ...over,
  });
  const save = (user: number, body: Record<string, unknown>) =>
    t.as(user, { method: 'POST', url: '/api/site/siteEdit/', payload: body });
  const load = async (user: number, siteId: number, org = f.orgA) =>
    t.as(user, { method: 'GET', url: `/api/site/siteEdit/?organizationId=${org}&siteId=${siteId}` });

  it('offers the global lists and only the organization’s own business units', async () => {
    const res = await t.as(f.viewer, { method: 'GET', url: `/api/site/siteOptions/?organizationId=${f.orgA}` });
    const options = siteOptionsSchema.parse(res.json());
    expect(options.countries.map((c) => c.name)).toEqual(['Canada', 'United States']);
    expect(options.stateProvinces.find((s) => s.name === 'Texas')?.parentId).toBe(o['country:United States']);
    expect(options.businessUnits).toEqual(['Delaware BU']);
  });

  it('adds a site with its classification, creating a new asset area, and records it in the audit', async () => {
    const res = await save(
      f.admin,
      form({
        alias: 'P7',
        countryId: o['country:United States'],
        stateProvinceId: o['stateProvince:Texas'],
        regulationId: o['regulation:EPA OOOOb'],
        regulatorySiteTypeId: o['regulatorySiteType:Well Site'],
        basinId: o['basin:Permian'],
        businessUnit: 'Delaware BU',
        assetArea: 'North Loop',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const site = siteEditSchema.parse(res.json());
    expect(site).toMatchObject({
      name: 'Pad 7',
      alias: 'P7',
      locationLatLng: '31.95,-102.2',
      businessUnit: 'Delaware BU',
      assetArea: 'North Loop',
    });
    const audit = await t.database.query<{ changes: { name: string; newValue: unknown }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'site' AND entity_id = $1",
      [String(site.id)],
    );
    expect(audit[0]!.changes.find((c) => c.name === 'name')?.newValue).toBe('Pad 7');
  });

  it("rejects what the form rejects, with the spec's messages keyed by field", async () => {
    const bad = await save(f.admin, form({ name: ' ', locationLatLng: '95,10' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: ['Name is required'], locationLatLng: [INVALID_COORDINATES] });
    const wrongState = await save(
      f.admin,
      form({ countryId: o['country:Canada'], stateProvinceId: o['stateProvince:Texas'] }),
    );
    expect(wrongState.json().errors).toEqual({
      stateProvinceId: ['This option does not belong to the chosen country'],
    });
    const typeWithoutRegulation = await save(
      f.admin,
      form({ regulatorySiteTypeId: o['regulatorySiteType:Well Site'] }),
    );
    expect(typeWithoutRegulation.json().errors).toEqual({ regulatorySiteTypeId: ['Choose a regulation first'] });
    const [groupB] = await t.database.query<{ id: number }>(
      "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'Bravo only') RETURNING id",
      [f.orgB],
    );
    const foreignGroup = await save(f.admin, form({ siteGroupIds: [groupB!.id] }));
    expect(foreignGroup.json().errors).toEqual({ siteGroupIds: ['A group does not belong to this organization'] });
  });

  it('lets SiteEdit change the alias but keeps name and location for SiteAdd', async () => {
    const current = siteEditSchema.parse((await load(editorOnly, padOne)).json());
    const alias = await save(editorOnly, { ...current, alias: 'First pad' });
    expect(alias.statusCode, alias.body).toBe(200);
    const next = siteEditSchema.parse(alias.json());
    const rename = await save(editorOnly, { ...next, name: 'Renamed' });
    expect(rename.statusCode).toBe(403);
    const add = await save(editorOnly, form());
    expect(add.statusCode).toBe(403);
  });

  it('reports a concurrent edit instead of losing it', async () => {
    const opened = siteEditSchema.parse((await load(f.admin, padOne)).json());
    const first = await save(f.admin, { ...opened, alias: 'Edited by one' });
    expect(first.statusCode).toBe(200);
    const second = await save(f.admin, { ...opened, alias: 'Edited by two' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(SITE_CHANGED_ELSEWHERE);
    expect(siteEditSchema.parse((await load(f.admin, padOne)).json()).alias).toBe('Edited by one');
  });

  it("never reads or writes another organization's site through this one", async () => {
    expect((await load(f.admin, stationNine)).statusCode).toBe(404);
    expect((await load(f.viewer, padOne, f.orgB)).statusCode).toBe(403);
    const station = siteEditSchema.parse((await load(f.admin, stationNine, f.orgB)).json());
    // The viewer of A cannot reach B's site by naming A as the target either.
    const hijack = await save(f.viewer, { ...station, organizationId: f.orgA });
    expect(hijack.statusCode).toBe(403);
  });

  it('moves a site to another organization when the user may add sites in both', async () => {
    const created = siteEditSchema.parse(
      (await save(f.admin, form({ name: 'Mover', businessUnit: 'Delaware BU' }))).json(),
    );
    const moved = await save(f.admin, {
      ...created,
      organizationId: f.orgB,
      businessUnit: null,
      assetArea: null,
      siteGroupIds: [],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(siteEditSchema.parse(moved.json()).organizationId).toBe(f.orgB);
    expect((await load(f.admin, created.id, f.orgA)).statusCode).toBe(404);
  });

  it('reads and saves access details with an audit entry', async () => {
    const url = '/api/site/siteAccessDetailsEdit/';
    const saved = await t.as(f.admin, {
      method: 'POST',
      url,
      payload: {
        siteId: padOne,
        organizationId: f.orgA,
        accessNotes: 'Gate code 4411',
        notificationRequired: true,
        specialTicketsRequired: false,
        workPermitRequired: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.as(f.viewer, { method: 'GET', url: `${url}?organizationId=${f.orgA}&siteId=${padOne}` });
    expect(read.json()).toEqual({
      siteId: padOne,
      accessNotes: 'Gate code 4411',
      notificationRequired: true,
      specialTicketsRequired: false,
      workPermitRequired: true,
    });
    expect(
      (
        await t.as(f.viewer, {
          method: 'POST',
          url,
          payload: {
            siteId: padOne,
            organizationId: f.orgA,
            accessNotes: null,
            notificationRequired: false,
            specialTicketsRequired: false,
            workPermitRequired: false,
          },
        })
      ).statusCode,
    ).toBe(403);
    const tooLong = await t.as(f.admin, {
      method: 'POST',
      url,
      payload: {
        siteId: padOne,
        organizationId: f.orgA,
        accessNotes: 'x'.repeat(4001),
        notificationRequired: false,
        specialTicketsRequired: false,
        workPermitRequired: false,
      },
    });
    expect(tooLong.json().errors).toEqual({ accessNotes: ['Access notes must be at most 4000 characters'] });
  });

  it('adds, renames, assigns and deletes site groups, auditing each site that loses one', async () => {
    const edit = (body: Record<string, unknown>) =>
      t.as(f.admin, { method: 'POST', url: '/api/siteGroup/edit', payload: { organizationId: f.orgA, ...body } });
    expect((await edit({ id: 0, name: 'North, South' })).json().errors).toEqual({ name: [SITE_GROUP_COMMA] });
    const north = siteGroupRowSchema.parse((await edit({ id: 0, name: 'North' })).json());
    expect((await edit({ id: 0, name: 'north' })).json().errors).toEqual({
      name: ['A group with this name already exists'],
    });
    const renamed = siteGroupRowSchema.parse((await edit({ id: north.id, name: 'Northern' })).json());
    expect(renamed.name).toBe('Northern');
    const pads = await t.database.query<{ id: number }>(
      "SELECT id FROM sites WHERE organization_id = $1 AND name IN ('Pad 1', 'Pad 2') ORDER BY name",
      [f.orgA],
    );
    const assign = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/siteGroupSitesEdit',
      payload: { organizationId: f.orgA, siteGroupSites: { [pads[0]!.id]: [north.id], [pads[1]!.id]: [north.id] } },
    });
    expect(assign.json()).toEqual({ updatedSites: 2 });
    const list = (
      await t.as(f.viewer, {
        method: 'GET',
        url: `/api/siteGroup/listSiteGroupsForOrganization/?organizationId=${f.orgA}`,
      })
    ).json() as { id: number; siteCount: number }[];
    expect(list.find((g) => g.id === north.id)?.siteCount).toBe(2);
    const foreign = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/siteGroupSitesEdit',
      payload: { organizationId: f.orgA, siteGroupSites: { [stationNine]: [north.id] } },
    });
    expect(foreign.statusCode).toBe(404);
    const del = await t.as(f.admin, {
      method: 'DELETE',
      url: `/api/siteGroup/delete/${north.id}?organizationId=${f.orgA}`,
    });
    expect(del.statusCode).toBe(200);
    const audit = await t.database.query<{ changes: { name: string; newValue: number[] }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'site' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(pads[1]!.id)],
    );
    expect(audit[0]!.changes).toEqual([{ name: 'siteGroupIds', oldValue: [north.id], newValue: [] }]);
    expect(
      (await t.as(f.admin, { method: 'DELETE', url: `/api/siteGroup/delete/${north.id}?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(404);
  });

  describe('bulk upload', () => {
    const header =
      'Id,Name,Alias,Latitude,Longitude,Groups,Business Unit,Asset/Area,Country,State/Province,Regulation,Regulatory Site Type,Generic Site Type,Basin,Industry Segment,Fluid Type,Notification Required,Special Tickets Required,Work Permit Required,Access Notes';
    const upload = (path: string, csv: string, type = 'text/csv', field = 'csvRecords') =>
      t.as(f.provider, {
        method: 'POST',
        url: `/api/site/${path}/${f.orgA}`,
        ...multipart(field, 'sites.csv', type, csv),
      });
    const count = async () =>
      Number(
        (
          await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sites WHERE organization_id = $1', [
            f.orgA,
          ])
        )[0]!.n,
      );

    it('verifies an upload and counts the sites it would create, changing nothing', async () => {
      const before = await count();
      const csv = `${header}\r\n,Bulk 1,,31.1,-102.1,,,,United States,Texas,,,,Permian,,,Yes,No,,"Call ahead, gate 2"\r\n${padOne},Pad 1,,31.9,-102.1,,,,,,,,,,,,,,,\r\n`;
      const res = await upload('verifyBulkSites', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ newSites: 1 });
      expect(await count()).toBe(before);
    });

    it('reports every bad row and writes nothing', async () => {
      const before = await count();
      const csv = `${header}\n,Good,,31.1,-102.1,,,,,,,,,,,,,,,\n,,,95,10,,,,,,,,,,,,,,,\n,Bad state,,31,-102,,,,Canada,Texas,,,,,,,maybe,,,\n${stationNine},Theirs,,40,-80,,,,,,,,,,,,,,,\n`;
      const verify = await upload('verifyBulkSites', csv);
      expect(verify.json()).toMatchObject({ newSites: 0, error: '3 rows have problems; nothing was changed.' });
      const res = await upload('bulkUpsertSites', csv);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        rowsChanged: 0,
        error: '3 rows have problems; nothing was changed.',
        errors: {
          'Row 3': ['Name is required.', INVALID_COORDINATES],
          'Row 4': ["State/Province 'Texas' is not in the country given.", 'Notification Required must be Yes or No.'],
          'Row 5': [`Id ${stationNine} is not a site of this organization.`],
        },
      });
      expect(await count()).toBe(before);
    });

    it('creates and updates sites from a clean file and audits them', async () => {
      const before = await count();
      const csv = `${header}\n,Bulk 2,B2,31.2,-102.2,,Delaware BU,South Loop,United States,Texas,EPA OOOOb,Well Site,,Permian,,,Yes,No,Yes,Gate 7\n${padOne},Pad 1,Renamed alias,31.9,-102.1,,,,,,,,,,,,No,No,No,\n`;
      const res = await upload('bulkUpsertSites', csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ rowsChanged: 2 });
      expect(await count()).toBe(before + 1);
      const [bulk] = await t.database.query<{ alias: string; access_notes: string; work_permit_required: boolean }>(
        "SELECT alias, access_notes, work_permit_required FROM sites WHERE name = 'Bulk 2'",
      );
      expect(bulk).toEqual({ alias: 'B2', access_notes: 'Gate 7', work_permit_required: true });
      const again = await upload(
        'bulkUpsertSites',
        `${header}\n${padOne},Pad 1,Renamed alias,31.9,-102.1,,,,,,,,,,,,No,No,No,\n`,
      );
      expect(again.json()).toEqual({ rowsChanged: 0 });
    });

    it('refuses a missing file, the wrong type, and a caller without BulkSiteAddEdit', async () => {
      expect((await upload('verifyBulkSites', `${header}\n`, 'application/pdf')).json()).toMatchObject({
        detail: 'The file must be in CSV file format',
      });
      expect((await upload('verifyBulkSites', `${header}\n`, 'text/csv', 'other')).json()).toMatchObject({
        detail: 'A CSV file is required',
      });
      expect((await upload('verifyBulkSites', '', 'text/csv')).json()).toMatchObject({
        detail: 'A CSV file is required',
      });
      const noMultipart = await t.as(f.provider, {
        method: 'POST',
        url: `/api/site/verifyBulkSites/${f.orgA}`,
        payload: { csvRecords: 'x' },
      });
      expect(noMultipart.json()).toMatchObject({ detail: 'A CSV file is required' });
      const admin = await t.as(f.admin, {
        method: 'POST',
        url: `/api/site/verifyBulkSites/${f.orgA}`,
        ...multipart('csvRecords', 's.csv', 'text/csv', `${header}\n`),
      });
      expect(admin.statusCode).toBe(403);
    });
  });
});
