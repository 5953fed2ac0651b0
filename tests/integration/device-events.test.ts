import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceEventsAnswerSchema } from '@/contracts/device';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('device events on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let operator = 0;
  let fan = 0;
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  const iso = (ms: number) => new Date(ms).toISOString();
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    operator = await addMember(t.database, f.orgA, 'ops@example.com', [1]);
    const [pad] = await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'");
    fan = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, third_party_id) VALUES ('A-3001', 'Qube', $1, 'tp-fan') RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    const other = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-3002', 'Qube', $1) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    const foreign = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-9001', 'Qube', $1) RETURNING id",
        [f.orgB],
      )
    )[0]!.id;
    // 100 events an hour apart for A-3001 (every tenth a developer code), 5 for A-3002, 5 for another organization.
    const rows: unknown[] = [];
    const values: string[] = [];
    const add = (
      device: number,
      site: number | null,
      time: number,
      code: number,
      message: string,
      parameters: string | null,
    ) => {
      const k = rows.length;
      values.push(`($${k + 1}, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6}, '6.3.2')`);
      rows.push(device, site, new Date(time), code, message, parameters);
    };
    for (let i = 0; i < 100; i++)
      add(
        fan,
        pad!.id,
        now - i * 3_600_000,
        i % 10 === 0 ? 900 : 100 + (i % 3),
        i % 10 === 0 ? 'Watchdog reset' : i % 3 === 0 ? 'Device booted' : 'Cellular connected',
        i % 2 ? `rssi=${-60 - i}` : null,
      );
    for (let i = 0; i < 5; i++) add(other, null, now - i * 60_000, 120, 'Battery low 50%_off', 'soc=9');
    for (let i = 0; i < 5; i++) add(foreign, null, now - i * 60_000, 100, 'Device booted', null);
    await q(
      `INSERT INTO device_events (device_id, site_id, time, event_code, message, parameters, firmware_version) VALUES ${values.join(', ')}`,
      rows,
    );
  });
  afterAll(() => t.close());

  const page = async (params: Record<string, string | number | boolean | string[]>, user = operator) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({
      organizationId: f.orgA,
      startTime: iso(now - 24 * 3_600_000),
      endTime: iso(now + 1),
      startRow: 0,
      endRow: 40,
      ...params,
    })) {
      if (Array.isArray(v)) v.forEach((x) => qs.append(k, x));
      else qs.set(k, String(v));
    }
    return t.as(user, { method: 'GET', url: `/api/device/deviceEvents/?${qs}` });
  };
  const answer = async (params: Record<string, string | number | boolean | string[]>) => {
    const res = await page(params);
    expect(res.statusCode, res.body).toBe(200);
    return deviceEventsAnswerSchema.parse(res.json());
  };

  it('answers blocks of the time range, newest first, with the total and the last row', async () => {
    const first = await answer({});
    expect(first.totalRows).toBe(30); // 25 hours of A-3001 in the last day (inclusive) + 5 of A-3002
    expect(first.rows).toHaveLength(30);
    expect(first.lastRow).toBe(30);
    expect(first.rows.map((r) => r.time)).toEqual([...first.rows.map((r) => r.time)].sort().reverse());
    expect(first.rows.some((r) => r.organizationName !== 'Alpha Energy')).toBe(false);
    const wide = await answer({ startTime: iso(now - 200 * 3_600_000), startRow: 40, endRow: 80 });
    expect(wide.totalRows).toBe(105);
    expect(wide.rows).toHaveLength(40);
    expect(wide.lastRow).toBe(-1);
    const tail = await answer({ startTime: iso(now - 200 * 3_600_000), startRow: 80, endRow: 120 });
    expect(tail.rows).toHaveLength(25);
    expect(tail.lastRow).toBe(105);
  });

  it('filters by column, by device, by the developer-codes quick filter, and sorts', async () => {
    const wide = { startTime: iso(now - 200 * 3_600_000) };
    expect((await answer({ ...wide, quickFilters: ['DeveloperCodes'] })).rows.map((r) => r.eventCode)).toEqual(
      Array(10).fill(900),
    );
    expect((await answer({ ...wide, 'message.type': 'contains', 'message.value': 'BOOTED' })).totalRows).toBe(30);
    // LIKE wildcards in the typed text are literal.
    expect((await answer({ ...wide, 'message.type': 'contains', 'message.value': '50%_' })).totalRows).toBe(5);
    expect((await answer({ ...wide, 'message.type': 'contains', 'message.value': '%' })).totalRows).toBe(5);
    expect((await answer({ ...wide, 'parameters.type': 'blank' })).totalRows).toBe(50);
    expect(
      (await answer({ ...wide, 'eventCode.type': 'in range', 'eventCode.value': '101', 'eventCode.valueTo': '120' }))
        .totalRows,
    ).toBe(65);
    expect((await answer({ ...wide, deviceId: fan })).totalRows).toBe(100);
    const sorted = await answer({ ...wide, sortColumn: 'deviceName', sortAscending: false, endRow: 10 });
    expect(sorted.rows[0]!.deviceName).toBe('A-3002');
    const byCode = await answer({ ...wide, sortColumn: 'eventCode', sortAscending: true, endRow: 10 });
    expect(byCode.rows[0]!.eventCode).toBe(100);
  });

  it('refuses bad requests and other organizations', async () => {
    expect((await page({ sortColumn: 'e.id; DROP TABLE devices' })).statusCode).toBe(400);
    expect((await page({ 'message.type': 'matches' })).statusCode).toBe(400);
    expect((await page({ startRow: 0, endRow: 5000 })).statusCode).toBe(400);
    expect((await page({ startTime: iso(now - 400 * 86_400_000) })).statusCode).toBe(400);
    expect((await page({ quickFilters: ['Everything'] })).statusCode).toBe(400);
    expect((await page({ organizationId: f.orgB })).statusCode).toBe(403);
    expect((await page({}, f.viewer)).statusCode).toBe(403);
  });
});
