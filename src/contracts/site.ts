// Sites (spec 1 §3 'Site (list, organization view)', §7).
import { z } from 'zod';

export const siteListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  siteGroupNames: z.array(z.string()),
  siteGroupIds: z.array(z.number().int()),
  organizationId: z.number().int(),
  organization: z.string(),
  businessUnit: z.string().nullable(),
  assetArea: z.string().nullable(),
  country: z.string().nullable(),
  stateProvince: z.string().nullable(),
  regulation: z.string().nullable(),
  regulatorySiteType: z.string().nullable(),
  genericSiteType: z.string().nullable(),
  basin: z.string().nullable(),
  industrySegment: z.string().nullable(),
  fluidType: z.string().nullable(),
  devices: z.array(z.string()),
  modellingPipelineIsOn: z.boolean(),
  notificationRequired: z.boolean(),
  specialTicketsRequired: z.boolean(),
  workPermitRequired: z.boolean(),
  deletedAt: z.string().nullable(),
});
export type SiteListRow = z.infer<typeof siteListRowSchema>;

export const siteListQuerySchema = z.object({
  organizationId: z.coerce.number().int().positive(),
  siteFilter: z.object({ includeDeletedSites: z.enum(['true', 'false']).optional() }).optional(),
});

export const siteIdBodySchema = z.object({ siteId: z.number().int().positive(), organizationId: z.number().int().positive() });
