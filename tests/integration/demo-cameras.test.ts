// The demo's Qube Cameras (README 'Cameras'): the seed installs two cameras at the featured site facing its sources;
// each picture they post is a whole PNG the ingest checks accept, taken while one of the site's releases ran, within
// the days the site's wind covers, and served to the organization's members.
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cameraEventSchema, cameraInstallationSchema } from '@/contracts/camera';
import { checkCameraImage } from '../../server/services/camera-image';
import { EVENTS_PER_CAMERA, seedDemoCameras } from '../../server/seed/cameras';
import { siteEmissionPlan } from '../../server/seed/measurements';
import { localMetres } from '../../server/seed/plume';
import { siteWeather } from '../../server/seed/site-weather';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { Permission } from '@/domain/permissions';

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 25, 12);
const SEED = 3;

describe('the demo cameras', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let site = 0;
  let member = 0;
  let result = { cameras: 0, events: 0 };
  const weatherFrom = END - 5 * DAY;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    f = await insertFixtures(t.database);
    member = await addMember(t.database, f.orgA, 'watcher@example.com', [Permission.DeviceView]);
    [{ id: site }] = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'")) as [
      { id: number },
    ];
    const weather = siteWeather(SEED, site, 31.9, -102.1, weatherFrom, END);
    result = await seedDemoCameras(
      t.database,
      { seed: SEED, siteId: site, emissionFrom: END - 60 * DAY, end: END, weather },
      () => undefined,
    );
  }, 120_000);
  afterAll(() => t.close());

  it('installs two cameras facing the sources and posts bounded events while releases run', async () => {
    expect(result.cameras).toBe(2);
    expect(result.events).toBeGreaterThan(0);
    expect(result.events).toBeLessThanOrEqual(2 * EVENTS_PER_CAMERA);
    const range = { startTime: new Date(END - 30 * DAY).toISOString(), endTime: new Date(END).toISOString() };
    const get = (path: string, query: Record<string, string | number>) =>
      t.as(member, {
        method: 'GET',
        url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      });
    const installations = z
      .array(cameraInstallationSchema)
      .parse(
        (await get('/api/camera/cameraInstallations/', { organizationId: f.orgA, siteId: site, ...range })).json(),
      );
    expect(installations).toHaveLength(2);
    const plan = siteEmissionPlan(SEED, site, 31.9, -102.1, END - 60 * DAY, END);
    const local = plan.sources.map((s) => localMetres(31.9, -102.1, s.lat, s.lng));
    const centre = {
      east: local.reduce((a, p) => a + p.east, 0) / local.length,
      north: local.reduce((a, p) => a + p.north, 0) / local.length,
    };
    for (const c of installations) {
      const at = localMetres(31.9, -102.1, c.location.lat, c.location.lng);
      const toCentre = (Math.atan2(centre.east - at.east, centre.north - at.north) * 180) / Math.PI;
      expect(Math.abs(((toCentre - c.azimuth! + 540) % 360) - 180)).toBeLessThan(0.5);
      expect(Math.hypot(centre.east - at.east, centre.north - at.north)).toBeCloseTo(70, 0);
    }

    const events = z
      .array(cameraEventSchema)
      .parse((await get('/api/camera/cameraEvents/', { organizationId: f.orgA, siteId: site, ...range })).json());
    expect(events).toHaveLength(result.events);
    for (const e of events) {
      const time = Date.parse(e.time);
      expect(time).toBeGreaterThanOrEqual(weatherFrom);
      expect(time).toBeLessThan(END);
      expect(plan.events.some((r) => time >= r.start && time < r.end)).toBe(true);
      expect(e.snapshotType).toBe('Detection');
    }
    // Each picture is a whole PNG the ingest path would accept, with false-colour gas in it (red well above blue).
    const image = await t.as(member, { method: 'GET', url: events.at(-1)!.imageUrl });
    expect(image.statusCode).toBe(200);
    const png = image.rawPayload;
    expect(checkCameraImage(png)).toEqual({ contentType: 'image/png', width: 256, height: 192 });
    expect(colouredShare(png)).toBeGreaterThan(0.001);
  });
});

/** The share of pixels of an 8-bit RGB PNG (filter 0 rows, as the seed writes) whose red exceeds blue by 60. */
function colouredShare(png: Buffer): number {
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IHDR') [width, height] = [png.readUInt32BE(at + 8), png.readUInt32BE(at + 12)];
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  let coloured = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      if (raw[i]! - raw[i + 2]! > 60) coloured++;
    }
  return coloured / (width * height);
}
