// Site dashboard benchmark (issue 22 'Performance'). Two parts:
//
// 1. The CH4 heatmap of 30 days (server, in process on PGlite, wasm puff kernel): a site with 4 sources and 3 sensors,
//    30 days of one-minute wind and CH4 and the pipeline's 15-minute rates. Cold: the first request queues 30 daily
//    tiles and the tile worker computes them; warm: the request combines the stored tiles. The peer is the direct
//    computation of the same 30 days in one run of the tile code (every step at once, no tiles). First the warm answer
//    must equal the direct mean (the hours-weighted mean of days is the mean of steps) within the stated tolerance;
//    then both are timed in the same run and the ratio printed.
// 2. (--browser) A range change on the featured site's dashboard in Chromium with every map layer on over 30 days:
//    main-thread time of the change (CDP TaskDuration) and the long tasks seen (PerformanceObserver), from the moment
//    the new range is pushed until the map's calls have answered and the page is quiet.
import type { Page } from 'playwright-core';
import { launchBrowser, signIn, startServer, type RunningServer } from '../tests/e2e/harness';
import { createTestDatabase } from '../tests/helpers/test-db';
import { ingestSamples, type Sample } from '../server/services/measurement-store';
import { loadPuffKernel, setPuffKernel } from '../server/services/modelling/puff-kernel';
import { toLocal } from '../server/services/modelling/service/inputs';
import { inProcessTileRunner } from '../server/services/site-heatmap/runner';
import { siteHeatmap } from '../server/services/site-heatmap/service';
import { computeTile } from '../server/services/site-heatmap/tile';
import { siteGrid } from '../server/services/site-heatmap/tiles';
import { HeatmapTileWorker } from '../server/services/site-heatmap/worker';
import { decodeHeatmapValues } from '../src/domain/site-heatmap';

