// Push integrations: every /api/integration/ route (happy path, validation messages, organization scope,
// permission), the site-group side effects, and the push worker against a real local HTTPS receiver with a
// self-signed certificate the worker trusts through its extra-CA option. The receiver is on 127.0.0.1, which delivery
// reaches only because these tests allow it (PUSH_ALLOW_CIDRS=127.0.0.1/32); without that it is refused (SSRF).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { executionHistorySchema, integrationSchema, type Integration } from '@/contracts/integration';
import { INTEGRATION_MESSAGES, IntegrationDataType } from '@/domain/integration';
import { UNREACHABLE_ADDRESS_MESSAGE, USERINFO_MESSAGE } from '@/domain/network-address';
import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from '@/domain/text-limits';
import { Permission } from '@/domain/permissions';
import { createAgent } from '../../server/services/push-integration/deliver';
import { seedPushIntegrations } from '../../server/services/push-integration/demo';
import { pushTick, runIntegration } from '../../server/services/push-integration/worker';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { makeLoopbackCertificate } from '../helpers/test-cert';
import { testEngines } from '../helpers/test-db';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
type Mode = 'ok' | 'fail' | 'hang' | 'redirect';

/** A receiver on 127.0.0.1 with a certificate made for this run; each path answers per its mode. */
function startReceiver(
  dir: string,
): Promise<{ server: Server; base: string; cert: string; received: Received[]; modes: Map<string, Mode> }> {
  const { key, cert } = makeLoopbackCertificate(dir);
  const received: Received[] = [];
  const modes = new Map<string, Mode>();
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '';
      const mode = modes.get(p) ?? 'ok';
      if (mode === 'hang') return;
      if (mode === 'redirect') {
        res.writeHead(302, { location: `${p}/followed` }).end();
        return;
      }
      received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (mode === 'fail') res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert, received, modes }),
    ),
  );
}

