// Qube Camera events (spec 3 §3, §7 'Plume and camera'): a site's camera installations over a range, their events,
// an event's image for members of its organization, and storing an event a camera posts. Another organization's
// site, device or image answers 404.
import { cameraImageEndpoint, type CameraEvent, type CameraInstallation } from '@/contracts/camera';
import { CAMERA_MESSAGES, type CameraImageType, type CameraSnapshotType } from '@/domain/camera';
import type { Queryable } from '../db/client';
import { checkCameraImage } from './camera-image';
import { DomainError } from './errors';
import type { SiteRef } from './site';
import { checkSite } from './site-dashboard';
import { inTransaction } from './transaction';

/** A camera event's picture as the request carried it (read by server/http/camera-upload.ts). */
export interface CameraUpload {
  bytes: Uint8Array;
  /** The file name the camera gave, reduced to a safe base name; null when it gave none. */
  filename: string | null;
}

type Time = Date | string | number;
const iso = (t: Time) => new Date(t).toISOString();

/** At most this many events in one answer (a camera every minute for over a day and a half, four cameras). */
export const MAX_CAMERA_EVENTS = 10_000;
/** A camera's clock may run a little ahead of the server's. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The cameras that stood at the site within [start, end], by name then start. */
export async function cameraInstallations(
  db: Queryable,
  ref: SiteRef,
  range: { start: number; end: number },
): Promise<CameraInstallation[]> {
  const siteId = await checkSite(db, ref);
  const rows = await db.query<{
    id: number;
    device_id: number;
    name: string;
    azimuth: number | null;
    latitude: number;
    longitude: number;
    started_at: Time;
    ended_at: Time | null;
  }>(
    `SELECT i.id, i.device_id, d.name, i.azimuth, i.latitude, i.longitude, i.started_at, i.ended_at
       FROM device_installations i JOIN devices d ON d.id = i.device_id AND d.device_type = 'QubeCamera'
      WHERE i.site_id = $1 AND i.started_at <= $3 AND (i.ended_at IS NULL OR i.ended_at >= $2)
      ORDER BY d.name, i.started_at`,
    [siteId, iso(range.start), iso(range.end)],
  );
  return rows.map((r) => ({
    deviceInstallationId: r.id,
    deviceId: r.device_id,
    cameraName: r.name,
    enabled: r.ended_at === null,
    azimuth: r.azimuth,
    location: { lat: r.latitude, lng: r.longitude },
    startTime: iso(r.started_at),
    endTime: r.ended_at === null ? null : iso(r.ended_at),
  }));
}

type EventRow = {
  id: number;
  device_id: number;
  device_installation_id: number;
  time: Time;
  snapshot_type: CameraSnapshotType;
  filename: string;
  width: number;
  height: number;
};

const EVENT_COLUMNS =
  'e.id, e.device_id, e.device_installation_id, e.time, e.snapshot_type, e.filename, e.width, e.height';

function toEvent(organizationId: number, r: EventRow): CameraEvent {
  return {
    id: r.id,
    cameraId: r.device_id,
    deviceInstallationId: r.device_installation_id,
    time: iso(r.time),
    snapshotType: r.snapshot_type,
    filename: r.filename,
    width: r.width,
    height: r.height,
    imageUrl: `${cameraImageEndpoint.path}?${new URLSearchParams({ organizationId: String(organizationId), id: String(r.id) })}`,
  };
}

