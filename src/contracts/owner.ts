// Which organization owns a linked record (issue 25 'Deep links land'): a link to a site, device, alarm, emission or
// inspection opens whatever organization is selected, so the client asks who owns it before opening the page.
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';

export const OWNED_KINDS = ['site', 'device', 'alarm', 'emission', 'inspection'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

export const ownerQuerySchema = z.object({
  kind: z.enum(OWNED_KINDS, { error: `kind must be one of ${OWNED_KINDS.join(', ')}` }),
  /** A numeric id, a device's name or an alarm's encoded id. */
  id: z.string().trim().min(1, 'id is required').max(100, 'id is at most 100 characters'),
});
export type OwnerQuery = z.infer<typeof ownerQuerySchema>;

export const ownerSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  /** The site the record belongs to (the site itself for a site; null for a device not installed anywhere). */
  siteId: z.number().int().nullable(),
  /** When an emission started or an inspection took place, so its link can open the site dashboard around it. */
  time: z.string().nullable(),
});
export type Owner = z.infer<typeof ownerSchema>;

/** The answer for unknown records and records the user may not see: the same, so ids cannot be probed. */
export const OWNER_NOT_FOUND = 'Not found or no access';

export const ownerEndpoint = endpoint({
  method: 'GET',
  path: '/api/lookup/owner/',
  access: 'authenticated',
  query: ownerQuerySchema,
  response: ownerSchema,
});
