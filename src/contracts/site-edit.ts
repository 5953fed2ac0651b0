// The Site edit screen's calls (spec 3 §7 'Site, source, structure, basemap, deployment plan'). Request bodies with
// rules live in src/domain (sources.ts, structures.ts, basemap.ts) so the forms check them too.
import { z } from 'zod';
import { idOrNewSchema, idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { sourceEditBodySchema } from '@/domain/source';
import { structureEditBodySchema } from '@/domain/structure';

/** The site as the edit screen shows it: deleted sites open too, with their tabs disabled. */
export const siteEditSiteSchema = z.object({
  id: z.number(),
  name: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  deleted: z.boolean(),
});
export type SiteEditSiteInfo = z.infer<typeof siteEditSiteSchema>;

export const sourceEditSchema = z.object({
  id: z.number(),
  siteId: z.number(),
  name: z.string(),
  locationLatLng: z.string(),
  height: z.number(),
  relativeImportance: z.number(),
  sourceCategoryId: z.number().nullable(),
  sourceCategoryName: z.string().nullable(),
  sourceGroup: z.object({ id: z.number(), name: z.string() }).nullable(),
  deletedAt: z.string().nullable(),
});
export type SourceEdit = z.infer<typeof sourceEditSchema>;

export const sourceGroupOptionSchema = z.object({ id: z.number(), name: z.string(), siteId: z.number() });

export const structureSchema = z.object({
  id: z.number(),
  siteId: z.number(),
  name: z.string(),
  locationLatLng: z.string(),
  footprintType: z.enum(['Box', 'Cylinder']),
  footprintRotation: z.number(),
  footprintX: z.number(),
  footprintY: z.number(),
  footprintZ: z.number(),
});
export type Structure = z.infer<typeof structureSchema>;

export const basemapSchema = z.object({
  id: z.number(),
  siteId: z.number(),
  name: z.string(),
  northEastCornerLatLng: z.string(),
  southWestCornerLatLng: z.string(),
  showByDefault: z.boolean(),
  mimeType: z.string(),
  /** Changes when the image does, so the image URL can be cached. */
  imageVersion: z.string(),
});
export type Basemap = z.infer<typeof basemapSchema>;

/** The `basemap` field of the multipart POST /api/basemap/basemapEdit/ (the image travels as the `image` file). */
export const basemapEditFieldsSchema = z.object({
  id: idOrNewSchema.optional(),
  siteId: idSchema,
  name: z.string(),
  northEastCornerLatLng: z.string(),
  southWestCornerLatLng: z.string(),
  showByDefault: z.boolean(),
});
export type BasemapEditFields = z.infer<typeof basemapEditFieldsSchema>;

export const idAnswerSchema = z.object({ id: z.number() });

/** Who may change a site's sources, structures and basemaps. */
export const SITE_EDIT_WRITE = [Permission.SiteEdit, Permission.SiteDeploymentEdit];
const id = queryIdSchema;

export const siteInfoEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteInfo/',
  access: 'authenticated',
  query: z.object({ organizationId: id, siteId: id }),
  response: siteEditSiteSchema,
});

export const basemapListEndpoint = endpoint({
  method: 'GET',
  path: '/api/basemap/basemapList/',
  access: 'authenticated',
  query: z.object({ organizationId: id, siteId: id }),
  response: z.array(basemapSchema),
});

export const saveBasemapEndpoint = endpoint({
  method: 'POST',
  path: '/api/basemap/basemapEdit/',
  access: SITE_EDIT_WRITE,
  query: z.object({ organizationId: id }),
  response: basemapSchema,
});

export const deleteBasemapEndpoint = endpoint({
  method: 'POST',
  path: '/api/basemap/deleteBasemap/',
  access: SITE_EDIT_WRITE,
  query: z.object({ organizationId: id, basemapId: id }),
  response: idAnswerSchema,
});

export const basemapImageEndpoint = endpoint({
  method: 'GET',
  path: '/api/basemap/basemapImage/',
  access: 'authenticated',
  query: z.object({ organizationId: id, basemapId: id }),
  answer: 'bytes',
});

export const structureListEndpoint = endpoint({
  method: 'GET',
  path: '/api/structure/getStructureEdit/',
  access: 'authenticated',
  query: z.object({ organizationId: id, siteId: id }),
  response: z.array(structureSchema),
});

export const saveStructureEndpoint = endpoint({
  method: 'POST',
  path: '/api/structure/structureEdit',
  access: SITE_EDIT_WRITE,
  body: structureEditBodySchema,
  response: structureSchema,
});

export const deleteStructureEndpoint = endpoint({
  method: 'POST',
  path: '/api/structure/deleteStructure/',
  access: SITE_EDIT_WRITE,
  query: z.object({ organizationId: id, structureId: id }),
  response: idAnswerSchema,
});

const sourceOfOrganizationQuerySchema = z.object({ organizationId: id, sourceId: id });
/** Soft-deletes a source (deletedAt); its emissions stay. */
export const deleteSourceEndpoint = endpoint({
  method: 'POST',
  path: '/api/source/deleteSource/',
  access: SITE_EDIT_WRITE,
  query: sourceOfOrganizationQuerySchema,
  response: sourceEditSchema,
});
export const restoreSourceEndpoint = endpoint({
  method: 'POST',
  path: '/api/source/restoreSource/',
  access: SITE_EDIT_WRITE,
  query: sourceOfOrganizationQuerySchema,
  response: sourceEditSchema,
});

export const sourceListEndpoint = endpoint({
  method: 'GET',
  path: '/api/source/getSourceEdit/',
  access: 'authenticated',
  query: z.object({ organizationId: id, siteId: id, includeDeleted: z.enum(['true', 'false']).optional() }),
  response: z.array(sourceEditSchema),
});

export const saveSourceEndpoint = endpoint({
  method: 'POST',
  path: '/api/source/sourceEdit',
  access: SITE_EDIT_WRITE,
  body: sourceEditBodySchema,
  response: sourceEditSchema,
});

export const sourceGroupOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/sourceGroup/siteGroupOptions/',
  access: 'authenticated',
  query: z.object({ organizationId: id }),
  response: z.array(sourceGroupOptionSchema),
});
