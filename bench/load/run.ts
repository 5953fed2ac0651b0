// npm run bench:load [-- --seconds 15 --connections 200 --only siteList,deviceList --json out.json --pause-models]
// The console's hot routes under load: a real server on a scratch copy of the demo seed (PGlite), signed in through
// the real OIDC flow, 200 connections on loopback for a bounded time per route (autocannon). Prints requests/s, p50,
// p99, errors and timeouts per route, and the end-to-end time of single year-of-Arrow reads.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { demoTemplate, startLoadServer, type LoadServer } from './server';

type Kind = 'grid' | 'dashboard' | 'chart' | 'overview';

interface LoadRoute {
  name: string;
  kind: Kind;
  path: string;
  query: Record<string, string | number>;
  accept?: string;
}

interface RouteResult {
  name: string;
  kind: Kind;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
  wireBytes: number;
  encoding: string;
  /** The server's event-loop lag max (ms) from /api/health right after the run (its window is the current minute). */
  loopMaxMs: number;
  met: boolean | null;
}

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '200' },
    only: { type: 'string' },
    json: { type: 'string' },
    'pause-models': { type: 'boolean', default: false },
  },
  strict: true,
});
const SECONDS = Math.min(60, Math.max(1, Number(args.seconds)));
const CONNECTIONS = Math.min(500, Math.max(1, Number(args.connections)));
/** A bound on the requests of one route, whatever the rate. */
const MAX_REQUESTS = 50_000;
const TIMEOUT_S = 10;
const ARROW = 'application/vnd.apache.arrow.stream';
const log = (m: string) => console.log(m);

function url(server: LoadServer, r: LoadRoute): string {
  const q = new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, String(v)]));
  return `${server.origin}${r.path}?${q}`;
}

