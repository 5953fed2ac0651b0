// Screen speed (issue 25): time to usable, in Chromium over the demo data, for sign-in and the screens a new user
// waits on. Each screen is opened by a full page load twice: cold (the browser's HTTP cache cleared, so the app's
// code and every answer come over the wire) and warm (the same address again with the cache kept), several rounds,
// and the median is printed. 'Usable' is the screen's own content on screen (its heading and what it exists to show:
// rows, a map canvas, a chart) with no loading spinner left in the page.
//
//   npx vite build --outDir /tmp/screens-dist && npx tsx bench/screens/run.ts --static /tmp/screens-dist [--rounds 3]
//   npx tsx bench/screens/run.ts --origin http://localhost:3000   (an already running `npm start`)
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, startServer, type RunningServer } from '../../tests/e2e/harness';

interface Args {
  origin: string | null;
  staticDir: string | null;
  rounds: number;
  email: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { origin: null, staticDir: null, rounds: 3, email: 'provider.admin@example.com' };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, v] = [argv[i], argv[i + 1]];
    if (!v) throw new Error(`${flag} needs a value`);
    if (flag === '--origin') args.origin = v;
    else if (flag === '--static') args.staticDir = v;
    else if (flag === '--rounds') args.rounds = Math.max(1, Number(v) || 3);
    else if (flag === '--email') args.email = v;
    else throw new Error(`Unknown argument ${flag}. Use --origin URL | --static DIR, --rounds N, --email E.`);
  }
  return args;
}

/** Targets on this machine, idle (issue 25). */
const TARGET_MS = { signIn: 3_000, cold: 3_000, warm: 2_000, heavyCold: 3_000, heavyWarm: 3_000 };

interface Screen {
  name: string;
  path: string;
  /** What must be on screen before it counts as usable. */
  ready: (page: Page) => Promise<void>;
  heavy?: boolean;
}

const NO_SPINNERS = () =>
  document.querySelectorAll('#main .loading, #main [role="status"][aria-label^="Loading"], #main .skeleton').length ===
  0;

/** Ready when `ready` holds and no spinner is left for two checks in a row (a spinner may follow the first answer). */
async function untilUsable(page: Page, ready: (page: Page) => Promise<void>, timeoutMs = 90_000): Promise<void> {
  await ready(page);
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error('spinners did not settle');
    quiet = (await page.evaluate(NO_SPINNERS)) ? quiet + 1 : 0;
    await page.waitForTimeout(50);
  }
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().waitFor({ timeout: 90_000 });
const rows = (page: Page) => page.locator('#main tbody tr').first().waitFor({ timeout: 90_000 });
const canvas = (page: Page) => page.locator('#main canvas').first().waitFor({ timeout: 90_000 });

/** The bench's own API calls borrow the token the app's requests carry. */
function watchToken(page: Page): () => string {
  let token = '';
  page.on('request', (r) => {
    const h = r.headers().authorization;
    if (h?.startsWith('Bearer ')) token = h.slice(7);
  });
  return () => {
    if (!token) throw new Error('not signed in');
    return token;
  };
}

