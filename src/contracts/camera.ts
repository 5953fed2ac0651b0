// Qube Camera events (spec 3 §3 'Camera event', 'Camera installation', §7 'Plume and camera'): the cameras installed
// at a site over a range, their events, an event's image, and the path by which a camera posts an event with its
// picture.
import { z } from 'zod';
import { CAMERA_SNAPSHOT_TYPES } from '@/domain/camera';
import { isoTime } from '@/domain/iso-time';
import { queryIdSchema } from './bounds';
import { endpoint } from './endpoint';
import { siteRangeQuerySchema } from './site-dashboard';
import { Permission } from '@/domain/permissions';

const latLng = z.object({ lat: z.number(), lng: z.number() });

/** A camera's stay at the site; enabled while it is still installed (no end). */
export const cameraInstallationSchema = z.object({
  deviceInstallationId: z.number().int(),
  deviceId: z.number().int(),
  cameraName: z.string(),
  enabled: z.boolean(),
  /** Degrees clockwise from north the camera looks; null when the installation gave none. */
  azimuth: z.number().nullable(),
  location: latLng,
  startTime: z.string(),
  endTime: z.string().nullable(),
});
export type CameraInstallation = z.infer<typeof cameraInstallationSchema>;

export const cameraEventSchema = z.object({
  id: z.number().int(),
  /** The camera (device) id. */
  cameraId: z.number().int(),
  deviceInstallationId: z.number().int(),
  time: z.string(),
  snapshotType: z.enum(CAMERA_SNAPSHOT_TYPES),
  filename: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** GET /api/camera/cameraImage/ for this event. */
  imageUrl: z.string(),
});
export type CameraEvent = z.infer<typeof cameraEventSchema>;

export const cameraInstallationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/camera/cameraInstallations/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: z.array(cameraInstallationSchema),
});

export const cameraEventsEndpoint = endpoint({
  method: 'GET',
  path: '/api/camera/cameraEvents/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: z.array(cameraEventSchema),
});

export const cameraImageEndpoint = endpoint({
  method: 'GET',
  path: '/api/camera/cameraImage/',
  access: 'authenticated',
  query: z.object({ organizationId: queryIdSchema, id: queryIdSchema }),
  answer: 'bytes',
});

/**
 * A camera posts an event: multipart with the picture in the file field `image` (PNG or JPEG, at most 2 MB), the
 * event's time and snapshot type in the query. Called as devices post readings (DeviceAdministration in the device's
 * organization); only a Qube Camera with an installation at that time may post.
 */
export const ingestCameraEventQuerySchema = z.object({
  organizationId: queryIdSchema,
  deviceId: queryIdSchema,
  time: isoTime,
  snapshotType: z.enum(CAMERA_SNAPSHOT_TYPES),
});

export const ingestCameraEventEndpoint = endpoint({
  method: 'POST',
  path: '/api/camera/ingestEvent/',
  access: [Permission.DeviceAdministration],
  query: ingestCameraEventQuerySchema,
  response: cameraEventSchema,
});