/** The events of the site's cameras in [start, end], oldest first. */
export async function cameraEvents(
  db: Queryable,
  ref: SiteRef,
  range: { start: number; end: number },
): Promise<CameraEvent[]> {
  const siteId = await checkSite(db, ref);
  const rows = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM camera_events e
      WHERE e.site_id = $1 AND e.time >= $2 AND e.time <= $3
      ORDER BY e.time, e.id LIMIT ${MAX_CAMERA_EVENTS}`,
    [siteId, iso(range.start), iso(range.end)],
  );
  return rows.map((r) => toEvent(ref.organizationId, r));
}

/** An event's picture, for a member of the organization whose site it was taken at (not a deleted site). */
export async function cameraImage(
  db: Queryable,
  organizationId: number,
  eventId: number,
): Promise<{ bytes: Uint8Array; contentType: CameraImageType }> {
  const [row] = await db.query<{ image: Uint8Array; content_type: CameraImageType }>(
    `SELECT m.image, e.content_type FROM camera_events e
       JOIN camera_images m ON m.camera_event_id = e.id
       JOIN sites s ON s.id = e.site_id AND s.organization_id = $2 AND s.deleted_at IS NULL
      WHERE e.id = $1`,
    [eventId, organizationId],
  );
  if (!row) throw new DomainError('NotFound', CAMERA_MESSAGES.eventNotFound);
  return { bytes: row.image, contentType: row.content_type };
}

export interface CameraEventPost {
  deviceId: number;
  time: string;
  snapshotType: CameraSnapshotType;
}

/**
 * Stores the event a camera posts with its picture: the device must be the organization's Qube Camera, installed at
 * a site (not deleted) at the event's time, and the picture a whole PNG or JPEG of a decodable size. The event and
 * its image are written together or not at all.
 */
export async function ingestCameraEvent(
  db: Queryable,
  organizationId: number,
  post: CameraEventPost,
  upload: CameraUpload,
): Promise<CameraEvent> {
  const time = Date.parse(post.time);
  if (time > Date.now() + FUTURE_TOLERANCE_MS)
    throw new DomainError('Invalid', 'The event time is in the future', { time: ['The event time is in the future'] });
  const [device] = await db.query<{ id: number; name: string; device_type: string }>(
    'SELECT id, name, device_type FROM devices WHERE id = $1 AND organization_id = $2',
    [post.deviceId, organizationId],
  );
  if (!device) throw new DomainError('NotFound', CAMERA_MESSAGES.deviceNotFound);
  if (device.device_type !== 'QubeCamera')
    throw new DomainError('Invalid', CAMERA_MESSAGES.notACamera, { deviceId: [CAMERA_MESSAGES.notACamera] });
  const [installation] = await db.query<{ id: number; site_id: number }>(
    `SELECT i.id, i.site_id FROM device_installations i JOIN sites s ON s.id = i.site_id AND s.deleted_at IS NULL
      WHERE i.device_id = $1 AND i.started_at <= $2 AND (i.ended_at IS NULL OR i.ended_at > $2)
      ORDER BY i.started_at DESC LIMIT 1`,
    [device.id, iso(time)],
  );
  if (!installation)
    throw new DomainError('Invalid', CAMERA_MESSAGES.notInstalled, { deviceId: [CAMERA_MESSAGES.notInstalled] });
  const image = checkCameraImage(upload.bytes);
  const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
  const filename = upload.filename ?? `${device.name}-${iso(time).replace(/[:.]/g, '-')}.${extension}`;
  return storeCameraEvent(db, organizationId, {
    deviceId: device.id,
    deviceInstallationId: installation.id,
    siteId: installation.site_id,
    time,
    snapshotType: post.snapshotType,
    filename,
    ...image,
    bytes: upload.bytes,
  });
}

export interface CameraEventRecord {
  deviceId: number;
  deviceInstallationId: number;
  siteId: number;
  time: number;
  snapshotType: CameraSnapshotType;
  filename: string;
  contentType: CameraImageType;
  width: number;
  height: number;
  bytes: Uint8Array;
}

/** Writes an event and its image in one transaction (the ingest path and the demo's cameras). */
export function storeCameraEvent(db: Queryable, organizationId: number, e: CameraEventRecord): Promise<CameraEvent> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.query<EventRow>(
      `INSERT INTO camera_events AS e (device_id, device_installation_id, site_id, time, snapshot_type, filename,
                                       content_type, width, height, size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${EVENT_COLUMNS}`,
      [
        e.deviceId,
        e.deviceInstallationId,
        e.siteId,
        iso(e.time),
        e.snapshotType,
        e.filename,
        e.contentType,
        e.width,
        e.height,
        e.bytes.length,
      ],
    );
    await tx.query('INSERT INTO camera_images (camera_event_id, image) VALUES ($1, $2)', [
      row!.id,
      Buffer.from(e.bytes.buffer, e.bytes.byteOffset, e.bytes.byteLength),
    ]);
    return toEvent(organizationId, row!);
  });
}
