import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rmxResultSchema,
  sensorConfigurationHistoryRowSchema,
  sensorConfigurationRowSchema,
  type SensorConfigurationRow,
} from '@/contracts/sensor-configuration';
import { CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { matchesSensorFilter, SENSOR_CONFIGURATION_MESSAGES } from '@/domain/sensor-configuration';
import { multipart } from '../helpers/multipart';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('sensor configurations on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let calibrator = 0;
  let online = 0;
  let offline = 0;
  let bare = 0;
  let theirs = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    calibrator = await addMember(t.database, f.orgA, 'cal@example.com', [19]);
    const device = async (name: string, org: number, on: boolean | null, ch4: string | null) =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id, particle_online_status, serial_numbers) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [name, 'Qube', org, on, JSON.stringify(ch4 ? { ch4 } : {})],
        )
      )[0]!.id;
    online = await device('A-7001', f.orgA, true, '10000001');
    offline = await device('A-7002', f.orgA, false, '10000002');
    bare = await device('A-7003', f.orgA, true, '10000003');
    theirs = await device('A-7101', f.orgB, true, '20000001');
    const padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now())',
      [online, padOne],
    );
  });
  afterAll(() => t.close());

  const add = (sensorSerialNumber: string, coefficients: string, user = calibrator) =>
    t.as(user, {
      method: 'POST',
      url: '/api/sensorConfiguration/AddSensorConfiguration/',
      payload: { organizationId: f.orgA, sensorSerialNumber, coefficients },
    });
  const current = async (org = f.orgA) =>
    (
      (
        await t.as(calibrator, {
          method: 'GET',
          url: `/api/sensorConfiguration/currentSensorConfigurations/?organizationId=${org}`,
        })
      ).json() as unknown[]
    ).map((r) => sensorConfigurationRowSchema.parse(r));
  const bySerial = (rows: SensorConfigurationRow[], serial: string) =>
    rows.find((r) => r.sensorSerialNumber === serial);
  const upload = (csv: string, type = 'text/csv', field = 'csvFile') =>
    t.as(calibrator, {
      method: 'POST',
      url: `/api/sensorConfiguration/bulkUploadSensorConfigurations/${f.orgA}`,
      ...multipart(field, 'sensors.csv', type, csv),
    });

  it('lists every Qube of the organization, configured or not, and validates what is added', async () => {
    const before = await current();
    expect(before.map((r) => r.deviceName)).toEqual(['A-7001', 'A-7002', 'A-7003']);
    expect(before.every((r) => matchesSensorFilter('Devices Not Configured', r))).toBe(true);
    expect(bySerial(before, '10000001')!.siteName).toBe('Pad 1');

    const bad = await add('1234', '');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      sensorSerialNumber: ['Must be 8 digits long'],
      coefficients: [SENSOR_CONFIGURATION_MESSAGES.coefficientsRequired],
    });
    const words = await add('10000001', '1.02, abc');
    expect((words.json() as { errors: Record<string, string[]> }).errors.coefficients).toEqual([
      SENSOR_CONFIGURATION_MESSAGES.coefficientsNumbers,
    ]);
    const foreign = await add('20000001', '1, 2');
    expect((foreign.json() as { errors: Record<string, string[]> }).errors.sensorSerialNumber).toEqual([
      SENSOR_CONFIGURATION_MESSAGES.otherOrganization,
    ]);

    const first = await add('10000001', '1.0213 -0.0042;1.7e-5');
    expect(first.json()).toMatchObject({ added: true });
    const same = await add('10000001', '1.0213, -0.0042, 1.7e-5');
    expect(same.json()).toEqual({ versionId: (first.json() as { versionId: number }).versionId, added: false });
    expect((await add('10000002', '0.99, 0.001')).json()).toMatchObject({ added: true });
    expect((await add('55555555', '1, 0')).json()).toMatchObject({ added: true }); // stock: on no device

    const after = await current();
    const row = bySerial(after, '10000001')!;
    expect(row).toMatchObject({
      coefficients: '1.0213, -0.0042, 1.7e-5',
      deviceName: 'A-7001',
      userEmail: 'cal@example.com',
      syncSuccess: null,
      deviceConfirmedVersionId: null,
    });
    expect(after.filter((r) => matchesSensorFilter('Devices Not Configured', r)).map((r) => r.deviceName)).toEqual([
      'A-7003',
    ]);
    expect(
      after.filter((r) => matchesSensorFilter('Sensors Not Associated', r)).map((r) => r.sensorSerialNumber),
    ).toEqual(['55555555']);
    // Another organization sees its own Qube and the stock sensor, never A-7001's sensor.
    const bravo = await t.as(f.admin, {
      method: 'GET',
      url: `/api/sensorConfiguration/currentSensorConfigurations/?organizationId=${f.orgB}`,
    });
    expect(bravo.statusCode).toBe(403); // the admin has no SensorConfiguration
  });

  it('loads coefficients onto online devices through the device cloud and keeps each attempt', async () => {
    const results = (
      (
        await t.as(calibrator, {
          method: 'POST',
          url: '/api/sensorConfiguration/setRmxCoefficients/',
          payload: { organizationId: f.orgA, deviceIds: [online, offline, bare] },
        })
      ).json() as unknown[]
    ).map((r) => rmxResultSchema.parse(r));
    expect(results).toEqual([
      { deviceId: online, deviceName: 'A-7001', success: true, error: null },
      {
        deviceId: offline,
        deviceName: 'A-7002',
        success: false,
        error: 'Timed out: A-7002 is not connected to the device cloud',
      },
      { deviceId: bare, deviceName: 'A-7003', success: false, error: 'The sensor has no configuration yet' },
    ]);
    const rows = await current();
    const loaded = bySerial(rows, '10000001')!;
    expect(loaded.syncSuccess).toBe(true);
    expect(loaded.deviceConfirmedVersionId).toBe(loaded.versionId); // the simulated firmware confirms at once
    expect(bySerial(rows, '10000002')).toMatchObject({
      syncSuccess: false,
      syncError: 'Timed out: A-7002 is not connected to the device cloud',
    });
    const [call] = await t.database.query<{ function_type: string; argument: string }>(
      'SELECT function_type, argument FROM cloud_function_calls WHERE device_id = $1',
      [online],
    );
    expect(call).toEqual({
      function_type: 'setRMXCoefficients',
      argument: `version=${loaded.versionId};coefficients=1.0213,-0.0042,1.7e-5`,
    });

    // A new version that the device has not confirmed yet shows as synced-but-unconfirmed once sent and not confirmed.
    await add('10000001', '1.05, -0.004, 1.7e-5');
    await t.database.query(
      'INSERT INTO sensor_configuration_syncs (sensor_configuration_id, device_id, success, user_email) SELECT max(id), $1, true, $2 FROM sensor_configurations',
      [online, 'cal@example.com'],
    );
    const unconfirmed = (await current()).filter((r) => matchesSensorFilter('Unconfirmed Synced Coefficients', r));
    expect(unconfirmed.map((r) => r.deviceName)).toEqual(['A-7001']);

    const foreign = await t.as(calibrator, {
      method: 'POST',
      url: '/api/sensorConfiguration/setRmxCoefficients/',
      payload: { organizationId: f.orgA, deviceIds: [theirs] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the history of a sensor and of a device, newest first', async () => {
    const sensor = (
      (
        await t.as(calibrator, {
          method: 'GET',
          url: `/api/sensorConfiguration/sensorConfigurationHistory/?organizationId=${f.orgA}&sensorSerialNumber=10000001`,
        })
      ).json() as unknown[]
    ).map((r) => sensorConfigurationHistoryRowSchema.parse(r));
    expect(sensor.map((r) => [r.coefficients, r.syncSuccess, r.userEmail])).toEqual([
      ['1.05, -0.004, 1.7e-5', true, 'cal@example.com'],
      ['1.0213, -0.0042, 1.7e-5', true, 'cal@example.com'],
    ]);
    const device = (
      (
        await t.as(calibrator, {
          method: 'GET',
          url: `/api/sensorConfiguration/sensorConfigurationHistory/?organizationId=${f.orgA}&deviceId=${online}`,
        })
      ).json() as unknown[]
    ).map((r) => sensorConfigurationHistoryRowSchema.parse(r));
    expect(device.map((r) => r.versionId)).toEqual(sensor.map((r) => r.versionId));
    const q = (qs: string) =>
      t.as(calibrator, {
        method: 'GET',
        url: `/api/sensorConfiguration/sensorConfigurationHistory/?organizationId=${f.orgA}&${qs}`,
      });
    expect((await q(`deviceId=${theirs}`)).statusCode).toBe(404);
    expect((await q('sensorSerialNumber=20000001')).statusCode).toBe(404);
    expect((await q('sensorSerialNumber=99999999')).statusCode).toBe(404);
    expect((await q('')).statusCode).toBe(400);
  });

  it('uploads a CSV: every row or none, counting the sensors that changed', async () => {
    const template = await t.as(calibrator, { method: 'GET', url: '/api/sensorConfiguration/template/' });
    expect(template.headers['content-type']).toMatch(/^text\/csv/);
    expect(template.body.trim()).toBe('Sensor Serial Number,Coefficients');

    const ok = await upload(
      'Sensor Serial Number,Coefficients\r\n10000003,"1.01, 0.002"\r\n10000002,"0.99, 0.001"\r\n66666666,"1, 0, 0"\r\n',
    );
    expect(ok.json()).toEqual({ count: 2 }); // 10000002 is unchanged
    expect(bySerial(await current(), '10000003')!.coefficients).toBe('1.01, 0.002');

    const versions = async () =>
      Number((await t.database.query<{ n: string | number }>('SELECT count(*) AS n FROM sensor_configurations'))[0]!.n);
    const before = await versions();
    const bad = await upload(
      'Sensor Serial Number,Coefficients\r\n10000003,"1.5"\r\n123,"1"\r\n20000001,"1"\r\n10000003,"2"\r\n77777777,\r\n',
    );
    const answer = bad.json() as { count: number; error: string; errors: Record<string, string[]> };
    expect(answer.count).toBe(0);
    expect(answer.errors['Row 3']).toEqual(['Must be 8 digits long']);
    expect(answer.errors['Row 4']).toEqual([SENSOR_CONFIGURATION_MESSAGES.otherOrganization]);
    expect(answer.errors['Row 5']).toEqual(['Sensor 10000003 is also on row 2.']);
    expect(answer.errors['Row 6']!.join(' ')).toMatch(/Coefficients/);
    expect(await versions()).toBe(before);

    const pdf = await upload('x', 'application/pdf');
    expect(pdf.statusCode).toBe(400);
    expect((pdf.json() as { errors: Record<string, string[]> }).errors.csvFile).toEqual([
      CSV_UPLOAD_MESSAGES.wrongType,
    ]);
    const noFile = await upload('a,b\r\n1,2\r\n', 'text/csv', 'other');
    expect(noFile.statusCode).toBe(400);
    expect((noFile.json() as { errors: Record<string, string[]> }).errors.csvFile).toEqual([
      CSV_UPLOAD_MESSAGES.required,
    ]);
    expect((await upload('"unclosed\r\n')).json()).toMatchObject({ count: 0 });
  });
});
