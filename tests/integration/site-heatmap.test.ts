// The CH4 heatmap endpoint and its daily tiles (issue 22 item 3): access (another organization's site and an unknown
// site are 404), range refusals, tiles computed by the worker and combined, recomputed after new rates, the measured
// fallback on a day without rates and while the model is blocked, and two workers never computing one tile twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHeatmapSchema, type SiteHeatmap } from '@/contracts/site-heatmap';
import { Permission } from '@/domain/permissions';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { inProcessTileRunner } from '../../server/services/site-heatmap/runner';
import { HEATMAP_REASONS } from '../../server/services/site-heatmap/service';
import { HeatmapTileWorker } from '../../server/services/site-heatmap/worker';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const DAY = 86_400_000;
const D0 = Date.UTC(2026, 8, 1);
const iso = (t: number) => new Date(t).toISOString();
const SITE = { lat: 31.9, lng: -102.1 };
const latLng = (east: number, north: number) => ({
  lat: SITE.lat + north / 111_195,
  lng: SITE.lng + east / (111_195 * Math.cos((SITE.lat * Math.PI) / 180)),
});

/** The decoded grid and the ppm at a point (metres east and north of the grid's south-west corner). */
function grid(h: SiteHeatmap): { values: Float32Array; at: (east: number, north: number) => number } {
  const bytes = Buffer.from(h.values!, 'base64');
  const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const at = (east: number, north: number) => {
    const i = Math.min(h.size - 1, Math.floor((east / h.widthM) * h.size));
    const j = Math.min(h.size - 1, Math.floor(((h.heightM - north) / h.heightM) * h.size));
    return values[j * h.size + i]!;
  };
  return { values, at };
}

