// Sites (spec 1 §3 'Site (list, organization view)', §7).
import { z } from 'zod';
import { idOrNewSchema, idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { siteAccessSchema, siteFormSchema, siteGroupNameSchema } from '@/domain/site-form';

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
  accessNotes: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type SiteListRow = z.infer<typeof siteListRowSchema>;

export const siteListQuerySchema = z.object({
  organizationId: queryIdSchema,
  siteFilter: z.object({ includeDeletedSites: z.enum(['true', 'false']).optional() }).optional(),
});

export const siteIdBodySchema = z.object({ siteId: idSchema, organizationId: idSchema });

export const siteListEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteList/',
  access: 'authenticated',
  query: siteListQuerySchema,
  response: z.array(siteListRowSchema),
});

const siteDeletedSchema = z.object({ siteId: z.number().int(), deletedAt: z.string().nullable() });
export const deleteSiteEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/deleteSite/',
  access: [Permission.SiteDeleteRestore],
  body: siteIdBodySchema,
  response: siteDeletedSchema,
});
export const restoreSiteEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/restoreSite/',
  access: [Permission.SiteDeleteRestore],
  body: siteIdBodySchema,
  response: siteDeletedSchema,
});

// Site option lists (spec 1 §7 'further site option lists'), one call for the form: global lists, and the
// organization's business units and asset areas.
export const siteOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const childOptionSchema = siteOptionSchema.extend({ parentId: z.number().int().nullable() });
export const siteOptionsSchema = z.object({
  countries: z.array(siteOptionSchema),
  stateProvinces: z.array(childOptionSchema),
  regulations: z.array(childOptionSchema),
  regulatorySiteTypes: z.array(siteOptionSchema),
  genericSiteTypes: z.array(siteOptionSchema),
  basins: z.array(siteOptionSchema),
  industrySegments: z.array(siteOptionSchema),
  fluidTypes: z.array(siteOptionSchema),
  businessUnits: z.array(z.string()),
  assetAreas: z.array(z.string()),
  siteGroups: z.array(siteOptionSchema),
});
export type SiteOptions = z.infer<typeof siteOptionsSchema>;

/** GET /api/site/siteEdit/: the form's values for one site. */
export const siteEditSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  locationLatLng: z.string(),
  alias: z.string().nullable(),
  siteGroupIds: z.array(z.number().int()),
  businessUnit: z.string().nullable(),
  assetArea: z.string().nullable(),
  countryId: z.number().int().nullable(),
  stateProvinceId: z.number().int().nullable(),
  regulationId: z.number().int().nullable(),
  regulatorySiteTypeId: z.number().int().nullable(),
  genericSiteTypeId: z.number().int().nullable(),
  basinId: z.number().int().nullable(),
  industrySegmentId: z.number().int().nullable(),
  fluidTypeId: z.number().int().nullable(),
  /** When the site was last saved; sent back so a concurrent edit is reported rather than lost. */
  updatedAt: z.string(),
});
export type SiteEdit = z.infer<typeof siteEditSchema>;

export const siteAccessDetailsSchema = z.object({
  siteId: z.number().int(),
  accessNotes: z.string().nullable(),
  notificationRequired: z.boolean(),
  specialTicketsRequired: z.boolean(),
  workPermitRequired: z.boolean(),
});

export const siteGroupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  siteCount: z.number().int(),
  notificationSubscriptionCount: z.number().int(),
  apiKeyCount: z.number().int(),
  integrationCount: z.number().int(),
});
export type SiteGroupRow = z.infer<typeof siteGroupRowSchema>;

/** Bulk answers (spec 1 §7): rowsChanged or newSites, or an error (then nothing changed) with the problems per row. */
export const bulkSitesAnswerSchema = z.object({
  rowsChanged: z.number().int().optional(),
  newSites: z.number().int().optional(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const siteOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteOptions/',
  access: 'authenticated',
  query: z.object({ organizationId: queryIdSchema }),
  response: siteOptionsSchema,
});

const siteOfOrganizationQuerySchema = z.object({ organizationId: queryIdSchema, siteId: queryIdSchema });
export const siteEditEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteEdit/',
  access: [Permission.SiteEdit, Permission.SiteAdd],
  query: siteOfOrganizationQuerySchema,
  response: siteEditSchema,
});
export const saveSiteEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/siteEdit/',
  access: [Permission.SiteEdit, Permission.SiteAdd],
  // updatedAt: when the form was opened, so a concurrent edit is reported rather than lost.
  body: siteFormSchema.extend({ updatedAt: z.string().nullable().optional() }),
  response: siteEditSchema,
});

export const siteAccessDetailsEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteAccessDetailsEdit/',
  access: 'authenticated',
  query: siteOfOrganizationQuerySchema,
  response: siteAccessDetailsSchema,
});
export const saveSiteAccessDetailsEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/siteAccessDetailsEdit/',
  access: [Permission.SiteEdit],
  body: siteAccessSchema,
  response: siteAccessDetailsSchema,
});

// Site groups (spec 1 §2 'Manage Site Groups', 'Groups popover', §7).
const organizationQuerySchema = z.object({ organizationId: queryIdSchema });
export const siteGroupListEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteGroup/listSiteGroupsForOrganization/',
  access: 'authenticated',
  query: organizationQuerySchema,
  response: z.array(siteGroupRowSchema),
});
export const siteGroupOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteGroup/siteGroupOptionsForOrganization/',
  access: 'authenticated',
  query: organizationQuerySchema,
  response: z.array(siteOptionSchema),
});
export const saveSiteGroupEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteGroup/edit',
  access: [Permission.SiteEdit],
  body: z.object({ id: idOrNewSchema, name: siteGroupNameSchema, organizationId: idSchema }),
  response: siteGroupRowSchema,
});
export const deleteSiteGroupEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/siteGroup/delete/:id',
  access: [Permission.SiteEdit],
  query: organizationQuerySchema,
  params: z.object({ id: queryIdSchema }),
  response: z.object({ id: z.number().int() }),
});
export const assignSiteGroupsEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/siteGroupSitesEdit',
  access: [Permission.SiteEdit],
  body: z.object({
    organizationId: idSchema,
    siteGroupSites: z.record(z.string().regex(/^\d{1,9}$/), z.array(idSchema).max(500)),
  }),
  response: z.object({ updatedSites: z.number().int() }),
});

// Bulk site upload (spec 1 §2 'Upload Sites', §7): multipart csvRecords.
const bulkSitesParamsSchema = z.object({ organizationId: queryIdSchema });
export const verifyBulkSitesEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/verifyBulkSites/:organizationId',
  access: [Permission.BulkSiteAddEdit],
  params: bulkSitesParamsSchema,
  response: bulkSitesAnswerSchema,
});
export const bulkUpsertSitesEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/bulkUpsertSites/:organizationId',
  access: [Permission.BulkSiteAddEdit],
  params: bulkSitesParamsSchema,
  response: bulkSitesAnswerSchema,
});
