// The live simulator's cameras (SIMULATE=1; README 'Cameras'): at a modelled site with a live Qube and two Qube
// Cameras facing its sources, five hours of simulated minutes post a Scheduled snapshot of each camera on the hour and
// a Detection at a release's moments (20 minutes in, its middle) when its plume shows, never more than one picture a
// camera a minute; every picture is a whole PNG through the camera ingest path, served to the organization's members.
// A camera at a site the simulator has no weather for posts nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cameraEventSchema } from '@/contracts/camera';
import { Permission } from '@/domain/permissions';
import { checkCameraImage } from '../../server/services/camera-image';
import { ingestSamples } from '../../server/services/measurement-store';
import { liveCameraPoster, SNAPSHOT_EVERY_MS } from '../../server/seed/live-cameras';
import { liveSites } from '../../server/seed/simulator';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const HOUR = 3_600_000;
const SITE = { lat: 31.9, lng: -102.1 };
const latLng = (east: number, north: number) => ({
  lat: SITE.lat + north / 111_195,
  lng: SITE.lng + east / (111_195 * Math.cos((SITE.lat * Math.PI) / 180)),
});

describe.each(testEngines)('live cameras on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let pad = 0;
  let member = 0;
  const cameras: number[] = [];
  let elsewhere = 0;
  const t0 = Math.floor((Date.now() - 6 * HOUR) / HOUR) * HOUR;
  const release = { start: t0 + 25 * MIN, end: t0 + 3 * HOUR + 25 * MIN };
  const moments = [release.start + 20 * MIN, (release.start + release.end) / 2];
  let posted = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    member = await addMember(t.database, f.orgA, 'camera-watch@example.com', [Permission.DeviceView]);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites');
    pad = sites.find((s) => s.name === 'Pad 1')!.id;
    const pad2 = sites.find((s) => s.name === 'Pad 2')!.id;
    await q('UPDATE sites SET modelling_pipeline_is_on = true WHERE id = $1', [pad]);
    await q('INSERT INTO site_model_states (site_id, start_time) VALUES ($1, $2)', [
      pad,
      new Date(t0 - 24 * HOUR).toISOString(),
    ]);
    for (const [name, east, north] of [
      ['Wellhead', 0, 0],
      ['Tank', 20, 10],
    ] as const) {
      const at = latLng(east, north);
      await q('INSERT INTO sources (site_id, name, latitude, longitude, height) VALUES ($1, $2, $3, $4, 2)', [
        pad,
        name,
        at.lat,
        at.lng,
      ]);
    }
    // A live Qube at each site (the simulator feeds the sites with devices reporting) and cameras 70 m north-north-west
    // and south-south-east of the sources' centre facing it; one more camera at Pad 2, which has no site weather.
    for (const site of [pad, pad2]) {
      const [qube] = await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ($1, 'Qube', $2, true) RETURNING id",
        [`LQ-${site}`, f.orgA],
      );
      const at = latLng(50, -20);
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at) VALUES ($1, $2, $3, $4, 2.4, $5)',
        [qube!.id, site, at.lat, at.lng, new Date(t0 - 48 * HOUR).toISOString()],
      );
      await ingestSamples(t.database, [{ deviceId: qube!.id, measurementType: 1, time: t0 - HOUR, value: 2 }]);
    }
    const centre = { east: 10, north: 5 };
    for (const [k, bearing] of [340, 160, 340].entries()) {
      const b = (bearing * Math.PI) / 180;
      const at = latLng(centre.east + 70 * Math.sin(b), centre.north + 70 * Math.cos(b));
      const [camera] = await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ($1, 'QubeCamera', $2, true) RETURNING id",
        [`C-LIVE${k}`, f.orgA],
      );
      await q(
        `INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, started_at, azimuth)
         VALUES ($1, $2, 0, $3, $4, $5, $6)`,
        [camera!.id, k < 2 ? pad : pad2, at.lat, at.lng, new Date(t0 - 48 * HOUR).toISOString(), (bearing + 180) % 360],
      );
      if (k < 2) cameras.push(camera!.id);
      else elsewhere = camera!.id;
    }

    const live = await liveSites(t.database, t0);
    const site = live.find((s) => s.siteId === pad)!;
    expect(site.weather).toBeDefined();
    // One strong release of the wellhead instead of the simulator's random ones, so the moments are known.
    site.events = [{ source: 0, start: release.start, end: release.end, rate: 80 }];
    const poster = liveCameraPoster(
      t.database,
      () => live,
      () => undefined,
    );
    try {
      for (let m = t0; m < t0 + 5 * HOUR; m += MIN) posted += await poster.tick(m);
    } finally {
      await poster.close();
    }
  }, 180_000);
  afterAll(() => t.close());

  const events = async (siteId: number) =>
    z.array(cameraEventSchema).parse(
      (
        await t.as(member, {
          method: 'GET',
          url: `/api/camera/cameraEvents/?${new URLSearchParams({
            organizationId: String(f.orgA),
            siteId: String(siteId),
            startTime: new Date(t0 - HOUR).toISOString(),
            endTime: new Date(t0 + 6 * HOUR).toISOString(),
          })}`,
        })
      ).json(),
    );

  it('posts a snapshot of each camera on the hour and a detection at a release moment its plume shows', async () => {
    const all = await events(pad);
    expect(all).toHaveLength(posted);
    for (const camera of cameras) {
      const mine = all.filter((e) => e.cameraId === camera);
      const scheduled = mine.filter((e) => e.snapshotType === 'Scheduled').map((e) => Date.parse(e.time));
      const detections = mine.filter((e) => e.snapshotType === 'Detection').map((e) => Date.parse(e.time));
      expect(scheduled).toEqual([0, 1, 2, 3, 4].map((h) => t0 + h * SNAPSHOT_EVERY_MS));
      expect(detections.length).toBeLessThanOrEqual(2);
      for (const d of detections) expect(moments).toContain(d);
      // Never two pictures of one camera in a minute.
      expect(new Set(mine.map((e) => e.time)).size).toBe(mine.length);
    }
    // The release (80 kg/h from the middle of both views) shows to at least one camera.
    expect(all.filter((e) => e.snapshotType === 'Detection').length).toBeGreaterThan(0);
  });

  it('posts whole PNG pictures the members can read', async () => {
    const all = await events(pad);
    for (const e of all.slice(0, 4)) {
      const image = await t.as(member, { method: 'GET', url: e.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(checkCameraImage(image.rawPayload)).toMatchObject({ contentType: 'image/png', width: 256, height: 192 });
    }
  });

  it('posts nothing for a camera at a site without site weather', async () => {
    expect((await events(pad)).some((e) => e.cameraId === elsewhere)).toBe(false);
    const [n] = await t.database.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM camera_events WHERE device_id = $1',
      [elsewhere],
    );
    expect(Number(n!.n)).toBe(0);
  });
});
