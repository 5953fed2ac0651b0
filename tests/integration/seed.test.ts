import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import type { Database } from '../../server/db/client';
import { BASINS } from '../../server/seed/catalog';
import { ROAMING_STAYS, seedRoamingDevice } from '../../server/seed/roaming';
import { isDatabaseEmpty, seedDatabase } from '../../server/seed/seed';
import { windPerInstallation } from '../../server/services/chart-series';
import { readSamples } from '../../server/services/measurement-store';
import { MAX_NAMED_SERIES } from '@/domain/chart-series';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

const size = { orgs: 3, sites: 60, devices: 200, days: 1, seed: 5 };
const now = new Date('2026-11-01T12:00:00Z');

async function fingerprint(database: Database): Promise<string> {
  const hash = createHash('sha256');
  for (const [table, cols] of [
    ['organizations', 'id, name, domains, deleted_at'],
    ['users', 'id, email, sign_on_method, is_qube_user, user_status, cognito_user_id'],
    ['sites', 'id, organization_id, name, latitude, longitude, basin_id, model_last_run_time, deleted_at'],
    ['devices', 'id, name, device_type, organization_id, particle_online_status'],
    ['device_installations', 'id, device_id, site_id, installation_type, latitude'],
  ] as const) {
    hash.update(JSON.stringify(await database.query(`SELECT ${cols} FROM ${table} ORDER BY id`)));
  }
  return hash.digest('hex');
}

