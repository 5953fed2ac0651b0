// Qube Camera events (spec 3 §2 Camera widget and timeline, §3 'Camera event', 'Camera installation', §9 camera
// constants): what a camera may post and how the dashboard draws cameras.

/** Spec 3 §9: the cone's field of view, its radius (20 m) and the timeline's row height (px). */
export const CAMERA_FIELD_OF_VIEW_DEG = 100;
export const CAMERA_CONE_RADIUS_M = 20;
export const CAMERA_TIMELINE_ROW_HEIGHT = 12;
/** Spec 3 §9: the popup's image height (px). */
export const CAMERA_POPUP_IMAGE_HEIGHT = 100;

/** Why a camera took the picture: on its schedule, on detecting gas, or asked to by a person. */
export const CAMERA_SNAPSHOT_TYPES = ['Scheduled', 'Detection', 'Manual'] as const;
export type CameraSnapshotType = (typeof CAMERA_SNAPSHOT_TYPES)[number];

/** Images are checked as basemap images are (spec 3 §9): PNG or JPEG by their bytes, at most 2 MB. */
export const CAMERA_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type CameraImageType = (typeof CAMERA_IMAGE_TYPES)[number];
export const CAMERA_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
/** A camera frame is at most 4096 pixels on a side, so a small file cannot declare a huge picture. */
export const CAMERA_IMAGE_MAX_SIDE = 4096;

export const CAMERA_MESSAGES = {
  imageRequired: 'The camera event needs an image (the multipart file field named image)',
  imageTooLarge: `The image must be at most ${CAMERA_IMAGE_LIMIT_BYTES / 1024 / 1024} MB`,
  imageType: 'The image must be a PNG or JPEG image',
  imageTruncated: 'The image is truncated or damaged',
  imageDimensions: `The image must be at most ${CAMERA_IMAGE_MAX_SIDE} × ${CAMERA_IMAGE_MAX_SIDE} pixels and not empty`,
  notACamera: 'Only Qube Camera devices can post camera events',
  notInstalled: 'The camera has no active installation at a site at that time',
  deviceNotFound: 'Device not found',
  eventNotFound: 'Camera image not found',
} as const;

/** The 8 compass sectors of 45° centred on N, NE, … (spec 3 §9 popup anchor). */
export const COMPASS_SECTORS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassSector = (typeof COMPASS_SECTORS)[number];

/** The sector an azimuth (degrees clockwise from north, any turn) falls in: N is [337.5, 22.5). */
export function compassSector(azimuthDeg: number): CompassSector {
  const a = ((azimuthDeg % 360) + 360) % 360;
  return COMPASS_SECTORS[Math.floor((a + 22.5) / 45) % 8]!;
}