const MIN = 60_000;
const DAY = 86_400_000;
const DAYS = 30;
const SITE = { latitude: 31.9, longitude: -102.1 };
const D0 = Date.UTC(2026, 5, 1);
const latLng = (east: number, north: number) => ({
  lat: SITE.latitude + north / 111_195,
  lng: SITE.longitude + east / (111_195 * Math.cos((SITE.latitude * Math.PI) / 180)),
});
const SENSORS = [
  { east: 60, north: -30 },
  { east: 60, north: 30 },
  { east: -70, north: 10 },
];
const SOURCES = [
  { east: 0, north: 0, height: 2 },
  { east: -25, north: 15, height: 4.5 },
  { east: 20, north: -20, height: 1.5 },
  { east: 35, north: 25, height: 3 },
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Wind (from, degrees; m/s) and CH4 (ppm) of sensor i at minute stamp t: meandering, never stuck. */
const windFrom = (t: number, i: number) =>
  (270 + 60 * Math.sin(t / (9 * 3_600_000)) + 25 * Math.sin(t / (23 * MIN)) + 6 * Math.sin(t / (2.7 * MIN) + i) + 360) %
  360;
const windSpeed = (t: number) => 2.5 + 1.5 * Math.sin(t / (5 * 3_600_000)) + 0.3 * Math.sin(t / (3.1 * MIN));
const ch4 = (t: number, i: number) => 1.95 + 0.05 * Math.sin(t / (7 * MIN) + i) + (i === 0 ? 0.3 : 0);
const rateOf = (s: number, step: number) => (s === 0 ? 4 : s === 1 ? (step % 96 < 40 ? 2 : 0) : s === 2 ? 0.5 : 1.2);

export async function heatmapBench() {
  setPuffKernel(await loadPuffKernel());
  const { database: db, drop } = await createTestDatabase('pglite');
  try {
    const [org] = await db.query<{ id: number }>("INSERT INTO organizations (name) VALUES ('Bench') RETURNING id");
    const [site] = await db.query<{ id: number }>(
      "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Bench pad', $2, $3) RETURNING id",
      [org!.id, SITE.latitude, SITE.longitude],
    );
    const siteId = site!.id;
    const sourceIds: number[] = [];
    for (const [i, s] of SOURCES.entries()) {
      const at = latLng(s.east, s.north);
      const [row] = await db.query<{ id: number }>(
        'INSERT INTO sources (site_id, name, latitude, longitude, height) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [siteId, `Source ${i + 1}`, at.lat, at.lng, s.height],
      );
      sourceIds.push(row!.id);
    }
    const samples: Sample[] = [];
    for (const [i, s] of SENSORS.entries()) {
      const [dev] = await db.query<{ id: number }>(
        "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
        [`B-${i}`, org!.id],
      );
      const at = latLng(s.east, s.north);
      await db.query(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at) VALUES ($1, $2, $3, $4, 2.4, $5)',
        [dev!.id, siteId, at.lat, at.lng, new Date(D0 - DAY).toISOString()],
      );
      for (let t = D0 - 30 * MIN; t <= D0 + DAYS * DAY; t += MIN) {
        samples.push({ deviceId: dev!.id, measurementType: 15, time: t, value: windFrom(t, i) });
        samples.push({ deviceId: dev!.id, measurementType: 16, time: t, value: windSpeed(t) * 3.6 });
        samples.push({ deviceId: dev!.id, measurementType: 1, time: t, value: ch4(t, i) });
        samples.push({ deviceId: dev!.id, measurementType: 9, time: t, value: 20 });
      }
    }
    await ingestSamples(db, samples);
    await db.query(
      `INSERT INTO source_rates (site_id, source_id, time, rate, lower_bound, upper_bound, observable)
       SELECT $1, src, $2::timestamptz + (k * interval '15 minutes'), r, 0, 2 * r, true
         FROM unnest($3::int[], $4::int[], $5::float8[]) AS u(src, k, r)`,
      (() => {
        const src: number[] = [];
        const ks: number[] = [];
        const rs: number[] = [];
        for (let k = 0; k < DAYS * 96; k++)
          sourceIds.forEach((id, s) => {
            src.push(id);
            ks.push(k);
            rs.push(rateOf(s, k));
          });
        return [siteId, new Date(D0).toISOString(), src, ks, rs];
      })(),
    );
    const ref = { organizationId: org!.id, siteId };
    const range = { start: D0, end: D0 + DAYS * DAY };

    // Cold: the request queues the days, the worker computes them.
    let t0 = performance.now();
    const first = await siteHeatmap(db, ref, range);
    const coldRequestMs = performance.now() - t0;
    const worker = new HeatmapTileWorker({ database: db, runner: inProcessTileRunner(), log: console.warn });
    t0 = performance.now();
    const outcomes = await worker.runUntilIdle();
    const coldTilesMs = performance.now() - t0;
    await worker.stop();
    if (outcomes.length !== DAYS || outcomes.some((o) => o.status !== 'saved'))
      throw new Error(`tiles: ${JSON.stringify(outcomes.filter((o) => o.status !== 'saved'))}`);

    // The peer: the same 30 days in one computation, straight from the generated series.
    const grid = (await siteGrid(db, { id: siteId, ...SITE }))!;
    const start = D0 - 15 * MIN;
    const minutes = (DAYS * DAY) / MIN + 15 + 1;
    const stamps = Array.from({ length: minutes }, (_, k) => start + k * MIN);
    const sensors = SENSORS.map((s, i) => {
      const at = toLocal(SITE.latitude, SITE.longitude, latLng(s.east, s.north).lat, latLng(s.east, s.north).lng);
      return { deviceId: i + 1, ...at, height: 2.4 };
    });
    const direct = () =>
      computeTile({
        ...SITE,
        grid,
        sensors,
        sources: SOURCES.map((s, i) => {
          const at = latLng(s.east, s.north);
          const p = toLocal(SITE.latitude, SITE.longitude, at.lat, at.lng);
          return { id: i, x: p.east, y: p.north, z: s.height };
        }),
        wind: {
          start,
          minutes,
          // Stored as Float32 like the tiles read them.
          directionDeg: SENSORS.map((_, i) => Float64Array.from(stamps, (t) => Math.fround(windFrom(t, i)))),
          speedMs: SENSORS.map(() => Float64Array.from(stamps, (t) => Math.fround(windSpeed(t) * 3.6) / 3.6)),
        },
        ch4Ppm: [],
        dayStart: D0,
        steps: Array.from({ length: DAYS * 96 }, (_, k) => ({
          start: D0 + k * 15 * MIN,
          rates: Float64Array.from(SOURCES, (_, s) => rateOf(s, k)),
        })),
        temperatureC: 20,
      });

    // Check before timing: the tiled mean against the direct one.
    const warm = await siteHeatmap(db, ref, range);
    const tiled = decodeHeatmapValues(warm.values!);
    const peer = direct();
    let maxAbs = 0;
    let maxRel = 0;
    let peak = 0;
    for (let i = 0; i < tiled.length; i++) {
      const d = Math.abs(tiled[i]! - peer.meanPpm![i]!);
      maxAbs = Math.max(maxAbs, d);
      peak = Math.max(peak, peer.meanPpm![i]!);
      if (peer.meanPpm![i]! > 0.05) maxRel = Math.max(maxRel, d / peer.meanPpm![i]!);
    }
    const same = warm.hours === peer.modelledHours && maxAbs <= 0.02 * peak && maxRel <= 0.05;
    // A timing of different answers means nothing: stop here.
    if (!same)
      throw new Error(
        `Equality check failed: tiled ${warm.hours} h vs direct ${peer.modelledHours} h, worst cell ${maxAbs} ppm (peak ${peak}), relative ${maxRel}`,
      );

    // Timed in the same run: warm requests (median of 9) and the direct computation (median of 3).
    const warmMs: number[] = [];
    for (let i = 0; i < 9; i++) {
      t0 = performance.now();
      await siteHeatmap(db, ref, range);
      warmMs.push(performance.now() - t0);
    }
    const directMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      t0 = performance.now();
      direct();
      directMs.push(performance.now() - t0);
    }
    return {
      'check: hours tiled / direct': `${warm.hours} / ${peer.modelledHours}`,
      'check: worst cell |tiled − direct| (ppm), peak (ppm)': `${maxAbs.toExponential(2)}, ${peak.toFixed(3)}`,
      'check (≤ 2 % of peak, ≤ 5 % relative): worst relative difference where > 0.05 ppm': maxRel.toExponential(2),
      'cold: first request, queues 30 days (ms)': +coldRequestMs.toFixed(1),
      'cold: 30 tiles computed (s)': +(coldTilesMs / 1000).toFixed(2),
      'cold: per tile, reads + compute (ms)': +(coldTilesMs / DAYS).toFixed(0),
      'days listed computing on the first request': first.computingDays.length,
      'warm: 30-day heatmap request, median of 9 (ms)': +median(warmMs).toFixed(1),
      'direct 30-day computation, median of 3 (ms)': +median(directMs).toFixed(1),
      'ratio direct / warm tiles': +(median(directMs) / median(warmMs)).toFixed(1),
    };
  } finally {
    await drop();
  }
}

