// The CH4 heatmap endpoint and its daily tiles (issue 22 item 3): access (another organization's site and an unknown
// site are 404), range refusals, tiles computed by the worker and combined, recomputed after new rates, the measured
// fallback on a day without rates and while the model is blocked, two workers never computing one tile twice, a
// source moved inside the grid or a device's height staling the tiles, a long range queueing a bounded number of
// tiles newest first, and the tiles nobody can want again (another geometry, a day without inputs, a deleted site or
// organization) deleted, computed again on demand after a restore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHeatmapSchema, type SiteHeatmap } from '@/contracts/site-heatmap';
import { Permission } from '@/domain/permissions';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { inProcessTileRunner } from '../../server/services/site-heatmap/runner';
import { HEATMAP_REASONS, MAX_QUEUED_TILES } from '../../server/services/site-heatmap/service';
import { pruneTiles } from '../../server/services/site-heatmap/tiles';
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

  it('a request whose tiles are current writes nothing (the tiles table keeps its data version)', async () => {
    const version = async () =>
      Number(
        (
          await t.database.query<{ v: string | number }>(
            "SELECT coalesce(sum(version), 0) AS v FROM data_versions WHERE table_name = 'heatmap_tiles'",
          )
        )[0]!.v,
      );
    const before = await version();
    expect(siteHeatmapSchema.parse((await padDay()).json()).computingDays).toEqual([]);
    expect(await version()).toBe(before);
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

  const tileRows = async (siteId: number) =>
    (
      await t.database.query<{ day: string; queued: boolean }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, computed_version IS DISTINCT FROM wanted_version AS queued
           FROM heatmap_tiles WHERE site_id = $1 ORDER BY day`,
        [siteId],
      )
    ).map((r) => ({ day: r.day, queued: r.queued }));

  it('a source moved inside the grid stales the tiles; the sweep deletes tiles of the old geometry', async () => {
    await padDay(D0, D0 + 2 * DAY);
    await worker.runUntilIdle();
    const before = siteHeatmapSchema.parse((await padDay()).json());
    expect(before.computingDays).toEqual([]);
    // 10 m north: inside the devices' square, so the grid's bounds stay.
    await t.database.query('UPDATE sources SET latitude = latitude + $2 WHERE id = $1', [source, 10 / 111_195]);
    expect(await pruneTiles(t.database)).toEqual({ deletedSites: 0, superseded: 2 });
    expect(await tileRows(pad)).toEqual([]);
    const moved = siteHeatmapSchema.parse((await padDay()).json());
    expect(moved.bounds).toEqual(before.bounds);
    expect(moved.computingDays).toEqual(['2026-09-01']);
    expect((await worker.runUntilIdle()).map((d) => d.status)).toEqual(['saved']);
    const after = siteHeatmapSchema.parse((await padDay()).json());
    expect(after.kind).toBe('modelled');
    expect(after.values).not.toBe(before.values);
    // Asked again from the request: a day of the old geometry outside the range asked for goes too.
    await padDay(D0, D0 + 2 * DAY);
    await worker.runUntilIdle();
    await t.database.query('UPDATE sources SET latitude = latitude - $2 WHERE id = $1', [source, 10 / 111_195]);
    expect(siteHeatmapSchema.parse((await padDay()).json()).computingDays).toEqual(['2026-09-01']);
    expect(await tileRows(pad)).toEqual([{ day: '2026-09-01', queued: true }]);
    await worker.runUntilIdle();
  });

  it("a device's height on a day stales that day's tile only", async () => {
    await padDay(D0, D0 + 2 * DAY);
    await worker.runUntilIdle();
    expect(siteHeatmapSchema.parse((await padDay(D0, D0 + 2 * DAY)).json()).computingDays).toEqual([]);
    // A second stay of the downwind device from the second day, 2 m higher at the same place.
    const [stay] = await t.database.query<{ id: number; device_id: number }>(
      "UPDATE device_installations SET ended_at = $2 WHERE site_id = $1 AND device_id = (SELECT id FROM devices WHERE name = 'H-800') RETURNING id, device_id",
      [pad, iso(D0 + DAY)],
    );
    await t.database.query(
      `INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at)
       SELECT device_id, site_id, latitude, longitude, 4.4, $2 FROM device_installations WHERE id = $1`,
      [stay!.id, iso(D0 + DAY)],
    );
    const h = siteHeatmapSchema.parse((await padDay(D0, D0 + 2 * DAY)).json());
    expect(h.computingDays).toEqual(['2026-09-02']);
    // The first day's version does not depend on the range asked for.
    expect(siteHeatmapSchema.parse((await padDay()).json()).computingDays).toEqual([]);
    expect((await worker.runUntilIdle()).map((d) => d.status)).toEqual(['saved']);
  });

  it("new wind readings on a day stale that day's tile (the tile reads the wind, not only CH4)", async () => {
    expect(siteHeatmapSchema.parse((await padDay(D0, D0 + 2 * DAY)).json()).computingDays).toEqual([]);
    const [dev] = await t.database.query<{ id: number }>("SELECT id FROM devices WHERE name = 'H-801'");
    // A gust stored in the second day's wind speed: CH4 and rates unchanged.
    await ingestSamples(t.database, [
      { deviceId: dev!.id, measurementType: 16, time: D0 + DAY + 30 * MIN + 30_000, value: 20 },
    ]);
    expect(siteHeatmapSchema.parse((await padDay(D0, D0 + 2 * DAY)).json()).computingDays).toEqual(['2026-09-02']);
    expect((await worker.runUntilIdle()).map((d) => d.status)).toEqual(['saved']);
  });

  describe('a long range and deleted sites', () => {
    const D1 = Date.UTC(2026, 5, 1);
    const DAYS = MAX_QUEUED_TILES + 9;
    let far = 0;
    let farMember = 0;
    const farRange = () =>
      heatmap(
        { organizationId: f.orgB, siteId: far, startTime: iso(D1), endTime: iso(D1 + DAYS * DAY) },
        farMember,
      ).then((r) => siteHeatmapSchema.parse(r.json()));
    const dayOf = (k: number) => iso(D1 + k * DAY).slice(0, 10);

    beforeAll(async () => {
      farMember = await addMember(t.database, f.orgB, 'far@example.com', [Permission.DeviceView]);
      far = (
        await t.database.query<{ id: number }>(
          "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Far Pad', 32.5, -103.0) RETURNING id",
          [f.orgB],
        )
      )[0]!.id;
      const [src] = await t.database.query<{ id: number }>(
        "INSERT INTO sources (site_id, name, latitude, longitude, height) VALUES ($1, 'Tank', 32.5, -103.0, 3) RETURNING id",
        [far],
      );
      // One rate a day: every day has inputs, so every day wants a tile.
      await t.database.query(
        `INSERT INTO source_rates (site_id, source_id, time, rate, lower_bound, upper_bound, observable)
         SELECT $1, $2, t, 1, 0.5, 2, true FROM generate_series($3::timestamptz, $4::timestamptz, interval '1 day') t`,
        [far, src!.id, iso(D1 + 6 * 3_600_000), iso(D1 + (DAYS - 1) * DAY + 6 * 3_600_000)],
      );
    });

    it(`queues at most ${MAX_QUEUED_TILES} tiles of a site, newest first, listing the rest as computing`, async () => {
      const first = await farRange();
      expect(first.computingDays).toHaveLength(DAYS);
      const queued = await tileRows(far);
      expect(queued).toHaveLength(MAX_QUEUED_TILES);
      expect(queued.every((r) => r.queued)).toBe(true);
      expect(queued[0]!.day).toBe(dayOf(DAYS - MAX_QUEUED_TILES));
      // Asking again while they wait queues nothing more.
      await farRange();
      expect(await tileRows(far)).toHaveLength(MAX_QUEUED_TILES);
      expect(await worker.runUntilIdle()).toHaveLength(MAX_QUEUED_TILES);
      const second = await farRange();
      expect(second.computingDays).toEqual(Array.from({ length: DAYS - MAX_QUEUED_TILES }, (_, k) => dayOf(k)));
      expect((await tileRows(far)).filter((r) => r.queued)).toHaveLength(DAYS - MAX_QUEUED_TILES);
      expect(await worker.runUntilIdle()).toHaveLength(DAYS - MAX_QUEUED_TILES);
      expect((await farRange()).computingDays).toEqual([]);
    });

    it('deletes the tile of a day whose inputs went, when its range is asked for', async () => {
      await t.database.query('DELETE FROM source_rates WHERE site_id = $1 AND time < $2', [far, iso(D1 + 2 * DAY)]);
      expect((await farRange()).computingDays).toEqual([]);
      const rows = await tileRows(far);
      expect(rows).toHaveLength(DAYS - 2);
      expect(rows[0]!.day).toBe(dayOf(2));
    });

    it("sweeps a deleted site's and a deleted organization's tiles; a restore computes them again when asked", async () => {
      await t.database.query('UPDATE sites SET deleted_at = now() WHERE id = $1', [far]);
      expect(await pruneTiles(t.database)).toEqual({ deletedSites: DAYS - 2, superseded: 0 });
      expect(await tileRows(far)).toEqual([]);
      expect(await pruneTiles(t.database)).toEqual({ deletedSites: 0, superseded: 0 });
      await t.database.query('UPDATE sites SET deleted_at = NULL WHERE id = $1', [far]);
      expect((await farRange()).computingDays).toHaveLength(DAYS - 2);
      expect(await worker.runUntilIdle()).toHaveLength(MAX_QUEUED_TILES);
      expect((await farRange()).computingDays).toHaveLength(DAYS - 2 - MAX_QUEUED_TILES);
      await worker.runUntilIdle();
      expect((await farRange()).computingDays).toEqual([]);

      await t.database.query('UPDATE organizations SET deleted_at = now() WHERE id = $1', [f.orgB]);
      expect((await pruneTiles(t.database)).deletedSites).toBe(DAYS - 2);
      await t.database.query('UPDATE organizations SET deleted_at = NULL WHERE id = $1', [f.orgB]);
      expect(await tileRows(far)).toEqual([]);
      // The tiles of Pad 1 (a live site of a live organization) stay.
      expect((await tileRows(pad)).length).toBeGreaterThan(0);
    });
  });
});
