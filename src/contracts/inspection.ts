// Inspection calls (spec 3 §7 'Inspections'): their queries and answers. The inputs and their rules are in
// src/domain/inspection.ts.
import { z } from 'zod';
import { isoTime } from '@/domain/iso-time';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { BULK_INSPECTIONS_MAX, inspectionInputSchema } from '@/domain/inspection';
import { Permission } from '@/domain/permissions';
import { EVENT_LOG_TOP } from '@/domain/emission';
import { siteFilterSchema } from '@/domain/site-filter';

const id = queryIdSchema;

export const inspectionListItemSchema = z.object({
  id: z.number(),
  type: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  time: z.string(),
  detectionFound: z.boolean(),
  emissionRate: z.number().nullable(),
  emissionConcentration: z.number().nullable(),
  locationLatLng: z.string(),
  sourceId: z.number().nullable(),
  sourceName: z.string().nullable(),
  surveyType: z.number().nullable(),
  hasImage: z.boolean(),
  northEastCornerLocationLatLng: z.string(),
  southWestCornerLocationLatLng: z.string(),
});
export type InspectionListItem = z.infer<typeof inspectionListItemSchema>;

export const inspectionSchema = inspectionListItemSchema.extend({
  inspectedByUserId: z.number().nullable(),
  inspectedByEmail: z.string().nullable(),
  thirdPartyInspectionId: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const inspectionListQuerySchema = z.object({
  organizationId: id,
  fromTime: isoTime,
  toTime: isoTime,
  siteFilter: siteFilterSchema.optional(),
  top: z.coerce.number().int().min(1).max(EVENT_LOG_TOP).default(EVENT_LOG_TOP),
});

export const siteInspectionsQuerySchema = z.object({
  organizationId: id,
  siteId: id,
  startTime: isoTime,
  endTime: isoTime,
  samplePeriod: queryIdSchema.optional(),
});

/** Each inspection is checked against the domain rules in the handler, so errors can be keyed inspections[n].field. */
export const bulkCreateBodySchema = z.object({
  organizationId: idSchema,
  inspections: z.array(z.unknown()).min(1).max(BULK_INSPECTIONS_MAX),
});
export const bulkCreateAnswerSchema = z.object({ count: z.number(), ids: z.array(z.number()) });

export const inspectionEditBodySchema = z.intersection(z.object({ organizationId: idSchema }), inspectionInputSchema);

/** The choices of the inspection form: the organization's sites with their sources, and who can have inspected. */
export const inspectionSitesSchema = z.object({
  sites: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      locationLatLng: z.string(),
      sources: z.array(z.object({ id: z.number(), name: z.string(), locationLatLng: z.string() })),
    }),
  ),
  inspectors: z.array(z.object({ id: z.number(), email: z.string() })),
});
export type InspectionSites = z.infer<typeof inspectionSitesSchema>;

export const bulkCreateInspectionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/inspection/bulkCreateInspections/',
  access: [Permission.SiteEdit],
  body: bulkCreateBodySchema,
  response: bulkCreateAnswerSchema,
});

export const deleteInspectionEndpoint = endpoint({
  method: 'POST',
  path: '/api/inspection/deleteInspection/',
  access: [Permission.SiteEdit],
  body: z.object({ organizationId: idSchema, inspectionId: idSchema }),
  response: z.object({ id: z.number() }),
});

export const inspectionEndpoint = endpoint({
  method: 'GET',
  path: '/api/inspection/inspectionEdit/',
  access: 'authenticated',
  query: z.object({ organizationId: id, inspectionId: id }),
  response: inspectionSchema,
});

export const saveInspectionEndpoint = endpoint({
  method: 'POST',
  path: '/api/inspection/inspectionEdit/',
  access: [Permission.SiteEdit],
  body: inspectionEditBodySchema,
  response: inspectionSchema,
});

export const inspectionListEndpoint = endpoint({
  method: 'GET',
  path: '/api/inspection/inspectionList/',
  access: 'authenticated',
  query: inspectionListQuerySchema,
  response: z.array(inspectionListItemSchema),
});

export const siteInspectionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/inspection/siteInspections/',
  access: 'authenticated',
  query: siteInspectionsQuerySchema,
  response: z.array(inspectionListItemSchema),
});

export const inspectionSitesEndpoint = endpoint({
  method: 'GET',
  path: '/api/inspection/inspectionSites/',
  access: 'authenticated',
  query: z.object({ organizationId: id }),
  response: inspectionSitesSchema,
});

export const inspectionImageEndpoint = endpoint({
  method: 'GET',
  path: '/api/inspection/inspectionImage/',
  access: 'authenticated',
  query: z.object({ organizationId: id, inspectionId: id }),
  answer: 'bytes',
});
