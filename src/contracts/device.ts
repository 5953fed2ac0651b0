// A device as its dashboard shows it (spec 2 §2 'Device Dashboard', §3 'Device installation').
import { z } from 'zod';

export const deviceSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: z.enum(['Qube', 'QubeLite', 'QubeCamera']),
  online: z.boolean().nullable(),
  serialNumber: z.string().nullable(),
  organizationId: z.number().int(),
  installations: z.array(
    z.object({
      id: z.number().int(),
      siteId: z.number().int(),
      siteName: z.string(),
      deviceInstallationType: z.number().int(),
      location: z.object({ lat: z.number(), lng: z.number() }),
      startTime: z.string(),
      endTime: z.string().nullable(),
    }),
  ),
  /** Measurement types with stored data, and the span of that data. */
  measurementTypes: z.array(z.object({ id: z.number().int(), firstTime: z.string(), lastTime: z.string() })),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;
