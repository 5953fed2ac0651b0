// Qube Camera events (issue 22 items 5 and 7): a camera posts an event with its picture; the refusals (not an
// image, oversized, truncated, too many pixels, not a camera, not installed, another organization's device) leave
// nothing behind; the site's installations and events and an event's image follow the organization's access rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cameraEventSchema, cameraInstallationSchema } from '@/contracts/camera';
import { CAMERA_IMAGE_LIMIT_BYTES, CAMERA_MESSAGES } from '@/domain/camera';
import { Permission } from '@/domain/permissions';
import { encodeRgbPng } from '../../server/services/plume/png';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const T0 = Date.UTC(2026, 8, 1, 15);
const iso = (t: number) => new Date(t).toISOString();

function png(width: number, height: number): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 251;
  return Buffer.from(encodeRgbPng(width, height, rgb));
}

/** A minimal baseline JPEG's markers: SOI, APP0, SOF0 with the frame size, EOI (enough for the checks). */
function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x01,
    0x01,
    0x11,
    0x00,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function imageBody(bytes: Buffer, type: string, filename = 'shot.png') {
  const boundary = '----cameraTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testEngines)('camera events on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let admin = 0;
  let looker = 0;
  let pad = 0;
  let station = 0;
  let camera = 0;
  let cameraInstallation = 0;
  let loose = 0;
  let qube = 0;
  let foreignCamera = 0;

  const count = async () =>
    (
      await t.database.query<{ e: number; m: number }>(
        'SELECT (SELECT count(*)::int FROM camera_events) AS e, (SELECT count(*)::int FROM camera_images) AS m',
      )
    )[0]!;
  const post = (
    deviceId: number,
    body: { payload: Buffer; headers: Record<string, string> },
    opts: { org?: number; time?: number; user?: number; snapshotType?: string } = {},
  ) =>
    t.as(opts.user ?? admin, {
      method: 'POST',
      url: `/api/camera/ingestEvent/?${new URLSearchParams({
        organizationId: String(opts.org ?? f.orgA),
        deviceId: String(deviceId),
        time: iso(opts.time ?? T0 + 60_000),
        snapshotType: opts.snapshotType ?? 'Detection',
      })}`,
      ...body,
    });
  const get = (path: string, query: Record<string, string | number>, user = looker) =>
    t.as(user, {
      method: 'GET',
      url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    });
  const range = { startTime: iso(T0 - 3_600_000), endTime: iso(T0 + 3_600_000) };

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    admin = await addMember(t.database, f.orgA, 'cameras@example.com', [Permission.DeviceAdministration]);
    looker = await addMember(t.database, f.orgA, 'looker@example.com', [Permission.DeviceView]);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites');
    pad = sites.find((s) => s.name === 'Pad 1')!.id;
    station = sites.find((s) => s.name === 'Station 9')!.id;
    const device = async (name: string, type: string, org: number) =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, $3) RETURNING id',
          [name, org, type],
        )
      )[0]!.id;
    const install = async (deviceId: number, siteId: number, from: number, to: number | null, azimuth: number | null) =>
      (
        await q<{ id: number }>(
          `INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, ended_at, azimuth)
           VALUES ($1, $2, 31.9005, -102.1005, $3, $4, $5) RETURNING id`,
          [deviceId, siteId, iso(from), to === null ? null : iso(to), azimuth],
        )
      )[0]!.id;
    camera = await device('C-0001', 'QubeCamera', f.orgA);
    cameraInstallation = await install(camera, pad, T0 - 86_400_000, null, 135);
    loose = await device('C-0002', 'QubeCamera', f.orgA);
    // Installed only before the events' time.
    await install(loose, pad, T0 - 86_400_000, T0 - 3_600_000, 90);
    qube = await device('A-0001', 'Qube', f.orgA);
    await install(qube, pad, T0 - 86_400_000, null, null);
    foreignCamera = await device('C-0003', 'QubeCamera', f.orgB);
    await install(foreignCamera, station, T0 - 86_400_000, null, 10);
  });
  afterAll(() => t.close());

  it('stores a PNG and a JPEG event of an installed camera, listed oldest first with the image served', async () => {
    const first = await post(camera, imageBody(png(64, 48), 'image/png'), { time: T0 + 120_000 });
    expect(first.statusCode, first.body).toBe(200);
    const stored = cameraEventSchema.parse(first.json());
    expect(stored).toMatchObject({
      cameraId: camera,
      deviceInstallationId: cameraInstallation,
      snapshotType: 'Detection',
      filename: 'shot.png',
      width: 64,
      height: 48,
    });
    const second = await post(camera, imageBody(jpeg(640, 480), 'image/jpeg', 'C:\\cam\\frame.jpg'), {
      time: T0 + 60_000,
      snapshotType: 'Scheduled',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ filename: 'frame.jpg', width: 640, height: 480, snapshotType: 'Scheduled' });

    const listed = await get('/api/camera/cameraEvents/', { organizationId: f.orgA, siteId: pad, ...range });
    expect(listed.statusCode).toBe(200);
    const events = z.array(cameraEventSchema).parse(listed.json());
    expect(events.map((e) => e.time)).toEqual([iso(T0 + 60_000), iso(T0 + 120_000)]);

    const image = await t.as(looker, { method: 'GET', url: stored.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers.etag).toBe(`"camera-${stored.id}"`);
    expect(image.headers['cache-control']).toBe('private, no-cache');
    expect(Buffer.compare(image.rawPayload, png(64, 48))).toBe(0);
    const again = await t.as(looker, {
      method: 'GET',
      url: stored.imageUrl,
      headers: { 'if-none-match': `"camera-${stored.id}"` },
    });
    expect(again.statusCode).toBe(304);
    const jpegImage = await t.as(looker, { method: 'GET', url: events[0]!.imageUrl });
    expect(jpegImage.headers['content-type']).toBe('image/jpeg');
  });

  it("lists the site's camera installations (not its Qubes), enabled while installed", async () => {
    const answer = await get('/api/camera/cameraInstallations/', { organizationId: f.orgA, siteId: pad, ...range });
    expect(answer.statusCode).toBe(200);
    const rows = z.array(cameraInstallationSchema).parse(answer.json());
    expect(rows.map((r) => [r.cameraName, r.enabled, r.azimuth])).toEqual([
      ['C-0001', true, 135],
      ['C-0002', false, 90],
    ]);
  });

  it('refuses bad pictures with clear messages and writes nothing', async () => {
    const before = await count();
    const refusal = async (body: ReturnType<typeof imageBody>, message: string) => {
      const answer = await post(camera, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(message);
    };
    await refusal(imageBody(Buffer.from('hello, I am not a picture'), 'image/png'), CAMERA_MESSAGES.imageType);
    // A GIF with a PNG name and type is still not a PNG.
    await refusal(imageBody(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/png'), CAMERA_MESSAGES.imageType);
    const whole = png(64, 48);
    await refusal(imageBody(whole.subarray(0, whole.length - 20), 'image/png'), CAMERA_MESSAGES.imageTruncated);
    await refusal(imageBody(whole.subarray(0, 20), 'image/png'), CAMERA_MESSAGES.imageTruncated);
    const j = jpeg(64, 48);
    await refusal(imageBody(j.subarray(0, j.length - 2), 'image/jpeg'), CAMERA_MESSAGES.imageTruncated);
    await refusal(imageBody(jpeg(5000, 100), 'image/jpeg'), CAMERA_MESSAGES.imageDimensions);
    const oversized = Buffer.concat([png(8, 8), Buffer.alloc(CAMERA_IMAGE_LIMIT_BYTES)]);
    await refusal(imageBody(oversized, 'image/png'), CAMERA_MESSAGES.imageTooLarge);
    const empty = await post(camera, {
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--b--\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(CAMERA_MESSAGES.imageRequired);
    const badType = await post(camera, imageBody(png(8, 8), 'image/png'), { snapshotType: 'Selfie' });
    expect(badType.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('refuses devices that may not post: not a camera, not installed then, another organization, no permission', async () => {
    const before = await count();
    const body = () => imageBody(png(16, 16), 'image/png');
    const notCamera = await post(qube, body());
    expect(notCamera.statusCode).toBe(400);
    expect(JSON.stringify(notCamera.json())).toContain(CAMERA_MESSAGES.notACamera);
    const notInstalled = await post(loose, body());
    expect(notInstalled.statusCode).toBe(400);
    expect(JSON.stringify(notInstalled.json())).toContain(CAMERA_MESSAGES.notInstalled);
    const beforeInstall = await post(camera, body(), { time: T0 - 2 * 86_400_000 });
    expect(beforeInstall.statusCode).toBe(400);
    // Organization B's camera, posted within organization A: not found; under B by someone not in B: refused.
    expect((await post(foreignCamera, body())).statusCode).toBe(404);
    expect((await post(foreignCamera, body(), { org: f.orgB, user: admin })).statusCode).toBe(403);
    // Looking is not posting.
    expect((await post(camera, body(), { user: looker })).statusCode).toBe(403);
    const future = await post(camera, body(), { time: Date.now() + 3_600_000 });
    expect(future.statusCode).toBe(400);
    expect(await count()).toEqual(before);
  });

  it("answers 404 for another organization's site and image", async () => {
    const [event] = await t.database.query<{ id: number }>('SELECT id FROM camera_events ORDER BY id LIMIT 1');
    const foreignSite = await get('/api/camera/cameraEvents/', { organizationId: f.orgA, siteId: station, ...range });
    expect(foreignSite.statusCode).toBe(404);
    const foreignInstallations = await get('/api/camera/cameraInstallations/', {
      organizationId: f.orgA,
      siteId: station,
      ...range,
    });
    expect(foreignInstallations.statusCode).toBe(404);
    // f.admin belongs to both organizations: asked under organization B, A's image does not exist.
    const underB = await get('/api/camera/cameraImage/', { organizationId: f.orgB, id: event!.id }, f.admin);
    expect(underB.statusCode).toBe(404);
    const missing = await get('/api/camera/cameraImage/', { organizationId: f.orgA, id: 999_999 });
    expect(missing.statusCode).toBe(404);
    // A user outside organization A altogether is refused before anything is looked up (the scope rule).
    const outsider = await addMember(t.database, f.orgB, 'outsider@example.com', [Permission.DeviceView]);
    const outside = await get('/api/camera/cameraImage/', { organizationId: f.orgA, id: event!.id }, outsider);
    expect(outside.statusCode).toBe(403);
    const badRange = await get('/api/camera/cameraEvents/', {
      organizationId: f.orgA,
      siteId: pad,
      startTime: range.endTime,
      endTime: range.startTime,
    });
    expect(badRange.statusCode).toBe(400);
  });
});
