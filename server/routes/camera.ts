// Qube Camera events (spec 3 §7 'Plume and camera'): the site's camera installations and events over a range, an
// event's image (another organization's is 404), and the path by which a camera posts an event with its picture.
import {
  cameraEventsEndpoint,
  cameraImageEndpoint,
  cameraInstallationsEndpoint,
  ingestCameraEventEndpoint,
} from '@/contracts/camera';
import { defineRoute } from '../http/define-route';
import { cameraEvents, cameraImage, cameraInstallations, ingestCameraEvent } from '../services/camera';
import { readCameraUpload } from '../http/camera-upload';
import { checkedRange } from '../services/chart-range';

const orgQuery = { from: 'query', key: 'organizationId' } as const;
const rangeExample = { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };

export const cameraRoutes = [
  defineRoute(cameraInstallationsEndpoint, {
    orgScope: orgQuery,
    summary:
      "The site's Qube Camera installations overlapping [startTime, endTime] with azimuth and location; enabled while still installed",
    cached: true,
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      cameraInstallations(database, { organizationId: organizationId!, siteId: query.siteId }, checkedRange(query)),
  }),
  defineRoute(cameraEventsEndpoint, {
    orgScope: orgQuery,
    summary: "The events of the site's cameras in [startTime, endTime], oldest first, each with its image URL",
    cached: true,
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      cameraEvents(database, { organizationId: organizationId!, siteId: query.siteId }, checkedRange(query)),
  }),
  defineRoute(cameraImageEndpoint, {
    orgScope: orgQuery,
    summary: "A camera event's picture (PNG or JPEG) for members of the site's organization",
    // An event's picture never changes: the browser keeps it and revalidates by its ETag.
    cached: true,
    example: { query: { id: '1' } },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const image = await cameraImage(database, organizationId!, query.id);
      const etag = `"camera-${query.id}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(image.contentType).send(Buffer.from(image.bytes));
    },
  }),
  defineRoute(ingestCameraEventEndpoint, {
    orgScope: orgQuery,
    summary:
      'A Qube Camera posts an event (multipart file field image: PNG or JPEG, at most 2 MB and 4096 px a side, whole) with its time and snapshot type; the camera must be installed at a site at that time',
    multipart: true,
    handler: async ({ query, request, organizationId, database }) => {
      const upload = await readCameraUpload(request);
      return ingestCameraEvent(database, organizationId!, query, upload);
    },
  }),
];