describe.each(testEngines)('demo seed on %s', (engine) => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    a = await createTestDatabase(engine);
    b = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await a.drop();
    await b.drop();
  });

  it('is deterministic for a seed number and differs for another', async () => {
    expect(await isDatabaseEmpty(a.database)).toBe(true);
    await seedDatabase(a.database, size, undefined, now);
    await seedDatabase(b.database, size, undefined, now);
    expect(await isDatabaseEmpty(a.database)).toBe(false);
    expect(await fingerprint(a.database)).toBe(await fingerprint(b.database));
    const c = await createTestDatabase(engine);
    try {
      await seedDatabase(c.database, { ...size, seed: 6 }, undefined, now);
      expect(await fingerprint(c.database)).not.toBe(await fingerprint(a.database));
    } finally {
      await c.drop();
    }
    // Three seeds of the test size: about 20 s on an idle machine, 60 s at load 19.
  }, 180_000);

  it('creates the four demo sign-ins with their roles and the demo password', async () => {
    const rows = await a.database.query<{
      email: string;
      is_qube_user: boolean;
      password_hash: string;
      roles: string[] | null;
    }>(
      `SELECT u.email, u.is_qube_user, u.password_hash,
              (SELECT json_agg(r.name ORDER BY uo.organization_id) FROM user_organizations uo JOIN roles r ON r.id = uo.role_id WHERE uo.user_id = u.id) AS roles
         FROM users u WHERE u.email LIKE '%@example.com' ORDER BY u.email`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(by['provider.admin@example.com']!.is_qube_user).toBe(true);
    expect(by['org.admin@example.com']!.roles).toEqual(['Administrator', 'Administrator']);
    expect(by['operator@example.com']!.roles).toEqual(['Operator']);
    expect(by['viewer@example.com']!.roles).toEqual(['Viewer']);
    expect(await verifyPassword('demo-password', by['viewer@example.com']!.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', by['viewer@example.com']!.password_hash)).toBe(false);
  });

  it('has one deleted organization, sites inside real basins and every model freshness case', async () => {
    const [deleted] = await a.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM organizations WHERE deleted_at IS NOT NULL',
    );
    expect(Number(deleted!.n)).toBe(1);
    const sites = await a.database.query<{
      latitude: number;
      longitude: number;
      basin: string;
      on: boolean;
      last: Date | null;
      processed: Date | null;
    }>(
      `SELECT s.latitude, s.longitude, b.name AS basin, s.modelling_pipeline_is_on AS on, s.model_last_run_time AS last, s.model_processed_up_to AS processed
         FROM sites s JOIN site_options b ON b.id = s.basin_id`,
    );
    expect(sites).toHaveLength(size.sites);
    for (const s of sites) {
      const basin = BASINS.find((x) => x.name === s.basin)!;
      expect(Math.abs(s.latitude - basin.lat)).toBeLessThan(basin.spread * 3);
      expect(Math.abs(s.longitude - basin.lng)).toBeLessThan(basin.spread * 3);
    }
    const hours = (d: Date | null) => (d === null ? Infinity : (now.getTime() - new Date(d).getTime()) / 3_600_000);
    expect(sites.some((s) => s.on && s.last === null)).toBe(true); // Never Run
    expect(sites.some((s) => s.on && hours(s.last) <= 1 && hours(s.processed) >= 11 && hours(s.processed) < 12)).toBe(
      true,
    ); // Delayed
    expect(sites.some((s) => s.on && hours(s.processed) >= 12)).toBe(true); // Model Issues
    expect(sites.some((s) => !s.on)).toBe(true);
  });

  it("installs devices of the three kinds at their organization's sites", async () => {
    const kinds = await a.database.query<{ device_type: string }>(
      'SELECT DISTINCT device_type FROM devices ORDER BY 1',
    );
    expect(kinds.map((k) => k.device_type)).toEqual(['Qube', 'QubeCamera', 'QubeLite']);
    const mismatched = await a.database.query(
      `SELECT d.id FROM devices d JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL JOIN sites s ON s.id = i.site_id
        WHERE s.organization_id <> d.organization_id`,
    );
    expect(mismatched).toEqual([]);
    const cameraQuarantined = await a.database.query(
      "SELECT 1 FROM devices d JOIN device_installations i ON i.device_id = d.id WHERE d.device_type = 'QubeCamera' AND i.installation_type <> 0",
    );
    expect(cameraQuarantined).toEqual([]);
  });

  it("configures most Qubes' CH4 sensors, with every sensor configuration state present", async () => {
    const serials = await a.database.query<{ serial: string | null }>(
      "SELECT serial_numbers->>'ch4' AS serial FROM devices WHERE device_type = 'Qube'",
    );
    expect(serials.every((s) => s.serial !== null && /^\d{8}$/.test(s.serial))).toBe(true);
    expect(new Set(serials.map((s) => s.serial)).size).toBe(serials.length);
    const [states] = await a.database.query<{
      unconfigured: number;
      unconfirmed: number;
      confirmed: number;
      stock: number;
    }>(
      `SELECT count(*) FILTER (WHERE c.id IS NULL)::int AS unconfigured,
              count(*) FILTER (WHERE c.id IS NOT NULL AND d.sensor_configuration_version_id IS DISTINCT FROM c.id
                AND EXISTS (SELECT 1 FROM sensor_configuration_syncs y WHERE y.sensor_configuration_id = c.id AND y.device_id = d.id AND y.success))::int AS unconfirmed,
              count(*) FILTER (WHERE d.sensor_configuration_version_id = c.id)::int AS confirmed,
              (SELECT count(DISTINCT sensor_serial_number)::int FROM sensor_configurations s
                WHERE NOT EXISTS (SELECT 1 FROM devices o WHERE o.serial_numbers->>'ch4' = s.sensor_serial_number)) AS stock
         FROM devices d LEFT JOIN LATERAL (SELECT id FROM sensor_configurations WHERE sensor_serial_number = d.serial_numbers->>'ch4' ORDER BY id DESC LIMIT 1) c ON true
        WHERE d.device_type = 'Qube'`,
    );
    expect(states!.unconfigured).toBeGreaterThan(0);
    expect(states!.unconfirmed).toBeGreaterThan(0);
    expect(states!.confirmed).toBeGreaterThan(states!.unconfirmed);
    expect(states!.stock).toBe(12);
  });

  it('configures alarm parameters and templates, each with its first history row', async () => {
    const [counts] = await a.database.query<{
      parameters: number;
      histories: number;
      templates: number;
      template_histories: number;
    }>(
      `SELECT (SELECT count(*)::int FROM site_alarm_parameters) AS parameters, (SELECT count(DISTINCT site_alarm_parameter_id)::int FROM site_alarm_parameter_history) AS histories,
              (SELECT count(*)::int FROM alarm_parameter_templates) AS templates, (SELECT count(DISTINCT template_id)::int FROM alarm_parameter_template_history) AS template_histories`,
    );
    expect(counts!.parameters).toBeGreaterThan(0);
    expect(counts!.histories).toBe(counts!.parameters);
    expect(counts!.template_histories).toBe(counts!.templates);
  });

  it('writes measurements: a featured site with every type, history sites, and current readings for every device', async () => {
    const m = await createTestDatabase(engine);
    try {
      const summary = await seedDatabase(
        m.database,
        { ...size, featuredDays: 2, historySites: 2, days: 1 },
        undefined,
        now,
      );
      expect(summary.counts['measurement samples']).toBeGreaterThan(0);
      const perDevice = await m.database.query<{
        device_id: number;
        types: number;
        first: Date | string;
        samples: number;
      }>(
        'SELECT device_id, count(DISTINCT measurement_type)::int AS types, min(first_time) AS first, sum(sample_count)::int AS samples FROM measurement_chunks GROUP BY device_id ORDER BY types DESC, device_id',
      );
      // The featured devices: fifteen types over two days (less the offline gaps).
      const featured = perDevice.filter((d) => d.types === 15);
      expect(featured.length).toBeGreaterThan(0);
      expect(new Date(featured[0]!.first).getTime()).toBeLessThanOrEqual(
        now.getTime() - 2 * 86_400_000 + 36 * 3_600_000,
      );
      // Every installed, online device that measures gas has readings within the last hour; offline ones do not.
      const [{ missing }] = (await m.database.query<{ missing: number }>(
        `SELECT count(*)::int AS missing FROM device_installations i JOIN devices d ON d.id = i.device_id JOIN sites s ON s.id = i.site_id JOIN organizations o ON o.id = s.organization_id
          WHERE i.ended_at IS NULL AND s.deleted_at IS NULL AND o.deleted_at IS NULL AND d.device_type <> 'QubeCamera' AND d.particle_online_status
            AND NOT EXISTS (SELECT 1 FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = 1 AND c.last_time >= $1)`,
        [new Date(now.getTime() - 3_600_000).toISOString()],
      )) as [{ missing: number }];
      expect(missing).toBe(0);
      const [{ silent }] = (await m.database.query<{ silent: number }>(
        `SELECT count(*)::int AS silent FROM devices d WHERE d.particle_online_status = false
            AND EXISTS (SELECT 1 FROM measurement_chunks c WHERE c.device_id = d.id AND c.last_time >= $1)`,
        [new Date(now.getTime() - 3_600_000).toISOString()],
      )) as [{ silent: number }];
      expect(silent).toBe(0);
      // The summary reports the alarms the engine raised from these measurements (the browser journeys need some
      // in the larger end-to-end seed; this one-day seed may have none).
      const [alarms] = await m.database.query<{ n: number }>('SELECT count(*)::int AS n FROM alarms');
      expect(summary.counts.alarms).toBe(alarms!.n);
    } finally {
      await m.drop();
    }
  });

  it('moves a survey device between seven sites of one organization, with wind at each stay (more than a chart names)', async () => {
    // The seed above ran one day; the survey device needs a day per stay.
    expect(await seedRoamingDevice(a.database, size, now, {} as never)).toBeNull();
    const options = await a.database.query<{ item: string; id: number }>(
      'SELECT item, id FROM device_hardware_options ORDER BY id',
    );
    const hardwareIds = Object.fromEntries(
      [...new Set(options.map((o) => o.item))].map((item) => [
        item,
        options.filter((o) => o.item === item).map((o) => o.id),
      ]),
    );
    const roaming = await seedRoamingDevice(
      a.database,
      { ...size, days: 7 },
      now,
      hardwareIds as Parameters<typeof seedRoamingDevice>[3],
    );
    expect(roaming).not.toBeNull();
    const stays = await a.database.query<{
      id: number;
      device_id: number;
      site_id: number;
      organization_id: number;
      started_at: Date | string;
      ended_at: Date | string | null;
    }>(
      `SELECT i.id, i.device_id, i.site_id, s.organization_id, i.started_at, i.ended_at FROM device_installations i JOIN sites s ON s.id = i.site_id
         JOIN devices d ON d.id = i.device_id WHERE d.name = $1 ORDER BY i.started_at`,
      [roaming!.name],
    );
    expect(stays).toHaveLength(ROAMING_STAYS);
    expect(ROAMING_STAYS).toBeGreaterThan(MAX_NAMED_SERIES);
    expect(new Set(stays.map((s) => s.site_id)).size).toBe(ROAMING_STAYS);
    expect(new Set(stays.map((s) => s.organization_id)).size).toBe(1);
    // Stays follow one another without overlap; only the last is open.
    stays
      .slice(1)
      .forEach((s, k) => expect(new Date(s.started_at).getTime()).toBe(new Date(stays[k]!.ended_at!).getTime()));
    expect(stays.filter((s) => s.ended_at === null).map((s) => s.id)).toEqual([stays[ROAMING_STAYS - 1]!.id]);
    // Wind split by installation: a series for every stay.
    const from = new Date(stays[0]!.started_at).getTime();
    const end = now.getTime();
    const deviceId = stays[0]!.device_id;
    const wind = await windPerInstallation(
      await readSamples(a.database, deviceId, 15, from, end),
      await readSamples(a.database, deviceId, 16, from, end),
      stays.map((s) => ({
        id: s.id,
        from: new Date(s.started_at).getTime(),
        to: s.ended_at ? new Date(s.ended_at).getTime() : end,
      })),
      { kind: 'strongest', start: from, period: 60 * 60_000 },
    );
    expect(new Set(wind.installationIds).size).toBe(ROAMING_STAYS);
    // Every whole-day stay keeps its own day of data (moves at midnight, so no stay's chunk displaces another's).
    const hours = stays.slice(0, -1).map((s) => wind.installationIds.filter((id) => id === s.id).length);
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(20);
  });
});
