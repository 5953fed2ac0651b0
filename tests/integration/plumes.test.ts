// Simulated plumes (issue 22 items 1 and 7): the job's states through the API and the worker, a retry after a
// failure, two requests at once, another organization's emission, the frames' and the sheet's access rules, and
// hostile inputs (no source position, no wind, still processing, bad ids), and a range holding more than an
// answer's MAX_FRAMES thinned evenly across its plumes rather than cut.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plumeFrameSchema, plumeRequestSchema } from '@/contracts/plume';
import { Permission } from '@/domain/permissions';
import { PLUME_MESSAGES } from '../../server/services/plume/jobs';
import { MAX_FRAMES } from '../../server/services/plume/reads';
import { inProcessPlumeRunner } from '../../server/services/plume/runner';
import { PlumeWorker } from '../../server/services/plume/worker';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const T0 = Date.UTC(2026, 8, 1, 15);
const iso = (t: number) => new Date(t).toISOString();
const SITE = { lat: 31.9, lng: -102.1 };
const latLng = (east: number, north: number) => ({
  lat: SITE.lat + north / 111_195,
  lng: SITE.lng + east / (111_195 * Math.cos((SITE.lat * Math.PI) / 180)),
});

/** Decodes an RGB PNG of filter-0 rows (what the sheet writer makes) into its encoded 16-bit cells. */
function decodeSheet(png: Buffer): { width: number; height: number; cells: Uint16Array } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[9]).toBe(2);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const cells = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    expect(raw[row]).toBe(0);
    for (let x = 0; x < width; x++) cells[y * width + x] = (raw[row + 1 + x * 3]! << 8) | raw[row + 2 + x * 3]!;
  }
  return { width, height, cells };
}

