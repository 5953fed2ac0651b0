import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_NOT_FOUND, ownerSchema } from '@/contracts/owner';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('owner lookup for deep links on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let station: number;
  let emission: number;
  let inspection: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, p: unknown[] = []) => t.database.query<T>(sql, p);
    station = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Station 9'"))[0]!.id;
    const [device] = await q<{ id: number }>(
      "INSERT INTO devices (name, organization_id, device_type) VALUES ('B-9001', $1, 'Qube') RETURNING id",
      [f.orgB],
    );
    await q(
      "INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 40.1, -80.2, '2026-01-01T00:00:00Z')",
      [device!.id, station],
    );
    emission = (
      await q<{ id: number }>(
        "INSERT INTO emissions (site_id, start_time, end_time, total_volume, rate) VALUES ($1, '2026-02-01T10:00:00Z', '2026-02-01T11:00:00Z', 4, 2) RETURNING id",
        [station],
      )
    )[0]!.id;
    inspection = (
      await q<{ id: number }>(
        "INSERT INTO inspections (site_id, type, time, detection_found, survey_type) VALUES ($1, 2, '2026-03-01T00:00:00Z', false, 1) RETURNING id",
        [station],
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const ask = (user: number, kind: string, id: string) =>
    t.as(user, { method: 'GET', url: `/api/lookup/owner/?kind=${kind}&id=${encodeURIComponent(id)}` });

  it('names the owning organization and site for a member of it, whatever organization the link was opened from', async () => {
    const site = ownerSchema.parse((await ask(f.admin, 'site', String(station))).json());
    expect(site).toEqual({ organizationId: f.orgB, organizationName: 'Bravo Midstream', siteId: station, time: null });
    const device = ownerSchema.parse((await ask(f.admin, 'device', 'B-9001')).json());
    expect(device).toMatchObject({ organizationId: f.orgB, siteId: station });
    expect(ownerSchema.parse((await ask(f.admin, 'emission', String(emission))).json())).toMatchObject({
      organizationId: f.orgB,
      siteId: station,
      time: '2026-02-01T10:00:00.000Z',
    });
    expect(ownerSchema.parse((await ask(f.admin, 'inspection', String(inspection))).json())).toMatchObject({
      organizationId: f.orgB,
      siteId: station,
      time: '2026-03-01T00:00:00.000Z',
    });
  });

  it('answers provider staff for every organization', async () => {
    expect(ownerSchema.parse((await ask(f.provider, 'site', String(station))).json()).organizationId).toBe(f.orgB);
  });

  it("answers unknown records and other organizations' records with the same 404", async () => {
    for (const [kind, id] of [
      ['site', String(station)],
      ['device', 'B-9001'],
      ['emission', String(emission)],
      ['site', '999999'],
      ['device', 'nope'],
      ['alarm', 'garbage'],
    ] as const) {
      const res = await ask(f.viewer, kind, id);
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
      expect(JSON.stringify(res.json())).toContain(OWNER_NOT_FOUND);
    }
  });

  it('refuses an unknown kind with a clear message', async () => {
    const res = await ask(f.admin, 'pump', '1');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('kind must be one of');
  });
});
