// The live simulator's cameras (`SIMULATE=1`; README 'Cameras'): the Qube Cameras standing at the sites the
// simulator feeds with site weather (the modelled sites, where the demo's cameras stand) post events as the seed's
// do, through the same ingest path a camera's POST takes. A Detection at the seed's moments of each live release (20
// minutes in and its middle) when its plume shows in the camera's view, so at most 2 per camera and release; and a
// Scheduled snapshot on the hour whatever it shows, so a camera is never silent for long. The pictures are rendered
// in a worker thread (camera-worker.ts), never on the request loop; the thread starts with the first picture.
import type { Database, Queryable } from '../db/client';
import { ingestCameraEvent } from '../services/camera';
import { computeThread, type ComputeThread } from '../services/compute-thread';
import type { CameraCandidate, CameraShot, CameraShotsInput } from './camera-worker';
import type { EmissionEvent } from './measurements';
import { localMetres } from './plume';
import { windOf, type SiteWeather } from './site-weather';

const MINUTE_MS = 60_000;
/** A Scheduled snapshot of each camera this often, on the hour. */
export const SNAPSHOT_EVERY_MS = 60 * MINUTE_MS;
/** Where in a release a camera looks for its plume (as the seed's cameras do). */
const DETECTION_DELAY_MS = 20 * MINUTE_MS;

export interface LiveCameraSite {
  siteId: number;
  latitude: number;
  longitude: number;
  sources: readonly { lat: number; lng: number }[];
  events: readonly EmissionEvent[];
  weather?: SiteWeather;
}

export interface LiveCamera {
  deviceId: number;
  organizationId: number;
  siteId: number;
  /** Metres east and north of the site's point. */
  east: number;
  north: number;
  azimuthDeg: number;
}

/** The Qube Cameras standing now (with an azimuth) at these sites. */
export async function liveCameras(db: Queryable, sites: readonly LiveCameraSite[]): Promise<LiveCamera[]> {
  const bySite = new Map(sites.map((s) => [s.siteId, s]));
  const rows = await db.query<{
    device_id: number;
    organization_id: number;
    site_id: number;
    latitude: number;
    longitude: number;
    azimuth: number;
  }>(
    `SELECT d.id AS device_id, d.organization_id, i.site_id, i.latitude, i.longitude, i.azimuth
       FROM devices d JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL
       JOIN sites s ON s.id = i.site_id AND s.deleted_at IS NULL
      WHERE d.device_type = 'QubeCamera' AND i.azimuth IS NOT NULL AND i.site_id = ANY($1::int[])
      ORDER BY d.id`,
    [[...bySite.keys()]],
  );
  return rows.map((r) => {
    const site = bySite.get(r.site_id)!;
    return {
      deviceId: r.device_id,
      organizationId: r.organization_id,
      siteId: r.site_id,
      ...localMetres(site.latitude, site.longitude, r.latitude, r.longitude),
      azimuthDeg: r.azimuth,
    };
  });
}

/** What the cameras shoot at minute `t` (pure): the scenes for the worker, each with its camera. */
export function cameraMoments(
  sites: readonly LiveCameraSite[],
  cameras: readonly LiveCamera[],
  t: number,
): { candidates: CameraCandidate[]; cameras: LiveCamera[] } {
  const candidates: CameraCandidate[] = [];
  const shooting: LiveCamera[] = [];
  const scheduled = t % SNAPSHOT_EVERY_MS === 0;
  for (const site of sites) {
    if (!site.weather) continue;
    const mine = cameras.filter((c) => c.siteId === site.siteId);
    if (mine.length === 0) continue;
    const local = site.sources.map((s) => localMetres(site.latitude, site.longitude, s.lat, s.lng));
    const active = site.events.filter((e) => t >= e.start && t < e.end);
    // A release's moments, to the minute: 20 minutes in and its middle.
    const moments = active
      .map((e) => site.events.indexOf(e))
      .filter((i) => {
        const e = site.events[i]!;
        const at = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS === t;
        return at(e.start + DETECTION_DELAY_MS) || at((e.start + e.end) / 2);
      });
    if (!scheduled && moments.length === 0) continue;
    const w = windOf(site.weather, t);
    for (const camera of mine) {
      const scene = {
        camera: { east: camera.east, north: camera.north, azimuthDeg: camera.azimuthDeg },
        releases: active.map((e) => ({ ...local[e.source]!, rateKgH: e.rate })),
        equipment: local,
        wind: { fromDeg: w.from, speedMs: w.speedMs, cls: w.cls },
      };
      // One picture a minute at most: a detection moment wins over the hour's snapshot.
      if (moments.length > 0) candidates.push({ camera: shooting.length, release: moments[0]!, scene });
      else candidates.push({ camera: shooting.length, release: -1, scene, scheduled: true });
      shooting.push(camera);
    }
  }
  return { candidates, cameras: shooting };
}

export interface LiveCameraPoster {
  /** Shoots and posts minute `t`'s pictures; answers how many events were posted. */
  tick(t: number): Promise<number>;
  close(): Promise<void>;
}

/** The simulator's cameras at these sites, loaded at the first tick. */
export function liveCameraPoster(
  database: Database,
  sites: () => readonly LiveCameraSite[],
  log: (message: string) => void,
): LiveCameraPoster {
  let cameras: LiveCamera[] | null = null;
  let thread: ComputeThread<CameraShotsInput, CameraShot[]> | null = null;
  return {
    async tick(t) {
      cameras ??= await liveCameras(database, sites());
      const moment = cameraMoments(sites(), cameras, t);
      if (moment.candidates.length === 0) return 0;
      thread ??= computeThread<CameraShotsInput, CameraShot[]>({
        entry: new URL('./camera-worker.ts', import.meta.url),
        name: 'camera',
        log,
      });
      // A detection shows a visible plume or is not taken; one per camera and moment.
      const shots = await thread.run({ candidates: moment.candidates, perRelease: 1, perCamera: 1 });
      for (const shot of shots) {
        const candidate = moment.candidates[shot.candidate]!;
        const camera = moment.cameras[candidate.camera]!;
        await ingestCameraEvent(
          database,
          camera.organizationId,
          {
            deviceId: camera.deviceId,
            time: new Date(t).toISOString(),
            snapshotType: candidate.scheduled ? 'Scheduled' : 'Detection',
          },
          { bytes: shot.png, filename: null },
        );
      }
      return shots.length;
    },
    close: async () => {
      await thread?.close();
    },
  };
}