async function getJson<T>(server: LoadServer, path: string, query: Record<string, string | number>): Promise<T> {
  const res = await fetch(url(server, { name: '', kind: 'grid', path, query }), {
    headers: { authorization: `Bearer ${await server.token()}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The routes with the demo's ids: the featured site's organization, the featured site and its first device. */
async function hotRoutes(server: LoadServer, featuredDevices: string[]): Promise<LoadRoute[]> {
  const orgs = await getJson<{ id: number }[]>(server, '/api/organization/organizationList/', {});
  let found: { organizationId: number; deviceId: number; siteId: number } | null = null;
  for (const o of orgs) {
    const devices = await getJson<{ id: number; name: string; currentSiteId: number | null }[]>(
      server,
      '/api/device/deviceList/',
      { organizationId: o.id },
    );
    const d = devices.find((x) => x.name === featuredDevices[0]);
    if (d?.currentSiteId) {
      found = { organizationId: o.id, deviceId: d.id, siteId: d.currentSiteId };
      break;
    }
  }
  if (!found) throw new Error(`featured device ${featuredDevices[0]} not found in any organization`);
  const { organizationId, deviceId, siteId } = found;
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const month = { startTime: iso(now - 30 * 86_400_000), endTime: iso(now) };
  const week = { fromTime: iso(now - 7 * 86_400_000), toTime: iso(now) };
  const org = { organizationId };
  return [
    { name: 'siteList', kind: 'grid', path: '/api/site/siteList/', query: org },
    { name: 'deviceList', kind: 'grid', path: '/api/device/deviceList/', query: org },
    { name: 'deviceHealth', kind: 'grid', path: '/api/device/deviceHealth/', query: org },
    {
      name: 'deviceUpStatus',
      kind: 'grid',
      path: '/api/uptime/deviceUpStatus/',
      query: { ...week, organizationIds: organizationId, startRow: 0, endRow: 100 },
    },
    { name: 'listAlarms', kind: 'grid', path: '/api/alarm/listAlarms/', query: { ...org, startRow: 0, endRow: 100 } },
    { name: 'siteHealth', kind: 'grid', path: '/api/siteHealth/siteHealth/', query: org },
    {
      name: 'siteEmissionStatuses',
      kind: 'grid',
      path: '/api/emissions/getSiteEmissionStatuses/',
      query: { ...org, ...month },
    },
    { name: 'siteDetail', kind: 'dashboard', path: '/api/site/siteDetail/', query: { ...org, siteId } },
    {
      name: 'siteDashboardDevices',
      kind: 'dashboard',
      path: '/api/site/siteDashboardDevices/',
      query: { ...org, siteId, ...month },
    },
    {
      name: 'siteEmissions',
      kind: 'dashboard',
      path: '/api/emissions/siteEmissions/',
      query: { ...org, siteId, ...month },
    },
    { name: 'siteRateData', kind: 'dashboard', path: '/api/data/siteRateData/', query: { ...org, siteId, ...month } },
    {
      name: 'deviceRawData (year)',
      kind: 'chart',
      path: '/api/data/deviceRawData/',
      query: { ...org, deviceId, measurementTypeId: 1, startTime: iso(now - 365 * 86_400_000), endTime: iso(now) },
      accept: ARROW,
    },
    { name: 'emissionRollups', kind: 'overview', path: '/api/emissions/emissionRollups/', query: { ...org, ...month } },
    {
      name: 'emissionTotals (monthly)',
      kind: 'overview',
      path: '/api/emissions/emissionTotals/',
      query: { ...org, ...month, bucketInterval: 'Monthly', ianaTimezoneId: 'UTC' },
    },
    {
      name: 'deviceUpOverview',
      kind: 'overview',
      path: '/api/uptime/deviceUpOverview/',
      query: { ...week, organizationIds: organizationId },
    },
  ];
}

const headers = async (server: LoadServer, r: LoadRoute) => ({
  authorization: `Bearer ${await server.token()}`,
  accept: r.accept ?? 'application/json',
  // What a browser sends.
  'accept-encoding': 'gzip, deflate, br',
});

/** One request with the browser's headers: checks it answers 200 and measures the answer on the wire. */
async function probe(server: LoadServer, r: LoadRoute): Promise<{ wireBytes: number; encoding: string }> {
  const res = await fetch(url(server, r), { headers: await headers(server, r) });
  const body = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`${r.name} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  const length = Number(res.headers.get('content-length') ?? NaN);
  return {
    wireBytes: Number.isFinite(length) ? length : body.byteLength,
    encoding: res.headers.get('content-encoding') ?? 'identity',
  };
}

function meets(
  kind: Kind,
  r: { requestsPerSecond: number; p99: number; timeouts: number; errors: number; non2xx: number },
): boolean | null {
  const clean = r.timeouts === 0 && r.errors === 0 && r.non2xx === 0;
  if (kind === 'grid') return clean && r.requestsPerSecond >= 200 && r.p99 <= 1000;
  if (kind === 'chart') return clean && r.requestsPerSecond >= 50;
  return null;
}

async function load(server: LoadServer, r: LoadRoute): Promise<RouteResult> {
  const { wireBytes, encoding } = await probe(server, r);
  const result = await autocannon({
    url: url(server, r),
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: TIMEOUT_S,
    headers: await headers(server, r),
  });
  const health = (await (await fetch(`${server.origin}/api/health`)).json()) as { eventLoopLagMs: { max: number } };
  const total = result.requests.total;
  const out = {
    name: r.name,
    kind: r.kind,
    requestsPerSecond: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total,
    wireBytes,
    encoding,
    loopMaxMs: health.eventLoopLagMs.max,
  };
  if (total > MAX_REQUESTS) log(`  (${r.name}: ${total} requests)`);
  return { ...out, met: meets(r.kind, out) };
}

/** A single year of Arrow end to end, as the chart asks for it: request sent → last byte decoded, sequential. */
async function singleArrowReads(server: LoadServer, r: LoadRoute, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(url(server, r), { headers: await headers(server, r) });
    const bytes = await res.arrayBuffer();
    if (!res.ok || bytes.byteLength === 0) throw new Error(`${r.name}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Waits (up to 120 s) until /api/config/ answers within 50 ms twice in a row. */
async function untilIdle(server: LoadServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${server.origin}/api/config/`).then((r) => r.arrayBuffer());
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (v: number, d = 0) => v.toFixed(d).padStart(8);

async function main(): Promise<void> {
  const { dir, stamp } = demoTemplate(log);
  const server = await startLoadServer(dir, log, { pauseModels: args['pause-models'] });
  try {
    const signInStarted = performance.now();
    await server.token();
    const signInMs = performance.now() - signInStarted;
    const all = await hotRoutes(server, stamp.featuredDevices);
    const only = args.only?.split(',').map((s) => s.trim());
    const routes = only ? all.filter((r) => only.some((o) => r.name.startsWith(o))) : all;
    log(`sign-in through the OIDC flow: ${signInMs.toFixed(0)} ms`);
    log(
      `${routes.length} routes, ${CONNECTIONS} connections, ${SECONDS} s each, timeout ${TIMEOUT_S} s; ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    log(
      `${pad('route', 26)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(8)} ${'timeouts'.padStart(8)} ${'non2xx'.padStart(8)} ${'KB wire'.padStart(8)} ${'loop ms'.padStart(8)}  enc      target`,
    );
    const results: RouteResult[] = [];
    for (const r of routes) {
      const res = await load(server, r);
      results.push(res);
      log(
        `${pad(r.name, 26)} ${num(res.requestsPerSecond, 1)} ${num(res.p50)} ${num(res.p99)} ${num(res.errors)} ${num(res.timeouts)} ${num(res.non2xx)} ${num(res.wireBytes / 1024, 1)} ${num(res.loopMaxMs)}  ${pad(res.encoding, 8)} ${res.met === null ? '' : res.met ? 'met' : 'MISSED'}`,
      );
      // The server goes on with requests the run left in flight: wait until it answers promptly before the next route.
      await untilIdle(server);
    }
    const chart = all.find((r) => r.kind === 'chart')!;
    await untilIdle(server);
    const single = await singleArrowReads(server, chart, 7);
    const sorted = [...single].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    log(
      `a year of Arrow for one series, single requests end to end: median ${median.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target ≤ 150 ms: ${median <= 150 ? 'met' : 'MISSED'})`,
    );
    if (args.json) {
      writeFileSync(
        args.json,
        JSON.stringify(
          {
            when: new Date().toISOString(),
            cores: cpus().length,
            loadavg: loadavg(),
            connections: CONNECTIONS,
            seconds: SECONDS,
            pauseModels: args['pause-models'],
            signInMs,
            results,
            arrowSingleMs: single,
          },
          null,
          2,
        ),
      );
    }
    const errorsInLog = server
      .output()
      .split('\n')
      .filter((l) => /"level":50|Error/.test(l));
    if (errorsInLog.length) log(`server log errors (${errorsInLog.length}), first: ${errorsInLog[0]!.slice(0, 400)}`);
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
