// The Site edit screen's calls (spec 3 §7 'Site, source, structure, basemap, deployment plan'). Request bodies with
// rules live in src/domain (sources.ts, structures.ts, basemap.ts) so the forms check them too.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';

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

export const sourceCategoryOptionSchema = z.object({ id: z.number(), name: z.string() });
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