async function api<T>(origin: string, token: string, path: string): Promise<T> {
  const res = await fetch(origin + path, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  let server: RunningServer | null = null;
  const t0 = Date.now();
  if (!args.origin) server = await startServer(args.staticDir ? { STATIC_DIR: args.staticDir } : {});
  const origin = args.origin ?? server!.origin;
  console.log(
    `server ${origin}${server ? ` (fresh demo database, started in ${((Date.now() - t0) / 1000).toFixed(1)} s)` : ''}`,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const clearCache = () => cdp.send('Network.clearBrowserCache');
    const currentToken = watchToken(page);
    // The API answers of each measured load, to say what a slow screen waited on.
    let answers: { path: string; ms: number }[] = [];
    page.on('requestfinished', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/api/')) return;
      const t = r.timing();
      answers.push({ path: url.pathname, ms: Math.round(t.responseEnd - Math.max(0, t.requestStart)) });
    });
    const slowest = () =>
      answers.reduce<{ path: string; ms: number } | null>((a, b) => (!a || b.ms > a.ms ? b : a), null);

    // Sign-in, cold: from / through the provider's login form to a usable Overview.
    const signIns: number[] = [];
    let token = '';
    for (let r = 0; r < args.rounds; r++) {
      await clearCache();
      await context.clearCookies();
      await page.goto(`${origin}/`).catch(() => undefined);
      await page.evaluate(() => (window.sessionStorage.clear(), window.localStorage.clear()));
      const start = Date.now();
      // The app sends the browser on to the provider while the first page loads, which aborts that navigation.
      await page.goto(`${origin}/`, { waitUntil: 'commit' }).catch(() => undefined);
      await page.waitForURL(/\/oidc\//, { timeout: 90_000 });
      await page.getByLabel(/e-?mail/i).fill(args.email);
      await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /sign in/i }).click();
      await untilUsable(page, async (p) => {
        await p.waitForURL(/\/overview/, { timeout: 90_000 });
        await heading('Overview')(p);
        await canvas(p);
      });
      signIns.push(Date.now() - start);
      token = currentToken();
    }

    // The demo's records the screens open: the featured site's organization, site and device, and an alarm there.
    const user = await api<{ userOrganizations: { id: number; sites: { id: number }[] }[] }>(
      origin,
      token,
      '/api/user/currentUser/',
    );
    const featuredLine =
      (server?.output() ?? '').split('\n').find((l) => l.startsWith('A year of one-minute data:')) ?? '';
    let deviceName = /\/device\/([\w-]+)/.exec(featuredLine)?.[1] ?? null;
    let organizationId = user.userOrganizations[0]!.id;
    let siteId = user.userOrganizations[0]!.sites[0]!.id;
    if (deviceName) {
      const owner = await api<{ organizationId: number; siteId: number | null }>(
        origin,
        token,
        `/api/lookup/owner/?kind=device&id=${deviceName}`,
      );
      organizationId = owner.organizationId;
      siteId = owner.siteId ?? siteId;
    } else {
      const devices = await api<{ rows: { name: string }[] }>(
        origin,
        token,
        `/api/device/deviceList/?organizationId=${organizationId}&startRow=0&endRow=1`,
      ).catch(() => ({ rows: [] }));
      deviceName = devices.rows[0]?.name ?? null;
    }
    const alarms = await api<{ rows: { encodedId: string }[] }>(
      origin,
      token,
      `/api/alarm/alarms/?organizationId=${organizationId}&startRow=0&endRow=1`,
    );
    const alarmId = alarms.rows[0]?.encodedId ?? null;
    const org = `organizationId=${organizationId}`;

    const screens: Screen[] = [
      {
        name: 'Overview (30 days)',
        path: `/overview?${org}`,
        ready: async (p) => (await heading('Overview')(p), await canvas(p)),
        heavy: false,
      },
      {
        name: 'Device Health grid',
        path: `/deviceHealth?${org}`,
        ready: async (p) => (await heading(/^Device Health/)(p), await rows(p)),
      },
      { name: 'Device Health map', path: `/deviceHealth?${org}&tab=Map`, ready: canvas, heavy: true },
      {
        name: 'Device Uptime',
        path: `/deviceUptime?${org}`,
        ready: async (p) => (await heading(/^Device Uptime/)(p), await rows(p)),
      },
      {
        name: 'Site dashboard',
        path: `/site/${siteId}?${org}`,
        ready: async (p) => (await heading(/ Dashboard$/)(p), await canvas(p)),
        heavy: true,
      },
      ...(alarmId
        ? [
            {
              name: 'Alarm link → dashboard',
              path: `/alarm/${alarmId}`,
              ready: async (p: Page) => (await heading(/ Dashboard$/)(p), await canvas(p)),
              heavy: true,
            },
          ]
        : []),
      ...(deviceName
        ? [
            {
              name: 'Device Installations tab',
              path: `/device/${deviceName}?tab=Installations&${org}`,
              ready: async (p: Page) => (await heading(deviceName!)(p), await canvas(p)),
            },
          ]
        : []),
    ];

    const results: {
      name: string;
      cold: number[];
      warm: number[];
      heavy: boolean;
      slowest: { path: string; ms: number }[];
    }[] = [];
    for (const s of screens) {
      const cold: number[] = [];
      const warm: number[] = [];
      const waits: { path: string; ms: number }[] = [];
      for (let r = 0; r < args.rounds; r++) {
        await page.goto('about:blank');
        await clearCache();
        answers = [];
        let start = Date.now();
        await page.goto(origin + s.path);
        await untilUsable(page, s.ready);
        cold.push(Date.now() - start);
        const s1 = slowest();
        if (s1) waits.push(s1);
        await page.goto('about:blank');
        start = Date.now();
        await page.goto(origin + s.path);
        await untilUsable(page, s.ready);
        warm.push(Date.now() - start);
      }
      results.push({ name: s.name, cold, warm, heavy: s.heavy ?? false, slowest: waits });
      console.log(
        `${s.name}: cold ${cold.join(', ')} ms; warm ${warm.join(', ')} ms; slowest answers (cold) ${waits.map((w) => `${w.path} ${w.ms} ms`).join(', ')}`,
      );
    }

    const [l1, l5] = os.loadavg();
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mark = (ms: number, target: number) => `${fmt(ms)}${ms <= target ? '' : ' ✗'}`;
    console.log(
      `\nScreen speed — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1/5 min), ${args.rounds} rounds, medians; ✗ misses the target`,
    );
    console.log('| Screen | Cold | Warm | Target cold / warm | Slowest answer (cold, median) |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| Sign-in → usable Overview | ${mark(median(signIns), TARGET_MS.signIn)} | — | ${fmt(TARGET_MS.signIn)} | — |`,
    );
    for (const r of results) {
      const [tc, tw] = r.heavy ? [TARGET_MS.heavyCold, TARGET_MS.heavyWarm] : [TARGET_MS.cold, TARGET_MS.warm];
      const worst = r.slowest.length ? `\`${r.slowest[0]!.path}\` ${fmt(median(r.slowest.map((w) => w.ms)))}` : '—';
      console.log(
        `| ${r.name} | ${mark(median(r.cold), tc)} | ${mark(median(r.warm), tw)} | ${fmt(tc)} / ${fmt(tw)} | ${worst} |`,
      );
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
