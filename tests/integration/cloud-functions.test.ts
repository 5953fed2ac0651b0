import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionDefinitionSchema, cloudFunctionHistoryRowSchema } from '@/contracts/device';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('cloud functions on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let support = 0;
  let online = 0;
  let offline = 0;
  let lite = 0;
  let padOne = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    support = await addMember(t.database, f.orgA, 'cloud@example.com', [1, 22]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    const device = async (name: string, kind: string, on: boolean | null) =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ($1, $2, $3, $4) RETURNING id',
          [name, kind, f.orgA, on],
        )
      )[0]!.id;
    online = await device('A-9101', 'Qube', true);
    offline = await device('A-9102', 'Qube', false);
    lite = await device('B-9103', 'QubeLite', true);
    for (const d of [online, offline, lite])
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now())',
        [d, padOne],
      );
  });
  afterAll(() => t.close());

  const call = (path: string, body: Record<string, unknown>, user = support) =>
    t.as(user, {
      method: 'POST',
      url: path,
      payload: { organizationId: f.orgA, argument: '', parameter: null, ...body },
    });

  it('lists the functions and calls one with the parameter in place of XXX, recording it', async () => {
    const list = (
      (await t.as(support, { method: 'GET', url: '/api/particle/getParticleCloudFunctions/' })).json() as unknown[]
    ).map((d) => cloudFunctionDefinitionSchema.parse(d));
    expect(list.find((d) => d.functionType === 'setSampleInterval')).toMatchObject({
      argument: 'seconds=XXX',
      paramsRequired: true,
    });
    const ok = await call('/api/device/callDeviceCloudFunction/', {
      entityId: online,
      functionType: 'setSampleInterval',
      argument: 'seconds=XXX',
      parameter: '60',
    });
    expect(ok.json()).toEqual({ success: true, error: null });
    const bad = await call('/api/device/callDeviceCloudFunction/', {
      entityId: online,
      functionType: 'setSampleInterval',
      argument: 'seconds=XXX',
      parameter: '5',
    });
    expect(bad.json()).toEqual({
      success: false,
      error: "Invalid argument 'seconds=5': seconds must be between 10 and 3600",
    });
    const missing = await call('/api/device/callDeviceCloudFunction/', {
      entityId: online,
      functionType: 'setSampleInterval',
      parameter: ' ',
    });
    expect((missing.json() as { errors: Record<string, string[]> }).errors.parameter).toEqual([
      'Parameter is required',
    ]);
    const target = await call('/api/device/callDeviceCloudFunction/', {
      entityId: online,
      functionType: 'setFirmwareTarget',
      parameter: '6.4.0',
    });
    expect(target.json()).toEqual({ success: true, error: null });
    const [d] = await t.database.query<{ particle_targeted_firmware_version: string }>(
      'SELECT particle_targeted_firmware_version FROM devices WHERE id = $1',
      [online],
    );
    expect(d!.particle_targeted_firmware_version).toBe('6.4.0');
    await call('/api/device/callDeviceCloudFunction/', { entityId: online, functionType: 'reboot' });
    const [event] = await t.database.query<{ parameters: string }>(
      'SELECT parameters FROM device_events WHERE device_id = $1 AND event_code = 100',
      [online],
    );
    expect(event!.parameters).toBe('reason=remote');
    const history = (
      (
        await t.as(support, {
          method: 'GET',
          url: `/api/device/deviceCloudFunctionHistory/?organizationId=${f.orgA}&deviceId=${online}`,
        })
      ).json() as unknown[]
    ).map((r) => cloudFunctionHistoryRowSchema.parse(r));
    expect(history.map((h) => [h.functionName, h.argument, h.result])).toEqual([
      ['reboot', 'now', true],
      ['setFirmwareTarget', 'version=6.4.0', true],
      ['setSampleInterval', 'seconds=5', false],
      ['setSampleInterval', 'seconds=60', true],
    ]);
    expect(history[2]!.error).toMatch(/^Invalid argument/);
    expect(history[0]!.userName).toBe('cloud@example.com');
  });

  it('answers offline devices with a timeout, refuses other kinds, and calls a whole site', async () => {
    const timeout = await call('/api/device/callDeviceCloudFunction/', {
      entityId: offline,
      functionType: 'requestDiagnostics',
    });
    expect(timeout.json()).toEqual({ success: false, error: 'Timed out: A-9102 is not connected to the device cloud' });
    const notQube = await call('/api/device/callDeviceCloudFunction/', { entityId: lite, functionType: 'reboot' });
    expect(notQube.statusCode).toBe(400);
    expect((notQube.json() as { detail: string }).detail).toBe('Only Qube devices support cloud functions');
    const site = await call('/api/site/callSiteCloudFunction/', {
      entityId: padOne,
      functionType: 'requestDiagnostics',
    });
    expect(site.json()).toEqual({
      success: false,
      error: 'A-9102: Timed out: A-9102 is not connected to the device cloud',
    });
    const [n] = await t.database.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM cloud_function_calls WHERE site_id = $1',
      [padOne],
    );
    expect(Number(n!.n)).toBe(2); // the two Qubes, not the Qube Lite
  });

  it('needs ParticleCloudFunctions and keeps to the organization', async () => {
    expect(
      (await call('/api/device/callDeviceCloudFunction/', { entityId: online, functionType: 'reboot' }, f.admin))
        .statusCode,
    ).toBe(403);
    const [theirs] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ('A-9201', 'Qube', $1, true) RETURNING id",
      [f.orgB],
    );
    expect(
      (await call('/api/device/callDeviceCloudFunction/', { entityId: theirs!.id, functionType: 'reboot' })).statusCode,
    ).toBe(404);
    expect(
      (await call('/api/device/callDeviceCloudFunction/', { entityId: online, functionType: 'selfDestruct' }))
        .statusCode,
    ).toBe(400);
  });
});