describe.each(testEngines)('push integrations on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let integrator = 0;
  let plain = 0;
  let integratorB = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  let groupPad1 = 0;
  let groupPad2 = 0;
  let groupB = 0;
  let parameter = 0;
  let dir = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let agent: ReturnType<typeof createAgent>;
  const run = (id: number, timeoutMs = 5000) =>
    runIntegration(t.database, id, { agent, timeoutMs, allowCidrs: t.config.pushAllowCidrs });

  beforeAll(async () => {
    t = await createTestApp(engine, { PUSH_ALLOW_CIDRS: '127.0.0.1/32' });
    f = await insertFixtures(t.database);
    integrator = await addMember(t.database, f.orgA, 'integrator@example.com', [Permission.IntegrationAdministration]);
    plain = await addMember(t.database, f.orgA, 'plain@example.com', [Permission.DeviceView, Permission.SiteEdit]);
    integratorB = await addMember(t.database, f.orgB, 'integrator.b@example.com', [
      Permission.IntegrationAdministration,
    ]);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const site = Object.fromEntries(
      (await q<{ id: number; name: string }>('SELECT id, name FROM sites')).map((r) => [r.name, r.id]),
    );
    [pad1, pad2, station] = [site['Pad 1']!, site['Pad 2']!, site['Station 9']!];
    const group = async (org: number, name: string, siteId: number) => {
      const [g] = await q<{ id: number }>(
        'INSERT INTO site_groups (organization_id, name) VALUES ($1, $2) RETURNING id',
        [org, name],
      );
      await q('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [siteId, g!.id]);
      return g!.id;
    };
    groupPad1 = await group(f.orgA, 'Pad One', pad1);
    groupPad2 = await group(f.orgA, 'Pad Two', pad2);
    groupB = await group(f.orgB, 'Bravo', station);
    // An Emission Rate alarm parameter (values in kg/h) to hang alarms on.
    const [p] = await q<{ id: number }>(
      'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, calculation_method, hi_threshold, sliding_window_hours) VALUES ($1, 1, 1, 1, 0, 10, 1) RETURNING id',
      [pad1],
    );
    parameter = p!.id;
    dir = mkdtempSync(path.join(tmpdir(), 'push-receiver-'));
    receiver = await startReceiver(dir);
    agent = createAgent({ extraCa: receiver.cert, timeoutMs: 5000 });
  });
  afterAll(async () => {
    agent.destroy();
    receiver.server.closeAllConnections();
    await new Promise((r) => receiver.server.close(r));
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    id: 0,
    organizationId: f.orgA,
    name: 'Ops webhook',
    dataType: IntegrationDataType.values.Alarms,
    requestUrl: `${receiver.base}/alarms`,
    headers: [{ key: 'X-Api-Key', value: 'secret-1' }],
    maxRequestSizeInBytes: null,
    enabled: true,
    ch4RateDisplayUnitId: 2,
    ch4VolumeDisplayUnitId: 13,
    siteGroupIds: [groupPad1],
    ...over,
  });
  const save = (payload: Record<string, unknown>, user = integrator) =>
    t.as(user, { method: 'POST', url: '/api/integration/integrationEdit/', payload });
  const create = async (over: Record<string, unknown> = {}): Promise<Integration> => {
    const res = await save(body(over));
    expect(res.statusCode, res.body).toBe(200);
    return integrationSchema.parse(res.json());
  };
  const list = async (org = f.orgA, user = integrator) => {
    const res = await t.as(user, { method: 'GET', url: `/api/integration/integrations/?organizationId=${org}` });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(integrationSchema).parse(res.json());
  };
  const history = async (id: number) => {
    const res = await t.as(integrator, {
      method: 'GET',
      url: `/api/integration/integrationExecutionHistory/?organizationId=${f.orgA}&integrationId=${id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return executionHistorySchema.parse(res.json());
  };
  const insertAlarm = async (siteId: number, maxValue: number) => {
    const [w] = await t.database.query<{ id: number }>('INSERT INTO workflows (workflow_type) VALUES (0) RETURNING id');
    const [a] = await t.database.query<{ id: number }>(
      `INSERT INTO alarms (site_id, site_alarm_parameter_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value, hi_threshold, sliding_window_hours, workflow_id)
       VALUES ($1, $2, 0, 1, 1, 0, now() - interval '2 hours', now() - interval '1 hour', $3, 10, 1, $4) RETURNING id`,
      [siteId, parameter, maxValue, w!.id],
    );
    return a!.id;
  };
  const receivedAt = (p: string) => receiver.received.filter((r) => r.path === p);
  const recordsAt = (p: string) =>
    receivedAt(p).flatMap((r) => (JSON.parse(r.body) as { records: Record<string, unknown>[] }).records);

  describe('routes', () => {
    it('creates, reads, edits, lists and deletes an integration, auditing each change', async () => {
      const created = await create({ name: 'Route webhook', enabled: false, maxRequestSizeInBytes: 10_000 });
      expect(created).toMatchObject({
        name: 'Route webhook',
        dataType: 0,
        enabled: false,
        maxRequestSizeInBytes: 10_000,
        headers: [{ key: 'X-Api-Key', value: 'secret-1' }],
        siteGroupIds: [groupPad1],
        siteGroupNames: ['Pad One'],
        lastTwentyFourHourSuccessCount: 0,
        lastTwentyFourHourFailureCount: 0,
        organizationId: f.orgA,
      });

      const read = await t.as(integrator, {
        method: 'GET',
        url: `/api/integration/integrationEdit/?organizationId=${f.orgA}&integrationId=${created.id}`,
      });
      expect(integrationSchema.parse(read.json())).toEqual(created);

      const edited = await save(
        body({
          id: created.id,
          name: 'Route webhook 2',
          headers: [
            { key: 'Authorization', value: 'Bearer abc' },
            { key: 'X-Tenant', value: 'alpha' },
          ],
          siteGroupIds: [groupPad1, groupPad2],
          maxRequestSizeInBytes: null,
        }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(integrationSchema.parse(edited.json())).toMatchObject({
        id: created.id,
        name: 'Route webhook 2',
        headers: [
          { key: 'Authorization', value: 'Bearer abc' },
          { key: 'X-Tenant', value: 'alpha' },
        ],
        siteGroupIds: [groupPad1, groupPad2].sort((a, b) => a - b),
        maxRequestSizeInBytes: null,
      });

      const changed = await save(body({ id: created.id, dataType: IntegrationDataType.values.Emissions }));
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ errors: { dataType: [INTEGRATION_MESSAGES.dataTypeFixed] } });

      expect((await list()).map((i) => i.name)).toContain('Route webhook 2');
      const deleted = await t.as(integrator, {
        method: 'DELETE',
        url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${created.id}`,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await list()).map((i) => i.id)).not.toContain(created.id);
      expect(
        (
          await t.as(integrator, {
            method: 'GET',
            url: `/api/integration/integrationEdit/?organizationId=${f.orgA}&integrationId=${created.id}`,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.as(integrator, {
            method: 'DELETE',
            url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${created.id}`,
          })
        ).statusCode,
      ).toBe(404);

      const audit = await t.as(integrator, {
        method: 'GET',
        url: `/api/audit/integration/?organizationId=${f.orgA}&id=${created.id}`,
      });
      const entries = z
        .array(z.object({ changedValues: z.array(z.object({ name: z.string(), value: z.unknown() })) }))
        .parse(audit.json());
      expect(entries).toHaveLength(3);
      expect(entries[0]!.changedValues).toEqual([{ name: 'deleted', value: true }]);
      expect(entries[1]!.changedValues.map((c) => c.name).sort()).toEqual([
        'enabled',
        'headers',
        'maxRequestSizeInBytes',
        'name',
        'siteGroupIds',
      ]);
      // Header values never reach the audit trail, which every member can read.
      expect(audit.body).not.toContain('secret-1');
      expect(audit.body).not.toContain('Bearer abc');
    });

    it.each([
      ['name', INTEGRATION_MESSAGES.nameRequired, { name: '' }],
      ['name', INTEGRATION_MESSAGES.nameMax, { name: 'n'.repeat(MEDIUM_TEXT_MAX + 1) }],
      ['requestUrl', INTEGRATION_MESSAGES.urlRequired, { requestUrl: '' }],
      ['requestUrl', INTEGRATION_MESSAGES.urlHttps, { requestUrl: 'http://hooks.example.com/in' }],
      ['requestUrl', INTEGRATION_MESSAGES.urlHttps, { requestUrl: 'https://' }],
      [
        'requestUrl',
        INTEGRATION_MESSAGES.urlMax,
        { requestUrl: `https://hooks.example.com/${'u'.repeat(LARGE_TEXT_MAX)}` },
      ],
      ['headers.0.key', INTEGRATION_MESSAGES.headerKeyRequired, { headers: [{ key: '', value: 'v' }] }],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyMax,
        { headers: [{ key: 'k'.repeat(MEDIUM_TEXT_MAX + 1), value: 'v' }] },
      ],
      ['headers.0.key', INTEGRATION_MESSAGES.headerKeyReserved, { headers: [{ key: 'Content-Length', value: '1' }] }],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyReserved,
        { headers: [{ key: 'Host', value: 'metadata.google.internal' }] },
      ],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyReserved,
        { headers: [{ key: 'Transfer-Encoding', value: 'chunked' }] },
      ],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyProxy,
        { headers: [{ key: 'Proxy-Authorization', value: 'Basic x' }] },
      ],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyMetadata,
        { headers: [{ key: 'Metadata-Flavor', value: 'Google' }] },
      ],
      [
        'headers.0.key',
        INTEGRATION_MESSAGES.headerKeyMetadata,
        { headers: [{ key: 'X-aws-ec2-metadata-token', value: 't' }] },
      ],
      ['requestUrl', USERINFO_MESSAGE, { requestUrl: 'https://user@hooks.example.com/in' }],
      ['requestUrl', USERINFO_MESSAGE, { requestUrl: 'https://user:pass@hooks.example.com/in' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://169.254.169.254/latest/meta-data' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://10.0.0.1/' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://[::1]/' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://[::ffff:169.254.169.254]/' }],
      // 127.0.0.1 itself is allowed in these tests; its neighbours are not.
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://0x7f000002/' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://127.2/' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://2130706434/' }],
      ['requestUrl', UNREACHABLE_ADDRESS_MESSAGE, { requestUrl: 'https://192.168.1.1/' }],
      [
        'headers.1.value',
        INTEGRATION_MESSAGES.headerValueRequired,
        {
          headers: [
            { key: 'A', value: 'v' },
            { key: 'B', value: '' },
          ],
        },
      ],
      [
        'headers.0.value',
        INTEGRATION_MESSAGES.headerValueMax,
        { headers: [{ key: 'A', value: 'v'.repeat(LARGE_TEXT_MAX + 1) }] },
      ],
      ['maxRequestSizeInBytes', INTEGRATION_MESSAGES.maxRequestSize, { maxRequestSizeInBytes: 9_999 }],
      ['maxRequestSizeInBytes', INTEGRATION_MESSAGES.maxRequestSize, { maxRequestSizeInBytes: 2_147_483_648 }],
      ['maxRequestSizeInBytes', INTEGRATION_MESSAGES.maxRequestSize, { maxRequestSizeInBytes: 10_000.5 }],
      ['ch4RateDisplayUnitId', INTEGRATION_MESSAGES.rateUnitRequired, { ch4RateDisplayUnitId: null }],
      ['ch4VolumeDisplayUnitId', INTEGRATION_MESSAGES.volumeUnitRequired, { ch4VolumeDisplayUnitId: null }],
      ['ch4RateDisplayUnitId', INTEGRATION_MESSAGES.unitNotOffered, { ch4RateDisplayUnitId: 11 }],
      ['siteGroupIds', INTEGRATION_MESSAGES.siteGroupNotFound, { siteGroupIds: [groupB] }],
    ])('refuses %s: %s', async (key, message, over) => {
      // groupB is read when the case runs (the table is built before beforeAll).
      const patch = 'siteGroupIds' in over ? { siteGroupIds: [groupB] } : over;
      const res = await save(body(patch));
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors[key]).toEqual([message]);
    });

    it('accepts the bounds of the max request size', async () => {
      for (const size of [10_000, 2_147_483_647])
        expect(
          (await save(body({ maxRequestSizeInBytes: size, enabled: false, name: `Bound ${size}` }))).statusCode,
        ).toBe(200);
    });

    it("answers 404 for another organization's integration and 403 without IntegrationAdministration", async () => {
      const mine = await create({ name: 'Scoped', enabled: false });
      const asB = (method: 'GET' | 'DELETE', url: string) => t.as(integratorB, { method, url });
      expect(
        (await asB('GET', `/api/integration/integrationEdit/?organizationId=${f.orgB}&integrationId=${mine.id}`))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await asB(
            'GET',
            `/api/integration/integrationExecutionHistory/?organizationId=${f.orgB}&integrationId=${mine.id}`,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await asB('DELETE', `/api/integration/deleteIntegration/?organizationId=${f.orgB}&integrationId=${mine.id}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await save(body({ id: mine.id, organizationId: f.orgB, siteGroupIds: [] }), integratorB)).statusCode,
      ).toBe(404);
      expect((await list(f.orgB, integratorB)).map((i) => i.id)).not.toContain(mine.id);
      // Reaching into organization A from B is refused before anything is read.
      expect(
        (await asB('GET', `/api/integration/integrationEdit/?organizationId=${f.orgA}&integrationId=${mine.id}`))
          .statusCode,
      ).toBe(403);
      for (const user of [plain, f.viewer]) {
        expect(
          (await t.as(user, { method: 'GET', url: `/api/integration/integrations/?organizationId=${f.orgA}` }))
            .statusCode,
        ).toBe(403);
        expect((await save(body({ name: 'Nope' }), user)).statusCode).toBe(403);
        expect(
          (
            await t.as(user, {
              method: 'DELETE',
              url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${mine.id}`,
            })
          ).statusCode,
        ).toBe(403);
      }
      // Provider staff hold every permission.
      expect((await list(f.orgA, f.provider)).map((i) => i.id)).toContain(mine.id);
    });

    it('counts integrations per site group, and a deleted group disables an integration it leaves without groups', async () => {
      const [g] = await t.database.query<{ id: number }>(
        "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'Short-lived') RETURNING id",
        [f.orgA],
      );
      const only = await create({
        name: 'Only short-lived',
        siteGroupIds: [g!.id],
        requestUrl: `${receiver.base}/only`,
      });
      const both = await create({
        name: 'Short-lived and Pad One',
        siteGroupIds: [g!.id, groupPad1],
        requestUrl: `${receiver.base}/both`,
      });
      const groups = await t.as(plain, {
        method: 'GET',
        url: `/api/siteGroup/listSiteGroupsForOrganization/?organizationId=${f.orgA}`,
      });
      expect(
        (groups.json() as { id: number; integrationCount: number }[]).find((r) => r.id === g!.id)?.integrationCount,
      ).toBe(2);
      const del = await t.as(plain, {
        method: 'DELETE',
        url: `/api/siteGroup/delete/${g!.id}?organizationId=${f.orgA}`,
      });
      expect(del.statusCode, del.body).toBe(200);
      const after = new Map((await list()).map((i) => [i.id, i]));
      expect(after.get(only.id)).toMatchObject({ enabled: false, siteGroupIds: [] });
      expect(after.get(both.id)).toMatchObject({ enabled: true, siteGroupIds: [groupPad1] });
      await t.as(integrator, {
        method: 'DELETE',
        url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${both.id}`,
      });
    });
  });

  it("seeds the demo's integration disabled, without history, and the worker leaves it alone", async () => {
    await t.database.query(
      "INSERT INTO users (email, cognito_user_id) VALUES ('provider.admin@example.com', 'c-demo')",
    );
    expect(await seedPushIntegrations(t.database, f.orgB)).toBe(1);
    const [demo] = await list(f.orgB, integratorB);
    expect(demo).toMatchObject({
      name: 'Data warehouse emissions feed',
      enabled: false,
      dataType: IntegrationDataType.values.Emissions,
      siteGroupIds: [groupB],
    });
    expect(await runIntegration(t.database, demo!.id, { agent, timeoutMs: 1000 })).toEqual([]);
    const [n] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM integration_executions WHERE integration_id = $1',
      [demo!.id],
    );
    expect(n!.n).toBe(0);
  });

  describe('the push worker', () => {
    it('delivers new alarms of its sites once, in its units, with its headers', async () => {
      const before = await insertAlarm(pad1, 5);
      const hook = await create({ name: 'Alarm hook', requestUrl: `${receiver.base}/alarms` });
      void before;
      const mine = await insertAlarm(pad1, 12);
      await insertAlarm(pad2, 30); // Pad 2 is not in the integration's group.
      const outcomes = await run(hook.id);
      expect(outcomes).toEqual([{ success: true, recordCount: 1, requestCount: 1 }]);
      const [request] = receivedAt('/alarms');
      expect(request!.headers['x-api-key']).toBe('secret-1');
      expect(request!.headers['content-type']).toBe('application/json');
      const sent = JSON.parse(request!.body) as {
        dataType: string;
        ch4RateUnit: string;
        records: Record<string, unknown>[];
      };
      expect(sent).toMatchObject({
        integrationId: hook.id,
        dataType: 'Alarms',
        ch4RateUnit: 'lb/h',
        ch4VolumeUnit: 'lb',
      });
      expect(sent.records).toHaveLength(1);
      expect(sent.records[0]).toMatchObject({
        alarmId: mine,
        siteId: pad1,
        siteName: 'Pad 1',
        alarmType: 'Emission Rate',
        level: 'HI',
        valueUnit: 'lb/h',
      });
      expect(sent.records[0]!.maxValue).toBeCloseTo(12 * 2.204623, 4);
      // Nothing new: nothing sent, nothing recorded.
      expect(await run(hook.id)).toEqual([]);
      expect(receivedAt('/alarms')).toHaveLength(1);
      const h = await history(hook.id);
      expect(h.failures).toEqual([]);
      expect(h.successes).toHaveLength(1);
      expect(JSON.parse(h.successes[0]!.bookmark)).toEqual({ alarmId: mine });
      expect(h.successes[0]!.requests).toEqual([
        {
          requestNumber: 1,
          requestBody: request!.body,
          responseBody: '{"accepted":true}',
          responseStatusCode: 200,
          exception: null,
        },
      ]);
      expect((await list()).find((i) => i.id === hook.id)).toMatchObject({
        lastTwentyFourHourSuccessCount: 1,
        lastTwentyFourHourFailureCount: 0,
      });
    });

    it('splits emissions into requests no larger than the maximum request size', async () => {
      const hook = await create({
        name: 'Emission hook',
        dataType: IntegrationDataType.values.Emissions,
        requestUrl: `${receiver.base}/emissions`,
        maxRequestSizeInBytes: 10_000,
        siteGroupIds: [],
      });
      await t.database.query(
        `INSERT INTO emissions (site_id, start_time, end_time, total_volume, rate, severity)
         SELECT $1, now() - (n || ' hours')::interval, now() - (n || ' hours')::interval + interval '30 minutes', 2.5, 5, NULL FROM generate_series(1, 60) n`,
        [pad2],
      );
      const outcomes = await run(hook.id);
      expect(outcomes).toHaveLength(1);
      expect(outcomes[0]).toMatchObject({ success: true, recordCount: 60 });
      const requests = receivedAt('/emissions');
      expect(requests.length).toBe(outcomes[0]!.requestCount);
      expect(requests.length).toBeGreaterThan(1);
      for (const r of requests) expect(Buffer.byteLength(r.body)).toBeLessThanOrEqual(10_000);
      const records = recordsAt('/emissions');
      expect(records).toHaveLength(60);
      expect(new Set(records.map((r) => r.emissionId)).size).toBe(60);
      // 2.5 kg in pounds, 5 kg/h in lb/h.
      expect(records[0]!.volume).toBeCloseTo(2.5 * 2.204623, 4);
      expect(records[0]!.rate).toBeCloseTo(5 * 2.204623, 4);
      expect((await history(hook.id)).successes[0]!.requests.map((r) => r.requestNumber)).toEqual(
        requests.map((_, i) => i + 1),
      );
    });

    it('delivers emission rate steps per site, each site from where it was delivered', async () => {
      const hook = await create({
        name: 'Rate hook',
        dataType: IntegrationDataType.values.EmissionRates,
        requestUrl: `${receiver.base}/rates`,
        siteGroupIds: [],
        ch4RateDisplayUnitId: 1,
      });
      const step = (minutes: number) =>
        new Date(Math.floor(Date.now() / 900_000) * 900_000 + minutes * 60_000).toISOString();
      const rate = (siteId: number, minutes: number, value: number) =>
        t.database.query(
          'INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, $2, $3, $4, $5)',
          [siteId, step(minutes), value, value / 2, value * 2],
        );
      for (const m of [15, 30, 45]) await rate(pad1, m, 3);
      expect(await run(hook.id)).toEqual([{ success: true, recordCount: 3, requestCount: 1 }]);
      // Pad 2's model catches up later over earlier times: still delivered, as Pad 2 has its own bookmark.
      await rate(pad2, 15, 8);
      await rate(pad1, 60, 4);
      expect(await run(hook.id)).toEqual([{ success: true, recordCount: 2, requestCount: 1 }]);
      const records = recordsAt('/rates');
      expect(records.map((r) => [r.siteId, r.time, r.rate])).toEqual([
        [pad1, step(15), 3],
        [pad1, step(30), 3],
        [pad1, step(45), 3],
        [pad2, step(15), 8],
        [pad1, step(60), 4],
      ]);
      expect(records[0]).toMatchObject({ lowerBound: 1.5, upperBound: 6, siteName: 'Pad 1' });
    });

    it('records a failure with the status and body, and retries from the same bookmark', async () => {
      const hook = await create({ name: 'Flaky hook', requestUrl: `${receiver.base}/flaky` });
      receiver.modes.set('/flaky', 'fail');
      const alarm = await insertAlarm(pad1, 15);
      expect(await run(hook.id)).toEqual([{ success: false, recordCount: 1, requestCount: 1 }]);
      let h = await history(hook.id);
      expect(h.successes).toEqual([]);
      expect(h.failures[0]!.requests[0]).toMatchObject({
        requestNumber: 1,
        responseStatusCode: 500,
        responseBody: 'receiver broke',
        exception: null,
      });
      const [row] = await t.database.query<{ bookmark: { alarmId: number } }>(
        'SELECT bookmark FROM integrations WHERE id = $1',
        [hook.id],
      );
      expect(row!.bookmark.alarmId).toBeLessThan(alarm);
      expect((await list()).find((i) => i.id === hook.id)).toMatchObject({
        lastTwentyFourHourSuccessCount: 0,
        lastTwentyFourHourFailureCount: 1,
      });

      receiver.modes.set('/flaky', 'ok');
      expect(await run(hook.id)).toEqual([{ success: true, recordCount: 1, requestCount: 1 }]);
      const attempts = receivedAt('/flaky').map((r) =>
        (JSON.parse(r.body) as { records: { alarmId: number }[] }).records.map((x) => x.alarmId),
      );
      expect(attempts).toEqual([[alarm], [alarm]]);
      h = await history(hook.id);
      expect(h.successes).toHaveLength(1);
      expect(JSON.parse(h.successes[0]!.bookmark)).toEqual({ alarmId: alarm });
      expect(await run(hook.id)).toEqual([]);
    });

    it('records a timeout and an untrusted certificate as exceptions', async () => {
      const hook = await create({ name: 'Slow hook', requestUrl: `${receiver.base}/slow` });
      receiver.modes.set('/slow', 'hang');
      await insertAlarm(pad1, 11);
      expect(await run(hook.id, 300)).toEqual([{ success: false, recordCount: 1, requestCount: 1 }]);
      expect((await history(hook.id)).failures[0]!.requests[0]).toMatchObject({
        responseStatusCode: null,
        exception: 'The request timed out after 300 ms',
      });

      // Without the extra CA the receiver's self-signed certificate is refused: verification is never off.
      receiver.modes.set('/slow', 'ok');
      const strict = createAgent({ extraCa: null, timeoutMs: 5000 });
      try {
        expect(
          await runIntegration(t.database, hook.id, {
            agent: strict,
            timeoutMs: 5000,
            allowCidrs: t.config.pushAllowCidrs,
          }),
        ).toEqual([{ success: false, recordCount: 1, requestCount: 1 }]);
      } finally {
        strict.destroy();
      }
      expect((await history(hook.id)).failures[0]!.requests[0]!.exception).toMatch(/self[- ]signed certificate/i);
      await t.as(integrator, {
        method: 'DELETE',
        url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${hook.id}`,
      });
    });

    it('refuses the receiver without PUSH_ALLOW_CIDRS, a name resolving to it, and a redirect, with the reason in the history', async () => {
      const hook = await create({ name: 'Guarded hook', requestUrl: `${receiver.base}/guarded` });
      await insertAlarm(pad1, 12);
      const before = receiver.received.length;
      // The same receiver with no private network allowed: refused before connecting.
      expect(await runIntegration(t.database, hook.id, { agent, timeoutMs: 5000 })).toEqual([
        { success: false, recordCount: 1, requestCount: 1 },
      ]);
      expect((await history(hook.id)).failures[0]!.requests[0]!.exception).toBe(
        `127.0.0.1: ${UNREACHABLE_ADDRESS_MESSAGE}`,
      );

      // A host name is resolved by the deliverer and every address checked (localhost cannot be saved, so set it here).
      await t.database.query('UPDATE integrations SET request_url = $2 WHERE id = $1', [
        hook.id,
        `${receiver.base.replace('127.0.0.1', 'localhost')}/guarded`,
      ]);
      expect(await runIntegration(t.database, hook.id, { agent, timeoutMs: 5000 })).toEqual([
        { success: false, recordCount: 1, requestCount: 1 },
      ]);
      expect((await history(hook.id)).failures[0]!.requests[0]!.exception).toMatch(
        new RegExp(`^localhost \\((127\\.0\\.0\\.1|::1)\\): ${UNREACHABLE_ADDRESS_MESSAGE}$`),
      );
      expect(receiver.received.length).toBe(before);

      // A redirect is a failure and is not followed, even to the same receiver.
      await t.database.query('UPDATE integrations SET request_url = $2 WHERE id = $1', [
        hook.id,
        `${receiver.base}/guarded`,
      ]);
      receiver.modes.set('/guarded', 'redirect');
      expect(await run(hook.id)).toEqual([{ success: false, recordCount: 1, requestCount: 1 }]);
      const failed = (await history(hook.id)).failures[0]!.requests[0]!;
      expect(failed.responseStatusCode).toBe(302);
      expect(failed.exception).toMatch(/redirect \(302 to \/guarded\/followed\), which is not followed/);
      expect(receivedAt('/guarded/followed')).toEqual([]);
      receiver.modes.set('/guarded', 'ok');
      expect(await run(hook.id)).toEqual([{ success: true, recordCount: 1, requestCount: 1 }]);
      await t.as(integrator, {
        method: 'DELETE',
        url: `/api/integration/deleteIntegration/?organizationId=${f.orgA}&integrationId=${hook.id}`,
      });
    });

    it('tells the form which private networks the operator allows', async () => {
      const res = await t.as(integrator, {
        method: 'GET',
        url: `/api/integration/destinationRules/?organizationId=${f.orgA}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ allowedCidrs: ['127.0.0.1/32'] });
      expect(
        (await t.as(plain, { method: 'GET', url: `/api/integration/destinationRules/?organizationId=${f.orgA}` }))
          .statusCode,
      ).toBe(403);
    });

    it('stops while the organization is deleted and resumes when it is restored; a disabled integration sends nothing', async () => {
      const hook = await create({ name: 'Org hook', requestUrl: `${receiver.base}/org` });
      const off = await create({ name: 'Disabled hook', requestUrl: `${receiver.base}/disabled`, enabled: false });
      const alarm = await insertAlarm(pad1, 20);
      expect((await t.as(f.admin, { method: 'POST', url: `/api/organization/delete/${f.orgA}` })).statusCode).toBe(200);
      await pushTick(t.database, { agent, timeoutMs: 5000, allowCidrs: t.config.pushAllowCidrs });
      expect(receivedAt('/org')).toEqual([]);
      expect(await run(hook.id)).toEqual([]);
      expect((await t.as(f.provider, { method: 'POST', url: `/api/organization/restore/${f.orgA}` })).statusCode).toBe(
        200,
      );
      const results = await pushTick(t.database, { agent, timeoutMs: 5000, allowCidrs: t.config.pushAllowCidrs });
      expect(results.get(hook.id)).toEqual([{ success: true, recordCount: 1, requestCount: 1 }]);
      expect(recordsAt('/org').map((r) => r.alarmId)).toEqual([alarm]);
      expect(results.has(off.id)).toBe(false);
      expect(receivedAt('/disabled')).toEqual([]);
      expect(await history(off.id)).toEqual({ successes: [], failures: [] });
    });
  });
});