/** The featured site as the server prints it and its device page names it (tests/e2e/harness.ts does the same). */
async function featuredSite(server: RunningServer, page: Page): Promise<{ siteId: number; organizationId: number }> {
  let line = '';
  for (let i = 0; i < 300 && !line; i++) {
    line =
      server
        .output()
        .split('\n')
        .find((l) => l.startsWith('A year of one-minute data:')) ?? '';
    if (!line) await new Promise((r) => setTimeout(r, 100));
  }
  const device = /\/device\/([\w-]+)/.exec(line)![1]!;
  await signIn(page, server.origin, 'org.admin@example.com', `/device/${device}`);
  const siteName = (await page.getByText(/^at /).first().innerText({ timeout: 60_000 })).replace(/^at /, '');
  await page.getByRole('link', { name: 'Sites', exact: true }).click();
  await page.getByPlaceholder('Search sites').fill(siteName);
  const href = await page
    .getByRole('link', { name: `Dashboard of ${siteName}` })
    .first()
    .getAttribute('href');
  return {
    siteId: Number(/\/site\/(\d+)/.exec(href ?? '')![1]),
    organizationId: Number(new URL(page.url()).searchParams.get('organizationId')),
  };
}

/**
 * CPU time (ms) the sampling profile spent in the map's own code: self time of functions in the bundle's map chunks
 * (map-view holds deck.gl, luma.gl and maplibre; site-map the dashboard map's layers and hooks). The map's share of a
 * range change, measured CPU-side; time in native calls it makes may be charged to '(program)' and is not counted.
 */