describe.each(testEngines)('simulated plumes on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let creator = 0;
  let member = 0;
  let pad = 0;
  let pad2 = 0;
  let station = 0;
  let source = 0;
  let emission = 0;
  let windless = 0;
  let unplaced = 0;
  let open = 0;
  let foreign = 0;
  let worker: PlumeWorker;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    creator = await addMember(t.database, f.orgA, 'plumes@example.com', [Permission.SitePlumeCreate]);
    member = await addMember(t.database, f.orgA, 'looker@example.com', [Permission.DeviceView]);
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
    // A source placed on the other side of the world: not at the site.
    const far = (
      await q<{ id: number }>(
        "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Misplaced', 0, 0) RETURNING id",
        [pad],
      )
    )[0]!.id;
    const samples: Sample[] = [];
    for (const [k, d] of [
      { east: 50, north: -20 },
      { east: 50, north: 20 },
    ].entries()) {
      const [dev] = await q<{ id: number }>(
        "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
        [`A-80${k}`, f.orgA],
      );
      const p = latLng(d.east, d.north);
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at) VALUES ($1, $2, $3, $4, 2.4, $5)',
        [dev!.id, pad, p.lat, p.lng, iso(T0 - 24 * 3_600_000)],
      );
      // Wind from the west at 3 m/s for the first three hours only.
      for (let m = T0 - 30 * MIN; m <= T0 + 3 * 60 * MIN; m += MIN) {
        samples.push({ deviceId: dev!.id, measurementType: 15, time: m, value: 270 + 10 * Math.sin(m / (7 * MIN)) });
        samples.push({ deviceId: dev!.id, measurementType: 16, time: m, value: 3 * 3.6 });
      }
    }
    await ingestSamples(t.database, samples);
    const add = async (site: number, src: number | null, start: number, end: number | null, rate = 5) =>
      (
        await q<{ id: number }>(
          'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 4, $5) RETURNING id',
          [site, src, iso(start), end === null ? null : iso(end), rate],
        )
      )[0]!.id;
    emission = await add(pad, source, T0 + 30 * MIN, T0 + 60 * MIN);
    windless = await add(pad, source, T0 + 5 * 60 * MIN, T0 + 6 * 60 * MIN);
    unplaced = await add(pad, far, T0 + 30 * MIN, T0 + 60 * MIN);
    open = await add(pad, source, T0 + 90 * MIN, null);
    foreign = await add(station, null, T0 + 30 * MIN, T0 + 60 * MIN);
    worker = new PlumeWorker({
      database: t.database,
      runner: inProcessPlumeRunner(),
      log: (m) => logs.push(m),
      owner: 'test-a',
    });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const generate = (emissionId: unknown, user = creator, org = f.orgA) =>
    t.as(user, { method: 'POST', url: '/api/plume/generatePlume/', payload: { organizationId: org, emissionId } });
  const frames = (query: Record<string, string | number>, user = member) =>
    t.as(user, {
      method: 'GET',
      url: `/api/plume/plumeFrames/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    });
  const statusOf = async (emissionId: number) =>
    (
      await t.database.query<{ status: number; error: string | null }>(
        'SELECT status, error FROM plumes WHERE emission_id = $1',
        [emissionId],
      )
    )[0];
  const padFrames = (extra: Record<string, string | number> = {}) =>
    frames({
      organizationId: f.orgA,
      siteId: pad,
      startTime: iso(T0),
      endTime: iso(T0 + 2 * 3_600_000),
      samplePeriod: 1,
      ...extra,
    });

  it('queues a plume InProgress, shows it on the emission row, and the worker saves its frames', async () => {
    const r = await generate(emission);
    expect(r.statusCode, r.body).toBe(200);
    expect(plumeRequestSchema.parse(r.json())).toMatchObject({ emissionId: emission, plumeStatus: 1 });
    const rows = await t.as(member, {
      method: 'GET',
      url: `/api/emissions/siteEmissions/?organizationId=${f.orgA}&siteId=${pad}&startTime=${iso(T0)}&endTime=${iso(T0 + 3 * 3_600_000)}`,
    });
    const mine = (rows.json() as { id: number; plumeStatus: number | null }[]).find((e) => e.id === emission);
    expect(mine?.plumeStatus).toBe(1);
    expect((await padFrames()).json()).toEqual([]);

    const outcomes = await worker.runUntilIdle();
    expect(outcomes.find((o) => o.status === 'saved')).toBeDefined();
    expect(await statusOf(emission)).toEqual({ status: 0, error: null });

    const answer = z.array(plumeFrameSchema).parse((await padFrames()).json());
    // [start − 10 min, end] at one frame a minute: 40 frames, in time order, one plume.
    expect(answer).toHaveLength(40);
    expect(answer[0]!.time).toBe(iso(T0 + 21 * MIN));
    expect(answer.at(-1)!.time).toBe(iso(T0 + 60 * MIN));
    expect(new Set(answer.map((a) => a.plumeId)).size).toBe(1);
    const b = answer[0]!.bounds;
    expect(b.southWest.lat).toBeLessThan(SITE.lat);
    expect(b.northEast.lat).toBeGreaterThan(SITE.lat);
    expect(b.southWest.lng).toBeLessThan(SITE.lng);
    // One frame in five when asked for a 5-minute sample period.
    expect(z.array(plumeFrameSchema).parse((await padFrames({ samplePeriod: 5 })).json())).toHaveLength(8);

    // The sheet: every frame once; the plume drifts east of the source (wind from the west), none west of it.
    const image = await t.as(member, { method: 'GET', url: answer[0]!.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(String(image.headers['cache-control'])).toContain('private');
    const sheet = decodeSheet(image.rawPayload);
    const { frameSize: size, sheetColumns: columns } = answer[0]!;
    expect(size).toBe(128);
    expect(sheet.width).toBe(columns * size);
    const last = answer.at(-1)!;
    const x0 = (last.sheetIndex % columns) * size;
    const y0 = Math.floor(last.sheetIndex / columns) * size;
    const cell = (x: number, y: number) => sheet.cells[(y0 + y) * sheet.width + x0 + x]!;
    // The source's column in the grid (bounds are degrees; the grid is square in metres).
    const srcLng = latLng(-30, 0).lng;
    const col = Math.floor(((srcLng - b.southWest.lng) / (b.northEast.lng - b.southWest.lng)) * size);
    const row = Math.floor(((b.northEast.lat - SITE.lat) / (b.northEast.lat - b.southWest.lat)) * size);
    let east = 0;
    let west = 0;
    for (let y = row - 3; y <= row + 3; y++) {
      for (let x = col + 3; x < Math.min(size, col + 40); x++) east = Math.max(east, cell(x, y));
      for (let x = Math.max(0, col - 40); x <= col - 3; x++) west = Math.max(west, cell(x, y));
    }
    expect(east).toBeGreaterThan(10); // more than 1 ppm downwind
    expect(east).toBeLessThanOrEqual(5000);
    expect(west).toBe(0);

    // A second read with the ETag is a 304.
    const again = await t.as(member, {
      method: 'GET',
      url: answer[0]!.imageUrl,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  }, 120_000);

  it('answers a conflict for a plume already saved, and one job for two requests at once', async () => {
    const saved = await generate(emission);
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({ detail: PLUME_MESSAGES.saved });
    const second = await t.database.query<{ id: number }>(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 1, 2) RETURNING id',
      [pad, source, iso(T0 + 100 * MIN), iso(T0 + 110 * MIN)],
    );
    const [a, b] = await Promise.all([generate(second[0]!.id), generate(second[0]!.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({ detail: PLUME_MESSAGES.inProgress });
    const jobs = await t.database.query('SELECT id FROM plumes WHERE emission_id = $1', [second[0]!.id]);
    expect(jobs).toHaveLength(1);
    await worker.runUntilIdle();
    expect((await statusOf(second[0]!.id))?.status).toBe(0);
  }, 120_000);

  it('fails with a clear reason without wind or a source position, writes no frames, and retries a failure', async () => {
    expect((await generate(windless)).statusCode).toBe(200);
    expect((await generate(unplaced)).statusCode).toBe(200);
    await worker.runUntilIdle();
    expect(await statusOf(windless)).toEqual({ status: 2, error: 'The site has no wind readings over the emission' });
    expect(await statusOf(unplaced)).toEqual({
      status: 2,
      error: "The emission's source has no position at the site",
    });
    const orphanFrames = await t.database.query(
      'SELECT f.id FROM plume_frames f JOIN plumes p ON p.id = f.plume_id WHERE p.emission_id = ANY($1::int[])',
      [[windless, unplaced]],
    );
    expect(orphanFrames).toEqual([]);
    const rows = await t.as(member, {
      method: 'GET',
      url: `/api/emissions/siteEmissions/?organizationId=${f.orgA}&siteId=${pad}&startTime=${iso(T0)}&endTime=${iso(T0 + 8 * 3_600_000)}`,
    });
    expect(
      (rows.json() as { id: number; plumeStatus: number | null }[]).find((e) => e.id === windless)?.plumeStatus,
    ).toBe(2);

    // Retry: the source is placed at the site; the same row goes back to InProgress and ends Saved.
    const at = latLng(-30, 10);
    await t.database.query("UPDATE sources SET latitude = $1, longitude = $2 WHERE name = 'Misplaced'", [
      at.lat,
      at.lng,
    ]);
    const retry = await generate(unplaced);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ plumeStatus: 1 });
    expect((await statusOf(unplaced))?.error).toBeNull();
    await worker.runUntilIdle();
    expect((await statusOf(unplaced))?.status).toBe(0);
  }, 120_000);

  it('takes over a job whose worker died once its lease ran out, and never lets two workers save one', async () => {
    const [e] = await t.database.query<{ id: number }>(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 1, 2) RETURNING id',
      [pad, source, iso(T0 + 120 * MIN), iso(T0 + 125 * MIN)],
    );
    expect((await generate(e!.id)).statusCode).toBe(200);
    // Another process claimed it and died: its lease is still running, so this worker leaves the job alone.
    await t.database.query(
      "UPDATE plumes SET lease_owner = 'dead', lease_until = now() + interval '1 minute', attempts = 1 WHERE emission_id = $1",
      [e!.id],
    );
    expect(await worker.runUntilIdle()).toEqual([]);
    await t.database.query("UPDATE plumes SET lease_until = now() - interval '1 second' WHERE emission_id = $1", [
      e!.id,
    ]);
    const outcomes = await worker.runUntilIdle();
    expect(outcomes.map((o) => o.status)).toEqual(['saved']);
    // Two workers (two server processes) at once: one claims the job, the other finds nothing; saved once.
    const [h] = await t.database.query<{ id: number }>(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 1, 2) RETURNING id',
      [pad, source, iso(T0 + 140 * MIN), iso(T0 + 145 * MIN)],
    );
    expect((await generate(h!.id)).statusCode).toBe(200);
    const other = new PlumeWorker({
      database: t.database,
      runner: inProcessPlumeRunner(),
      log: (m) => logs.push(m),
      owner: 'test-b',
    });
    const both = (await Promise.all([worker.runUntilIdle(), other.runUntilIdle()])).flat();
    expect(both.map((o) => o.status)).toEqual(['saved']);
    const frameRows = await t.database.query(
      'SELECT f.frame_index FROM plume_frames f JOIN plumes p ON p.id = f.plume_id WHERE p.emission_id = $1',
      [h!.id],
    );
    expect(frameRows).toHaveLength(15);
    // After MAX_ATTEMPTS dead runs the job fails instead of looping.
    const [g] = await t.database.query<{ id: number }>(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 1, 2) RETURNING id',
      [pad, source, iso(T0 + 130 * MIN), iso(T0 + 135 * MIN)],
    );
    expect((await generate(g!.id)).statusCode).toBe(200);
    await t.database.query('UPDATE plumes SET attempts = 3 WHERE emission_id = $1', [g!.id]);
    await worker.runUntilIdle();
    expect(await statusOf(g!.id)).toEqual({ status: 2, error: 'The plume job stopped 3 times before it finished' });
  }, 120_000);

  it('refuses other organizations, missing permission, processing emissions and hostile input', async () => {
    // Another organization's emission: 404 whether asked through this organization or by id alone.
    expect((await generate(foreign)).statusCode).toBe(404);
    expect((await generate(emission, creator, f.orgB)).statusCode).toBe(403);
    // Without SitePlumeCreate.
    expect((await generate(emission, member)).statusCode).toBe(403);
    const processing = await generate(open);
    expect(processing.statusCode).toBe(400);
    expect(processing.json()).toMatchObject({ detail: PLUME_MESSAGES.processing });
    for (const bad of [0, -1, 'x', 1.5, 2 ** 40, null]) expect((await generate(bad)).statusCode).toBe(400);
    expect((await generate(999_999)).statusCode).toBe(404);

    // Frames: another organization's site is 404, a reversed or malformed range 400.
    expect(
      (await frames({ organizationId: f.orgA, siteId: station, startTime: iso(T0), endTime: iso(T0 + 3_600_000) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await frames({ organizationId: f.orgA, siteId: pad, startTime: iso(T0 + MIN), endTime: iso(T0) })).statusCode,
    ).toBe(400);
    expect(
      (await frames({ organizationId: f.orgA, siteId: pad, startTime: 'yesterday', endTime: iso(T0) })).statusCode,
    ).toBe(400);
    expect((await padFrames({ samplePeriod: 0 })).statusCode).toBe(400);
    expect((await padFrames({ samplePeriod: 'all' })).statusCode).toBe(400);
    // Another site of the organization has no plumes.
    expect(
      (await frames({ organizationId: f.orgA, siteId: pad2, startTime: iso(T0), endTime: iso(T0 + 3_600_000) })).json(),
    ).toEqual([]);

    // The sheet: a member of another organization, or a plume id of another organization, is 404.
    const [p] = await t.database.query<{ id: number }>('SELECT id FROM plumes WHERE emission_id = $1', [emission]);
    const image = (org: number, user: number) =>
      t.as(user, { method: 'GET', url: `/api/plume/plumeImage/?organizationId=${org}&plumeId=${p!.id}` });
    expect((await image(f.orgA, member)).statusCode).toBe(200);
    expect((await image(f.orgB, f.admin)).statusCode).toBe(404);
    expect((await image(f.orgA, f.admin)).statusCode).toBe(200);
    const failed = await t.database.query<{ id: number }>('SELECT id FROM plumes WHERE emission_id = $1', [windless]);
    expect(
      (
        await t.as(member, {
          method: 'GET',
          url: `/api/plume/plumeImage/?organizationId=${f.orgA}&plumeId=${failed[0]!.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(logs).toEqual([]);
  });

  it('thins a range holding more than MAX_FRAMES frames evenly, every plume kept from its start to its end', async () => {
    // Three saved 15-hour plumes at one frame a minute on another day: 2,700 frames.
    const day = T0 + 2 * 86_400_000;
    const plumes: number[] = [];
    for (let k = 0; k < 3; k++) {
      const start = day + k * 900 * MIN;
      const [e] = await t.database.query<{ id: number }>(
        'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 4, 2) RETURNING id',
        [pad, source, iso(start), iso(start + 900 * MIN)],
      );
      const [plume] = await t.database.query<{ id: number }>(
        `INSERT INTO plumes (emission_id, site_id, status, south, west, north, east, frame_size, sheet_columns, frame_sheet)
         VALUES ($1, $2, 0, 31.89, -102.11, 31.91, -102.09, 128, 30, '\\x00') RETURNING id`,
        [e!.id, pad],
      );
      await t.database.query(
        `INSERT INTO plume_frames (plume_id, site_id, frame_index, time)
         SELECT $1, $2, k, $3::timestamptz + k * interval '1 minute' FROM generate_series(0, 899) k`,
        [plume!.id, pad, iso(start)],
      );
      plumes.push(plume!.id);
    }
    const range = { startTime: iso(day), endTime: iso(day + 3 * 900 * MIN) };
    const answer = z.array(plumeFrameSchema).parse((await padFrames(range)).json());
    // One frame in two: 1,350 frames, 450 of each plume, its first and its last but one minute.
    expect(answer.length).toBeLessThanOrEqual(MAX_FRAMES);
    expect(answer).toHaveLength(1350);
    for (const [k, id] of plumes.entries()) {
      const mine = answer.filter((a) => a.plumeId === id);
      expect(mine).toHaveLength(450);
      expect(mine[0]!.time).toBe(iso(day + k * 900 * MIN));
      expect(mine.at(-1)!.time).toBe(iso(day + k * 900 * MIN + 898 * MIN));
      expect(mine.every((a) => a.sheetIndex % 2 === 0)).toBe(true);
    }
    expect(answer.map((a) => a.time)).toEqual([...answer.map((a) => a.time)].sort());
    // Asked for every fifth minute it fits: the period asked for is kept.
    const fifth = z.array(plumeFrameSchema).parse((await padFrames({ ...range, samplePeriod: 5 })).json());
    expect(fifth).toHaveLength(540);
    expect(fifth.every((a) => a.sheetIndex % 5 === 0)).toBe(true);
  });
});
