// The demo's Qube Cameras (README 'Cameras'): two cameras at the featured site, about 70 m from its sources' centre
// on either side of the prevailing (west-south-west) wind's path, facing the sources. They post an event when one of
// the site's releases — the same releases and one-minute wind the site's devices measured — puts a plume in their
// field of view, with the picture an optical-gas-imaging camera would take, rendered from the seed's Gaussian plume
// (camera-scene.ts) in a worker thread. Bounded: a few moments per release over the dashboard's default 30 days, at
// most EVENTS_PER_CAMERA pictures per camera (256 × 192 PNG, a few tens of kB each).
import type { Queryable } from '../db/client';
import { computeThread } from '../services/compute-thread';
import { storeCameraEvent } from '../services/camera';
import type { CameraShot, CameraShotsInput } from './camera-worker';
import { siteEmissionPlan } from './measurements';
import { localMetres } from './plume';
import { windOf, type SiteWeather } from './site-weather';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export const EVENTS_PER_CAMERA = 14;
const EVENTS_PER_RELEASE = 2;
/** Within the dashboard's default range ('Last 30 days') with a day to spare. */
const WINDOW_DAYS = 28;
const CAMERA_DISTANCE_M = 70;
/** Where each camera stands from the sources' centre (degrees from north): north-north-west and south-south-east. */
const CAMERA_BEARINGS = [340, 160];

export interface DemoCameraInput {
  seed: number;
  siteId: number;
  /** The site's emission plan's span (as the measurements were seeded) and its wind. */
  emissionFrom: number;
  end: number;
  weather: SiteWeather;
}

export async function seedDemoCameras(
  db: Queryable,
  input: DemoCameraInput,
  log: (message: string) => void,
): Promise<{ cameras: number; events: number }> {
  const [site] = await db.query<{ latitude: number; longitude: number; organization_id: number }>(
    'SELECT latitude, longitude, organization_id FROM sites WHERE id = $1',
    [input.siteId],
  );
  if (!site) return { cameras: 0, events: 0 };
  const { latitude: lat0, longitude: lng0 } = site;
  const plan = siteEmissionPlan(input.seed, input.siteId, lat0, lng0, input.emissionFrom, input.end);
  if (plan.sources.length === 0) return { cameras: 0, events: 0 };
  const local = plan.sources.map((s) => localMetres(lat0, lng0, s.lat, s.lng));
  const centre = {
    east: local.reduce((a, p) => a + p.east, 0) / local.length,
    north: local.reduce((a, p) => a + p.north, 0) / local.length,
  };
  const toLatLng = (east: number, north: number) => ({
    lat: lat0 + north / 111_195,
    lng: lng0 + east / (111_195 * Math.cos((lat0 * Math.PI) / 180)),
  });
  // Only where the site's wind was measured (a short demo seed has a few days of it).
  const windowStart = Math.max(input.end - WINDOW_DAYS * DAY_MS, input.weather.start);
  const cameras = [];
  for (const [i, bearing] of CAMERA_BEARINGS.entries()) {
    const b = (bearing * Math.PI) / 180;
    const east = centre.east + CAMERA_DISTANCE_M * Math.sin(b);
    const north = centre.north + CAMERA_DISTANCE_M * Math.cos(b);
    const azimuthDeg = Number(((bearing + 180) % 360).toFixed(2));
    const name = `C-OGI${input.siteId}${String.fromCharCode(65 + i)}`;
    const [device] = await db.query<{ id: number }>(
      `INSERT INTO devices (name, device_type, organization_id, particle_online_status)
       VALUES ($1, 'QubeCamera', $2, true) RETURNING id`,
      [name, site.organization_id],
    );
    const at = toLatLng(east, north);
    const [installation] = await db.query<{ id: number }>(
      `INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, started_at, azimuth, installed_by)
       VALUES ($1, $2, 0, $3, $4, $5, $6, 'Demo installer') RETURNING id`,
      [device!.id, input.siteId, at.lat, at.lng, new Date(windowStart - DAY_MS).toISOString(), azimuthDeg],
    );
    cameras.push({ deviceId: device!.id, installationId: installation!.id, name, east, north, azimuthDeg });
  }

  // A release's moments: 20 minutes in and its middle; newest releases first.
  const releases = plan.events
    .map((e, index) => ({ ...e, index }))
    .filter((e) => e.end > windowStart && e.start < input.end)
    .sort((a, b) => b.start - a.start);
  const candidates: CameraShotsInput['candidates'][number][] = [];
  const times: number[] = [];
  for (const release of releases) {
    const moments = [release.start + 20 * MINUTE_MS, (release.start + release.end) / 2];
    for (const raw of moments) {
      const t = Math.floor(raw / MINUTE_MS) * MINUTE_MS;
      if (t < windowStart || t >= input.end || t < release.start || t >= release.end) continue;
      const w = windOf(input.weather, t);
      const active = plan.events.filter((e) => t >= e.start && t < e.end);
      for (const [c, camera] of cameras.entries()) {
        candidates.push({
          camera: c,
          release: release.index,
          scene: {
            camera: { east: camera.east, north: camera.north, azimuthDeg: camera.azimuthDeg },
            releases: active.map((e) => ({ ...local[e.source]!, rateKgH: e.rate })),
            equipment: local,
            wind: { fromDeg: w.from, speedMs: w.speedMs, cls: w.cls },
          },
        });
        times.push(t);
      }
    }
  }
  const thread = computeThread<CameraShotsInput, CameraShot[]>({
    entry: new URL('./camera-worker.ts', import.meta.url),
    name: 'camera',
    log,
  });
  // The compute thread does not hold the process open (a server's threads must not); the seed CLI waits on it.
  const keepAlive = setInterval(() => undefined, 1000);
  let shots: CameraShot[];
  try {
    shots = await thread.run({ candidates, perRelease: EVENTS_PER_RELEASE, perCamera: EVENTS_PER_CAMERA });
  } finally {
    clearInterval(keepAlive);
    await thread.close();
  }
  for (const shot of shots) {
    const candidate = candidates[shot.candidate]!;
    const camera = cameras[candidate.camera]!;
    const time = times[shot.candidate]!;
    await storeCameraEvent(db, site.organization_id, {
      deviceId: camera.deviceId,
      deviceInstallationId: camera.installationId,
      siteId: input.siteId,
      time,
      snapshotType: 'Detection',
      filename: `${camera.name}-${new Date(time).toISOString().replace(/[:.]/g, '-')}.png`,
      contentType: 'image/png',
      width: shot.width,
      height: shot.height,
      bytes: shot.png,
    });
  }
  return { cameras: cameras.length, events: shots.length };
}