describe.each(testEngines)('CH4 heatmap on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let member = 0;
  let pad = 0;
  let pad2 = 0;
  let station = 0;
  let source = 0;
  let worker: HeatmapTileWorker;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    member = await addMember(t.database, f.orgA, 'heat@example.com', [Permission.DeviceView]);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites');
    pad = sites.find((s) => s.name === 'Pad 1')!.id;
    pad2 = sites.find((s) => s.name === 'Pad 2')!.id;
    station = sites.find((s) => s.name === 'Station 9')!.id;
    const at = latLng(-30, 0);
    source = (
      await q<{ id: number }>(
        "INSERT INTO sources (site_id, name, latitude, longitude, height) VALUES ($1, 'Wellhead A', $2, $3, 1.5) RETURNING id",
        [pad, at.lat, at.lng],
      )
    )[0]!.id;
    const samples: Sample[] = [];
    for (const [k, d] of [
      { east: 50, north: -20 },
      { east: -80, north: 20 },
    ].entries()) {
      const [dev] = await q<{ id: number }>(
        "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
        [`H-80${k}`, f.orgA],
      );
      const p = latLng(d.east, d.north);
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at) VALUES ($1, $2, $3, $4, 2.4, $5)',
        [dev!.id, pad, p.lat, p.lng, iso(D0 - DAY)],
      );
      // Two days of wind from the west at 3 m/s; the downwind device (k = 0) reads 2 ppm over a 1.9 ppm floor.
      for (let m = D0 - 30 * MIN; m < D0 + 2 * DAY; m += MIN) {
        samples.push({ deviceId: dev!.id, measurementType: 15, time: m, value: 270 + 10 * Math.sin(m / (7 * MIN)) });
        samples.push({ deviceId: dev!.id, measurementType: 16, time: m, value: 3 * 3.6 });
        samples.push({ deviceId: dev!.id, measurementType: 1, time: m, value: k === 0 ? 2.4 : 1.9 });
      }
    }
    await ingestSamples(t.database, samples);
    // Rates for the first day only: 5 kg/h.
    await q(
      `INSERT INTO source_rates (site_id, source_id, time, rate, lower_bound, upper_bound, observable)
       SELECT $1, $2, t, 5, 4, 6, true FROM generate_series($3::timestamptz, $4::timestamptz, interval '15 minutes') t`,
      [pad, source, iso(D0), iso(D0 + DAY - 15 * MIN)],
    );
    worker = new HeatmapTileWorker({ database: t.database, runner: inProcessTileRunner(), log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const heatmap = (query: Record<string, string | number>, user = member) =>
    t.as(user, {
      method: 'GET',
      url: `/api/site/siteHeatmap/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    });
  const padDay = (start = D0, end = D0 + DAY) =>
    heatmap({ organizationId: f.orgA, siteId: pad, startTime: iso(start), endTime: iso(end) });

  it('asks for the day tiles, then draws the modelled plume downwind of the source once the worker saved them', async () => {
    const first = siteHeatmapSchema.parse((await padDay()).json());
    expect(first.computingDays).toEqual(['2026-09-01']);
    expect(first.kind).toBe('none');
    const done = await worker.runUntilIdle();
    expect(done.map((d) => d.status)).toEqual(['saved']);
    const h = siteHeatmapSchema.parse((await padDay()).json());
    expect(h).toMatchObject({ kind: 'modelled', reason: null, computingDays: [], size: 64, hours: 24 });
    const g = grid(h);
    expect(g.values).toHaveLength(64 * 64);
    // The source stands 30 m west of the site's point, the grid's centre 15 m west of it; the wind blows from the west.
    const sx = h.widthM / 2 - 15;
    const sy = h.heightM / 2;
    const downwind = g.at(sx + 40, sy);
    expect(downwind).toBeGreaterThan(0.05);
    expect(g.at(sx - 40, sy)).toBeLessThan(downwind / 50);
    expect(g.at(sx + 40, sy + 60)).toBeLessThan(downwind / 5);
    expect(h.maxPpm).toBeGreaterThanOrEqual(downwind);
    // Nothing stale: asking again queues nothing.
    expect(await worker.runUntilIdle()).toEqual([]);
  });

  it('weights a day by its modelled hours: two days (one with no rates) give the same mean as the first alone', async () => {
    const two = await padDay(D0, D0 + 2 * DAY);
    expect(siteHeatmapSchema.parse(two.json()).computingDays).toEqual(['2026-09-02']);
    await worker.runUntilIdle();
    const h = siteHeatmapSchema.parse((await padDay(D0, D0 + 2 * DAY)).json());
    const one = siteHeatmapSchema.parse((await padDay()).json());
    expect(h.kind).toBe('modelled');
    expect(h.hours).toBeCloseTo(24, 6);
    expect(h.values).toBe(one.values);
    // Rates for under half the hours with readings: the measured variant, saying why.
    const three = siteHeatmapSchema.parse((await padDay(D0 + DAY / 2, D0 + 2 * DAY)).json());
    expect(three.kind).toBe('measured');
    expect(three.reason).toBe(HEATMAP_REASONS.fewRates(12, 36));
  });

  it('recomputes a tile after new rates and draws the new mean', async () => {
    const before = grid(siteHeatmapSchema.parse((await padDay()).json()));
    await t.database.query('UPDATE source_rates SET rate = 10 WHERE site_id = $1', [pad]);
    const stale = siteHeatmapSchema.parse((await padDay()).json());
    expect(stale.computingDays).toEqual(['2026-09-01']);
    expect((await worker.runUntilIdle()).map((d) => d.status)).toEqual(['saved']);
    const after = grid(siteHeatmapSchema.parse((await padDay()).json()));
    const i = before.values.indexOf(Math.max(...before.values));
    expect(after.values[i]! / before.values[i]!).toBeCloseTo(2, 4);
  });

  it('falls back to the measured enhancement at the devices on a day without rates, labelled', async () => {
    const h = siteHeatmapSchema.parse((await padDay(D0 + DAY, D0 + 2 * DAY)).json());
    expect(h.kind).toBe('measured');
    expect(h.reason).toBe(HEATMAP_REASONS.noRates);
    expect(h.values).toBeNull();
    expect(h.backgroundPpm).toBeCloseTo(1.9, 5);
    const byEnh = [...h.devices].sort((a, b) => b.enhancementPpm - a.enhancementPpm);
    expect(byEnh.map((d) => Number(d.enhancementPpm.toFixed(3)))).toEqual([0.5, 0]);
    // Positions in the grid's frame: the downwind device 50 m east of the site's point.
    expect(byEnh[0]!.east).toBeCloseTo(h.widthM / 2 + 65, 0);
  });

  it('shows the measured variant while the model is blocked, saying so', async () => {
    await t.database.query(
      "INSERT INTO site_model_states (site_id, is_blocked, block_reason) VALUES ($1, true, 'no wind sensor') ON CONFLICT (site_id) DO UPDATE SET is_blocked = true, block_reason = 'no wind sensor'",
      [pad],
    );
    const h = siteHeatmapSchema.parse((await padDay()).json());
    expect(h.kind).toBe('measured');
    expect(h.reason).toBe(HEATMAP_REASONS.blocked('no wind sensor'));
    await t.database.query('UPDATE site_model_states SET is_blocked = false WHERE site_id = $1', [pad]);
  });

  it('answers none with its reason for a site with no sources or devices, and nothing to compute', async () => {
    const h = siteHeatmapSchema.parse(
      (await heatmap({ organizationId: f.orgA, siteId: pad2, startTime: iso(D0), endTime: iso(D0 + DAY) })).json(),
    );
    expect(h).toMatchObject({ kind: 'none', reason: HEATMAP_REASONS.noGrid, computingDays: [] });
  });

  it("refuses another organization's site and an unknown one (404), and bad ranges (400)", async () => {
    const foreign = await heatmap({
      organizationId: f.orgA,
      siteId: station,
      startTime: iso(D0),
      endTime: iso(D0 + DAY),
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await heatmap({
      organizationId: f.orgA,
      siteId: 999_999,
      startTime: iso(D0),
      endTime: iso(D0 + DAY),
    });
    expect(unknown.statusCode).toBe(404);
    const long = await padDay(D0 - 400 * DAY, D0);
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/Maximum time range is 365 day/);
    const backwards = await padDay(D0 + DAY, D0);
    expect(backwards.statusCode).toBe(400);
    const junk = await heatmap({ organizationId: f.orgA, siteId: pad, startTime: 'soon', endTime: iso(D0) });
    expect(junk.statusCode).toBe(400);
  });

  it('two workers never take the same tile: one computes it, the other finds nothing', async () => {
    await t.database.query('UPDATE source_rates SET rate = 7 WHERE site_id = $1', [pad]);
    expect(siteHeatmapSchema.parse((await padDay()).json()).computingDays).toEqual(['2026-09-01']);
    const other = new HeatmapTileWorker({
      database: t.database,
      runner: inProcessTileRunner(),
      log: () => undefined,
      owner: 'other',
    });
    const [a, b] = await Promise.all([worker.runOne(), other.runOne()]);
    expect([a?.status, b?.status].filter(Boolean)).toEqual(['saved']);
    await other.stop();
  });
});
