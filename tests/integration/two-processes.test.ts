// Two real server processes (server/main.ts) on one PostgreSQL database, as behind a load balancer without sticky
// sessions (README 'Running several processes'): both start at once on an empty database (one migrates and seeds,
// the other waits), they share the identity provider's keys and state (sign in through a round-robin proxy, use the
// access token on either, refresh on one, sign out on one and the other refuses the refresh token), and their
// notification workers send every outbox mail exactly once. Push delivery is proved the way modelling-lease.test.ts
// proves the modelling scheduler's lease: two workers, each with its own connection pool as two processes have, run
// one integration at once, and every record reaches the receiver once. There are no in-process rate limits.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCidrList } from '@/domain/network-address';
import { generateProviderKeys, loadOrCreateSharedProviderKeys } from '../../server/auth/oidc-keys';
import { openPostgres, type Database } from '../../server/db/client';
import { createAgent } from '../../server/services/push-integration/deliver';
import { runIntegration, type PushRunOptions } from '../../server/services/push-integration/worker';
import { refresh, signInWithPassword } from '../helpers/oidc-flow';
import { freePort, spawnServer, waitUntilServing, type ServerProcess } from '../helpers/server-process';
import { insertFixtures } from '../helpers/test-app';
import { makeLoopbackCertificate } from '../helpers/test-cert';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const baseUrl = process.env.TEST_DATABASE_URL;
const MAILS = 120;

type Proc = ServerProcess;

async function admin<T extends Record<string, unknown>>(
  url: string,
  sqlText: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sqlText, params)).rows;
  } finally {
    await client.end();
  }
}

