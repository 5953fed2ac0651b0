// Simulated plumes (spec 3 §3 'Plume frame', §4 plume states, §7 'Plume and camera'): asking for an emission's plume,
// the frames of a site over a range, and the frame sheet image the frames point at.
import { z } from 'zod';
import { idSchema, queryIdSchema } from './bounds';
import { endpoint } from './endpoint';
import { siteRangeQuerySchema } from './site-dashboard';
import { Permission } from '@/domain/permissions';

/** POST /api/plume/generatePlume/ answers the plume's state: InProgress (1) once queued. */
export const plumeRequestSchema = z.object({
  emissionId: z.number().int(),
  plumeId: z.number().int(),
  plumeStatus: z.number().int(),
});

const latLng = z.object({ lat: z.number(), lng: z.number() });

/**
 * A plume frame: its minute's mean concentration over the grid within `bounds`. The image at `imageUrl` holds every
 * frame of the plume (`sheetColumns` frames across, `frameSize` cells square, this one at `sheetIndex`, row-major);
 * a cell's red and green bytes are the high and low bytes of round(min(ppm, 500) / 0.1).
 */
export const plumeFrameSchema = z.object({
  id: z.number().int(),
  plumeId: z.number().int(),
  emissionId: z.number().int(),
  time: z.string(),
  bounds: z.object({ southWest: latLng, northEast: latLng }),
  imageUrl: z.string(),
  sheetIndex: z.number().int(),
  sheetColumns: z.number().int(),
  frameSize: z.number().int(),
});
export type PlumeFrame = z.infer<typeof plumeFrameSchema>;

export const generatePlumeEndpoint = endpoint({
  method: 'POST',
  path: '/api/plume/generatePlume/',
  access: [Permission.SitePlumeCreate],
  body: z.object({ organizationId: idSchema, emissionId: idSchema }),
  response: plumeRequestSchema,
});

export const plumeFramesEndpoint = endpoint({
  method: 'GET',
  path: '/api/plume/plumeFrames/',
  access: 'authenticated',
  // samplePeriod in minutes: every frame (1) or one every n minutes of each plume.
  query: siteRangeQuerySchema.extend({ samplePeriod: z.coerce.number().int().min(1).max(360).default(1) }),
  response: z.array(plumeFrameSchema),
});

export const plumeImageEndpoint = endpoint({
  method: 'GET',
  path: '/api/plume/plumeImage/',
  access: 'authenticated',
  // v is the plume's version (its last change), so a cached sheet is never mistaken for a newer one.
  query: z.object({ organizationId: queryIdSchema, plumeId: queryIdSchema, v: z.string().max(32).optional() }),
  answer: 'bytes',
});
