// End-to-end harness: the real server (server/main.ts) on a free port over a fresh embedded database, and Debian's
// Chromium driven by playwright-core.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { projectPx } from '@/domain/map-labels';
import { afterAll, beforeAll, expect } from 'vitest';
import { freePort, startServerProcess } from '../helpers/server-process';

export const DEMO_PASSWORD = 'demo-password';

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
  output(): string;
}

export { freePort };

/** Starts the real server as `npm start` would (minus the build, which the e2e script ran). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  return startServerProcess({
    port,
    origin,
    timeoutMs: 120_000,
    env: {
      PUBLIC_URL: origin,
      DATABASE_URL: '',
      SEED_ORGS: '4',
      SEED_SITES: '60',
      SEED_DEVICES: '300',
      SEED_DAYS: '7',
      SEED_FEATURED_DAYS: '3',
      SEED_HISTORY_SITES: '3',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that records console errors and failed requests, so tests can prove there were none. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return { page, problems };
}

/** Signs in through the built-in provider's real login page. */
export async function signIn(page: Page, origin: string, email: string, startPath = '/'): Promise<void> {
  await page.goto(origin + startPath);
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/signin-callback'), {
    timeout: 30_000,
  });
}

/** No serious or critical accessibility findings on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog still fading in has half-transparent text, which axe reads as low contrast: let its transitions end.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      const endless = a.effect?.getTiming().iterations === Infinity; // a spinner never ends
      return a.playState !== 'running' || endless || !target?.closest('dialog, .modal, [role="dialog"]');
    }),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** Serves a built test page from `dir`, and `mounts` (URL prefix to folder) beside it, on a free port. */
export function serveStatic(
  dir: string,
  mounts: Record<string, string> = {},
): Promise<{ server: Server; origin: string }> {
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const mount = Object.entries(mounts).find(([prefix]) => url.pathname.startsWith(prefix));
    const [base, rel] = mount
      ? [mount[1], url.pathname.slice(mount[0].length)]
      : [dir, url.pathname === '/' ? 'index.html' : url.pathname.slice(1)];
    const file = path.resolve(base, decodeURIComponent(rel));
    if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': STATIC_TYPES[path.extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

export const SHOTS = 'test-results/screenshots';

/** The real server and Chromium for one test file: started before its tests, stopped after. */
export function browserSuite(extraEnv: Record<string, string> = {}): {
  server: () => RunningServer;
  browser: () => Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer(extraEnv), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server!, browser: () => browser! };
}

export interface FeaturedSite {
  deviceName: string;
  siteName: string;
  siteId: number;
  organizationId: number;
}

/**
 * The device names of the line the server printed at start beginning with `prefix` (the seed's featured devices,
 * the device that moved between sites), waited for as the seed may still be printing.
 */
export async function startupDevices(suite: { server: () => RunningServer }, prefix: string): Promise<string[]> {
  const line = () =>
    suite
      .server()
      .output()
      .split('\n')
      .find((l) => l.startsWith(prefix)) ?? '';
  await expect.poll(line, { timeout: 30_000 }).not.toBe('');
  const names = [...line().matchAll(/\/device\/([\w-]+)/g)].map((m) => m[1]!);
  expect(names.length).toBeGreaterThan(0);
  return names;
}

/**
 * The featured site (its first devices carry a year of data; the server prints them at start), found as the operator
 * finds it: the device's page names the site, the Sites page links its dashboard, and the address names the
 * organization (the operator's only one), so a user of several organizations can be sent straight to it.
 */
export async function findFeaturedSite(suite: {
  server: () => RunningServer;
  browser: () => Browser;
}): Promise<FeaturedSite> {
  const deviceName = (await startupDevices(suite, 'A year of one-minute data:'))[0]!;
  const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1100 } });
  try {
    const { page } = await newPage(context);
    await signIn(page, suite.server().origin, 'operator@example.com', `/device/${deviceName}`);
    const siteName = (await page.getByText(/^at /).first().innerText({ timeout: 60_000 })).replace(/^at /, '');
    const listed = page.waitForResponse((r) => r.url().includes('/api/site/siteList/') && r.ok());
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await listed;
    await page.getByPlaceholder('Search sites').fill(siteName);
    const href = await page
      .getByRole('link', { name: `Dashboard of ${siteName}` })
      .first()
      .getAttribute('href');
    const organizationId = Number(new URL(page.url()).searchParams.get('organizationId'));
    return { deviceName, siteName, siteId: Number(/\/site\/(\d+)/.exec(href ?? '')![1]), organizationId };
  } finally {
    await context.close();
  }
}

/**
 * The map's view once it has stopped moving (its zoom and centre unchanged over 300 ms) and the pixel of a place on
 * the page, for pointing at what deck.gl draws on the canvas. `map` is the element with data-zoom and data-center.
 */
export async function settledMapView(page: Page, map: Locator) {
  let settled = '';
  await expect
    .poll(
      async () => {
        const now = `${await map.getAttribute('data-zoom')} ${await map.getAttribute('data-center')}`;
        const same = now === settled;
        settled = now;
        await page.waitForTimeout(300);
        return same;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const zoom = Number(await map.getAttribute('data-zoom'));
  const [lat, lng] = (await map.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const box = (await map.boundingBox())!;
  const [cx, cy] = projectPx(lng, lat, zoom);
  /** The page pixel of a place. */
  const pixel = (at: { lat: number; lng: number }) => {
    const [x, y] = projectPx(at.lng, at.lat, zoom);
    return { x: box.x + box.width / 2 + (x - cx), y: box.y + box.height / 2 + (y - cy) };
  };
  return { zoom, center: { lat, lng }, box, pixel };
}