/** A round-robin HTTP proxy, no stickiness: request n goes to backend n mod 2, whatever its cookies say. */
function roundRobinProxy(
  backends: () => Proc[],
  port: number,
): Promise<{ server: Server; served: Map<string, number> }> {
  const served = new Map<string, number>();
  let next = 0;
  const server = createServer((req, res) => {
    const all = backends();
    const target = all[next++ % all.length]!;
    served.set(target.name, (served.get(target.name) ?? 0) + 1);
    const upstream = httpRequest(
      `${target.origin}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, served })));
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL (needs TEST_DATABASE_URL, set by .ci/run)', () => {
  const dbName = `twoproc_${randomBytes(6).toString('hex')}`;
  let dbUrl = '';
  let procs: Proc[] = [];
  let proxy: { server: Server; served: Map<string, number> } | null = null;
  let publicUrl = '';
  const db = <T extends Record<string, unknown>>(sqlText: string, params: unknown[] = []) =>
    admin<T>(dbUrl, sqlText, params);

  beforeAll(async () => {
    await admin(baseUrl!, `CREATE DATABASE ${dbName}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    const [portA, portB, portP] = [await freePort(), await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portP}`;
    proxy = await roundRobinProxy(() => procs, portP);
    // The same PUBLIC_URL (the proxy: the one origin users see, and the issuer) and DATABASE_URL for both.
    const env = {
      DATABASE_URL: dbUrl,
      PUBLIC_URL: publicUrl,
      STATIC_DIR: '',
      LOG_LEVEL: 'info',
      MAIL_TICK_MS: '150',
      SMTP_URL: '',
      SIMULATE: '',
      OIDC_ISSUER: '',
      SEED_ORGS: '2',
      SEED_SITES: '2',
      SEED_DEVICES: '4',
      SEED_DAYS: '0',
      SEED_FEATURED_DAYS: '0',
      SEED_HISTORY_SITES: '0',
      SEED_EMISSION_DAYS: '1',
    };
    // Started together on an empty database: the start-up lock lets one migrate and seed while the other waits.
    procs = [spawnServer({ name: 'A', port: portA, env }), spawnServer({ name: 'B', port: portB, env })];
    await Promise.all(procs.map((p) => waitUntilServing(p, 90_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await new Promise((r) => (proxy ? proxy.server.close(r) : r(undefined)));
    if (dbUrl) await admin(baseUrl!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }, 30_000);

  it('both started at once: the database was migrated and seeded by one of them, and both serve', async () => {
    const seeding = procs.filter((p) => p.output().includes('Seeding demo data'));
    expect(seeding).toHaveLength(1);
    const [{ n }] = (await db<{ n: string }>(
      "SELECT count(*) AS n FROM users WHERE email = 'operator@example.com'",
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
    for (const p of procs) expect(p.child.exitCode).toBeNull();
  });

  it('shares the identity provider keys through the database: both publish the same signing keys', async () => {
    expect(await db('SELECT id FROM oidc_keys')).toHaveLength(1);
    const jwks = await Promise.all(procs.map(async (p) => (await fetch(`${p.origin}/oidc/jwks`)).text()));
    expect(jwks[0]).toBe(jwks[1]);
  });

  it('signs in through a proxy without sticky sessions, and either process accepts, refreshes and revokes the tokens', async () => {
    const [a, b] = procs as [Proc, Proc];
    const before = new Map(proxy!.served);
    // The whole authorization-code flow through the round-robin proxy: its requests alternate between A and B.
    const tokens = await signInWithPassword({
      origin: publicUrl,
      email: 'operator@example.com',
      password: 'demo-password',
    });
    for (const p of procs) expect((proxy!.served.get(p.name) ?? 0) - (before.get(p.name) ?? 0)).toBeGreaterThan(0);

    const api = (p: Proc, token: string) =>
      fetch(`${p.origin}/api/user/currentUser/`, { headers: { authorization: `Bearer ${token}` } });
    expect((await api(a, tokens.accessToken)).status).toBe(200);
    expect((await api(b, tokens.accessToken)).status).toBe(200);

    // Refresh on B; the rotated-out token is then refused on A too.
    const refreshed = await refresh(b.origin, tokens.refreshToken!);
    expect(refreshed.status).toBe(200);
    expect((await api(a, refreshed.body.access_token!)).status).toBe(200);
    expect((await refresh(a.origin, tokens.refreshToken!)).body.error).toBe('invalid_grant');

    // Sign out on B; A refuses the refresh token it had.
    const out = await fetch(`${b.origin}/api/user/logout/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${refreshed.body.access_token!}` },
    });
    expect(out.status).toBe(200);
    expect((await refresh(a.origin, refreshed.body.refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('sends every outbox mail exactly once across both notification workers', async () => {
    await db(
      `INSERT INTO email_outbox (dedupe_key, to_address, subject, body_text)
       SELECT 'twoproc:' || n, 'ops@example.com', 'Two processes mail #' || n || '.', 'body' FROM generate_series(1, $1::int) AS n`,
      [MAILS],
    );
    const deadline = Date.now() + 20_000;
    const pending = async () =>
      Number(
        (
          await db<{ n: string }>(
            "SELECT count(*) AS n FROM email_outbox WHERE dedupe_key LIKE 'twoproc:%' AND sent_at IS NULL",
          )
        )[0]!.n,
      );
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await pending()).toBe(0);
    // A mail sent twice would have been counted twice (attempts) and logged twice (the log transport).
    const attempts = await db<{ attempts: number }>(
      "SELECT attempts FROM email_outbox WHERE dedupe_key LIKE 'twoproc:%'",
    );
    expect(attempts.filter((r) => r.attempts !== 1)).toEqual([]);
    const logged = new Map<string, number>();
    for (const p of procs)
      for (const m of p.output().matchAll(/mail to ops@example\.com: Two processes mail #(\d+)\./g))
        logged.set(m[1]!, (logged.get(m[1]!) ?? 0) + 1);
    expect(logged.size).toBe(MAILS);
    expect([...logged.values()].every((n) => n === 1)).toBe(true);
  });
});

describe.skipIf(!baseUrl)('push delivery from two workers on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestDatabase;
  let second: Database;
  let dir = '';
  let receiver: Server;
  let options: PushRunOptions;
  const received: number[] = [];
  let integration = 0;
  const ALARMS = 60;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    const [{ name }] = (await t.database.query<{ name: string }>('SELECT current_database() AS name')) as [
      { name: string },
    ];
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    second = await openPostgres(url.toString());
    dir = mkdtempSync(path.join(tmpdir(), 'twoproc-push-'));
    const { key, cert } = makeLoopbackCertificate(dir);
    receiver = createHttpsServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { records: { alarmId: number }[] };
        received.push(...body.records.map((r) => r.alarmId));
        // A slow receiver, so the two workers' runs overlap.
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 20);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const base = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    options = {
      agent: createAgent({ extraCa: cert, timeoutMs: 5000 }),
      timeoutMs: 5000,
      allowCidrs: parseCidrList('127.0.0.1/32'),
      recordsPerExecution: 4,
      executionsPerTick: 3,
    };
    const f = await insertFixtures(t.database);
    const [site] = await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'");
    const [parameter] = await t.database.query<{ id: number }>(
      'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, calculation_method, hi_threshold, sliding_window_hours) VALUES ($1, 1, 1, 1, 0, 10, 1) RETURNING id',
      [site!.id],
    );
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO integrations (organization_id, name, data_type, request_url, enabled, ch4_rate_display_unit_id, ch4_volume_display_unit_id, bookmark)
       VALUES ($1, 'Two workers', 0, $2, true, 2, 13, '{"alarmId": 0}'::jsonb) RETURNING id`,
      [f.orgA, `${base}/alarms`],
    );
    integration = row!.id;
    for (let i = 0; i < ALARMS; i++) {
      const [w] = await t.database.query<{ id: number }>(
        'INSERT INTO workflows (workflow_type) VALUES (0) RETURNING id',
      );
      await t.database.query(
        `INSERT INTO alarms (site_id, site_alarm_parameter_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value, hi_threshold, sliding_window_hours, workflow_id)
         VALUES ($1, $2, 0, 1, 1, 0, now() - interval '2 hours', now() - interval '1 hour', 12, 10, 1, $3)`,
        [site!.id, parameter!.id, w!.id],
      );
    }
  });
  afterAll(async () => {
    options.agent.destroy();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    rmSync(dir, { recursive: true, force: true });
    await second.close();
    await t.drop();
  });

  it('delivers every record once while both workers run the integration over and over', async () => {
    const worker = async (database: Database) => {
      for (let round = 0; round < 40 && received.length < ALARMS; round++) {
        await runIntegration(database, integration, options);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await Promise.all([worker(t.database), worker(second)]);
    expect(received).toHaveLength(ALARMS);
    expect(new Set(received).size).toBe(ALARMS);
    const [{ lease_until: lease, bookmark }] = (await t.database.query<{
      lease_until: unknown;
      bookmark: { alarmId: number };
    }>('SELECT lease_until, bookmark FROM integrations WHERE id = $1', [integration])) as [
      { lease_until: unknown; bookmark: { alarmId: number } },
    ];
    expect(lease).toBeNull();
    expect(bookmark.alarmId).toBe(Math.max(...received));
  });
});

describe.skipIf(!baseUrl)('identity provider keys on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('are the DATA_DIR keys file of the first process when it has one, and the same for every process after', async () => {
    const t = await createTestDatabase('postgres');
    const dirs = [
      mkdtempSync(path.join(tmpdir(), 'twoproc-keys-')),
      mkdtempSync(path.join(tmpdir(), 'twoproc-keys-')),
    ] as const;
    try {
      // An installation that ran on one process with keys under DATA_DIR keeps them (nobody is signed out).
      const existing = await generateProviderKeys();
      mkdirSync(path.join(dirs[0], 'oidc'));
      writeFileSync(path.join(dirs[0], 'oidc', 'keys.json'), JSON.stringify(existing));
      const first = await loadOrCreateSharedProviderKeys(t.database, dirs[0]);
      expect(first).toEqual(existing);
      // Another process with its own, empty DATA_DIR gets the same keys; so do two asking at once.
      const [a, b] = await Promise.all([
        loadOrCreateSharedProviderKeys(t.database, dirs[1]),
        loadOrCreateSharedProviderKeys(t.database, dirs[1]),
      ]);
      expect(a).toEqual(existing);
      expect(b).toEqual(existing);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      await t.drop();
    }
  });

  it('agree between processes starting together on a database without keys', async () => {
    const t = await createTestDatabase('postgres');
    const dir = mkdtempSync(path.join(tmpdir(), 'twoproc-keys-'));
    try {
      const all = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateSharedProviderKeys(t.database, dir)));
      for (const k of all) expect(k).toEqual(all[0]);
      expect(await t.database.query('SELECT id FROM oidc_keys')).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await t.drop();
    }
  });
});