function mapSelfMs(profile: {
  nodes: { id: number; callFrame: { url: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}): number {
  const url = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let us = 0;
  for (let i = 0; i + 1 < samples.length; i++)
    if (/\/assets\/(map-view|site-map)-[\w-]+\.js/.test(url.get(samples[i]!) ?? '')) us += deltas[i + 1]!;
  return us / 1000;
}

/** Waits until no request has been in flight for `quietMs`. */
async function quiet(page: Page, quietMs = 1500, timeoutMs = 240_000): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const on = () => {
    inFlight++;
    last = Date.now();
  };
  const off = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', on);
  page.on('requestfinished', off);
  page.on('requestfailed', off);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
  page.off('request', on);
  page.off('requestfinished', off);
  page.off('requestfailed', off);
}

export async function rangeChangeBench() {
  const server = await startServer({ SEED_DAYS: '2', SEED_FEATURED_DAYS: '30' });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
    // Every layer on, as a user who turned them all on left them.
    await context.addInitScript(() => {
      const all = { sources: true, structures: true, deviceLabels: true, roses: true, windRose: true, windField: true };
      window.localStorage.setItem('console.siteMapLayers', JSON.stringify({ ...all, localization: true }));
      window.localStorage.setItem('console.siteMapPlumes', 'true');
      window.localStorage.setItem('console.siteMapHeatmap', 'true');
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
        type: 'longtask',
      });
    });
    const page = await context.newPage();
    const { siteId, organizationId } = await featuredSite(server, page);
    const day = 86_400_000;
    const now = Date.now();
    const at = (shiftDays: number) =>
      `/site/${siteId}?${new URLSearchParams({
        organizationId: String(organizationId),
        start: new Date(now - (30 + shiftDays) * day).toISOString(),
        end: new Date(now - shiftDays * day).toISOString(),
      })}`;
    await page.goto(server.origin + at(0));
    await page.getByRole('region', { name: 'Map', exact: true }).first().waitFor();
    // First load: tiles computed cold, everything fetched; then the map is warm.
    await page.getByRole('figure', { name: 'CH4 heatmap legend' }).waitFor({ timeout: 120_000 });
    await quiet(page, 3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name: string) =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    const runs: { task: number; script: number; longest: number; longSum: number; map: number }[] = [];
    for (const shift of [1, 2, 3, 0, 1]) {
      await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
      await cdp.send('Profiler.start');
      const task0 = await metric('TaskDuration');
      const script0 = await metric('ScriptDuration');
      // A range change as the date picker makes it: the address changes in place, the page is not reloaded.
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, at(shift));
      await quiet(page);
      const { profile } = await cdp.send('Profiler.stop');
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      runs.push({
        task: (await metric('TaskDuration')) - task0,
        script: (await metric('ScriptDuration')) - script0,
        longest: Math.max(0, ...longTasks),
        longSum: longTasks.reduce((a, b) => a + b, 0),
        map: mapSelfMs(profile),
      });
    }
    const med = (k: 'task' | 'script' | 'longest' | 'longSum' | 'map') => +median(runs.map((r) => r[k])).toFixed(0);
    return {
      'range changes (30 days each, every layer on)': runs.length,
      'main-thread task time per change, median (ms)': med('task'),
      'of which script, median (ms)': med('script'),
      'long tasks per change, summed, median (ms)': med('longSum'),
      'longest task, median (ms)': med('longest'),
      "map code's main-thread CPU per change (deck.gl, maplibre, the site map's layers), median (ms)": med('map'),
      'every change (map code ms)': runs.map((r) => r.map.toFixed(0)).join(', '),
      'every change (task ms)': runs.map((r) => r.task.toFixed(0)).join(', '),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--browser')) console.table(await rangeChangeBench());
  else console.table(await heatmapBench());
}
