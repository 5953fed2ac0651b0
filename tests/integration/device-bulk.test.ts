import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_BULK_COLUMNS } from '@/domain/device-bulk';
import { CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { multipart } from '../helpers/multipart';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const HEADER = DEVICE_BULK_COLUMNS.map((c) => c.header).join(',');
const blanks = (n: number) => Array(n).fill('').join(',');
/** A row in the template's columns: Id, Name, Type, Organization, Third Party Id, Serial, PCB QR, 7 hardware, 6 serials, cleanout, notes. */
const row = (cells: {
  id?: string;
  name: string;
  type?: string;
  org?: string;
  tp?: string;
  serial?: string;
  anemometer?: string;
  notes?: string;
  cleanout?: string;
}) =>
  [
    cells.id ?? '',
    cells.name,
    cells.type ?? 'Qube',
    cells.org ?? '',
    cells.tp ?? 'tp-1',
    cells.serial ?? 'ARNT-1',
    '',
    cells.anemometer ?? '',
    blanks(6),
    blanks(6),
    cells.cleanout ?? '',
    cells.notes ?? '',
  ].join(',');

describe.each(testEngines)('bulk devices on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let operator = 0;
  let existing = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    operator = await addMember(t.database, f.orgA, 'ops@example.com', [1]);
    await q("INSERT INTO device_hardware_options (item, name) VALUES ('anemometer', 'Gill WindSonic 60')");
    existing = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, third_party_id, third_party_serial_number) VALUES ('A-6001', 'Qube', $1, 'tp-6001', 'P034-6001') RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const upload = (csv: string, user = operator, type = 'text/csv') =>
    t.as(user, {
      method: 'POST',
      url: `/api/device/bulkUpsertDevices/${f.orgA}`,
      ...multipart('csvRecords', 'devices.csv', type, csv),
    });
  const count = async () =>
    Number((await t.database.query<{ n: string | number }>('SELECT count(*) AS n FROM devices'))[0]!.n);

  it('writes the template blank or with the chosen devices', async () => {
    const blank = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceBulkUpsertTemplate/',
      payload: { organizationId: f.orgA, deviceIds: [] },
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-type']).toMatch(/^text\/csv/);
    expect(blank.body.trim()).toBe(HEADER);
    const filled = await t.as(operator, {
      method: 'POST',
      url: '/api/device/deviceBulkUpsertTemplate/',
      payload: { organizationId: f.orgA, deviceIds: [existing] },
    });
    expect(filled.body.split(/\r?\n/)[1]).toMatch(
      new RegExp(`^${existing},A-6001,Qube,Alpha Energy,tp-6001,P034-6001`),
    );
  });

  it('adds and edits every row or none, reporting each row', async () => {
    const before = await count();
    const bad = await upload(
      [
        HEADER,
        row({ name: 'A-7001' }),
        row({ name: 'X-1' }),
        row({ id: String(existing), name: 'A-6001', type: 'Drone' }),
        row({ name: 'A-7002', anemometer: 'Homemade vane' }),
      ].join('\n'),
    );
    expect(bad.statusCode).toBe(200);
    const body = bad.json() as { rowsChanged: number; error: string; errors: Record<string, string[]> };
    expect(body.rowsChanged).toBe(0);
    expect(body.error).toBe('3 rows have problems; nothing was changed.');
    expect(body.errors['Row 3']![0]).toMatch(/^Name: The device name must be in the form of A-XXXX/);
    expect(body.errors['Row 4']).toEqual(['Device Type must be Qube, Qube Lite or Qube Camera.']);
    expect(body.errors['Row 5']).toEqual(['Anemometer: Only Qube administrators can add new hardware values']);
    expect(await count()).toBe(before);

    const ok = await upload(
      [
        HEADER,
        row({ name: 'A-7001', anemometer: 'gill windsonic 60', cleanout: '2027-01-15' }),
        row({ id: String(existing), name: 'A-6001', notes: 'Refurbished', serial: 'P034-6001' }),
        row({ name: 'B-7003', type: 'Qube Lite', serial: '' }),
      ].join('\n'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ rowsChanged: 3, particleErrors: [] });
    expect(await count()).toBe(before + 2);
    const [added] = await t.database.query<{
      hardware: Record<string, number>;
      inlet_vent_dca_cleanout_time: Date | string;
    }>("SELECT hardware, inlet_vent_dca_cleanout_time FROM devices WHERE name = 'A-7001'");
    expect(Object.keys(added!.hardware)).toEqual(['anemometer']);
    expect(new Date(added!.inlet_vent_dca_cleanout_time).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    const [edited] = await t.database.query<{ production_notes: string }>(
      'SELECT production_notes FROM devices WHERE id = $1',
      [existing],
    );
    expect(edited!.production_notes).toBe('Refurbished');
  });

  it("refuses files that are not CSV, empty files, and another organization's devices", async () => {
    const notCsv = await upload('%PDF-1.4', operator, 'application/pdf');
    expect(notCsv.statusCode).toBe(400);
    expect((notCsv.json() as { detail: string }).detail).toBe(CSV_UPLOAD_MESSAGES.wrongType);
    expect(((await upload('')).json() as { detail: string }).detail).toBe(CSV_UPLOAD_MESSAGES.required);
    const [theirs] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-8001', 'Qube', $1) RETURNING id",
      [f.orgB],
    );
    const foreign = await upload([HEADER, row({ id: String(theirs!.id), name: 'A-8001' })].join('\n'));
    expect((foreign.json() as { errors: Record<string, string[]> }).errors['Row 2']).toEqual([
      `Id ${theirs!.id} is not a device you administer.`,
    ]);
    const otherOrg = await upload([HEADER, row({ name: 'A-8002', org: 'Bravo Midstream' })].join('\n'));
    expect((otherOrg.json() as { errors: Record<string, string[]> }).errors['Row 2']).toEqual([
      'Organization Bravo Midstream is not one you administer devices in.',
    ]);
    expect(
      (
        await t.as(f.viewer, {
          method: 'POST',
          url: `/api/device/bulkUpsertDevices/${f.orgA}`,
          ...multipart('csvRecords', 'd.csv', 'text/csv', HEADER),
        })
      ).statusCode,
    ).toBe(403);
  });
});
