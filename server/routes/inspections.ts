// Inspections (spec 3 §7 'Inspections'): bulk create, delete, one inspection to edit and its save, the event log's
// list, a site's inspections, the form's choices and an inspection's image. Writes need SiteEdit (the spec names no
// permission; see the README). 'Load Aerial KMZ' is parsed in the browser (src/compute/file-jobs.ts), not here.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import {
  bulkCreateAnswerSchema,
  bulkCreateBodySchema,
  inspectionEditBodySchema,
  inspectionListItemSchema,
  inspectionListQuerySchema,
  inspectionSchema,
  inspectionSitesSchema,
  siteInspectionsQuerySchema,
} from '@/contracts/inspections';
import { Permission } from '@/domain/permissions';
import { EMPTY_SITE_FILTER } from '@/domain/site-filter';
import { defineLegacyRoute } from '../http/define-route';
import {
  bulkCreate,
  deleteInspection,
  inspectionImage,
  inspectionList,
  inspectionSites,
  loadInspection,
  saveInspection,
  siteInspections,
} from '../services/inspections';
import { assertFilterInOrganization, siteFilterSql } from '../services/site-filter';

const write = [Permission.SiteEdit];
const orgBody = { from: 'body', key: 'organizationId' } as const;
const orgQuery = { from: 'query', key: 'organizationId' } as const;
const id = queryIdSchema;
const exampleInspection = {
  siteId: 1,
  type: 2,
  time: '2026-01-01T00:00:00Z',
  detectionFound: false,
  emissionRate: null,
  emissionConcentration: null,
  locationLatLng: '',
  sourceId: null,
  surveyType: 1,
  inspectedByUserId: null,
  thirdPartyInspectionId: '',
  description: '',
  northEastCornerLocationLatLng: '',
  southWestCornerLocationLatLng: '',
};

export const inspectionRoutes = [
  defineLegacyRoute({
    method: 'POST',
    url: '/api/inspection/bulkCreateInspections/',
    access: write,
    orgScope: orgBody,
    summary: 'Creates every inspection or none; a 400 keys the problems inspections[n].field',
    body: bulkCreateBodySchema,
    response: bulkCreateAnswerSchema,
    example: { body: { inspections: [exampleInspection] } },
    handler: async ({ body, organizationId, user, database }) => {
      const ids = await database.transaction((tx) =>
        bulkCreate(tx, organizationId!, body.inspections, { userId: user!.id }),
      );
      return { count: ids.length, ids };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/inspection/deleteInspection/',
    access: write,
    orgScope: orgBody,
    summary: 'Deletes an inspection and its image',
    body: z.object({ organizationId: idSchema, inspectionId: idSchema }),
    response: z.object({ id: z.number() }),
    example: { body: { inspectionId: 1 } },
    handler: async ({ body, organizationId, database }) => {
      await database.transaction((tx) => deleteInspection(tx, organizationId!, body.inspectionId));
      return { id: body.inspectionId };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/inspection/inspectionEdit/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: 'One inspection with every field',
    query: z.object({ organizationId: id, inspectionId: id }),
    response: inspectionSchema,
    example: { query: { inspectionId: '1' } },
    handler: ({ query, organizationId, database }) => loadInspection(database, organizationId!, query.inspectionId),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/inspection/inspectionEdit/',
    access: write,
    orgScope: orgBody,
    summary: 'Creates an inspection (no id) or saves one; the image is kept when absent and removed when null',
    body: inspectionEditBodySchema,
    response: inspectionSchema,
    example: { body: exampleInspection },
    handler: ({ body, organizationId, user, database }) =>
      database.transaction((tx) => saveInspection(tx, organizationId!, body, { userId: user!.id })),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/inspection/inspectionList/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary:
      "The overview's event log: the most recent inspections (top, at most 100) of the sites in the filter in a window",
    query: inspectionListQuerySchema,
    response: z.array(inspectionListItemSchema),
    example: { query: { fromTime: '2026-01-01T00:00:00Z', toTime: '2026-02-01T00:00:00Z', top: '100' } },
    handler: async ({ query, organizationId, database }) => {
      const filter = query.siteFilter ?? EMPTY_SITE_FILTER;
      await assertFilterInOrganization(database, organizationId!, filter);
      const params: unknown[] = [];
      const scope = siteFilterSql(organizationId!, filter, params);
      return inspectionList(database, scope, params, query.fromTime, query.toTime, query.top);
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/inspection/siteInspections/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "A site's inspections in a window, oldest first",
    query: siteInspectionsQuerySchema,
    response: z.array(inspectionListItemSchema),
    example: {
      query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z', samplePeriod: '30' },
    },
    handler: ({ query, organizationId, database }) =>
      siteInspections(database, organizationId!, query.siteId, query.startTime, query.endTime),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/inspection/inspectionSites/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "The inspection form's choices: the organization's sites with their sources, and its users as inspectors",
    query: z.object({ organizationId: id }),
    response: inspectionSitesSchema,
    handler: ({ organizationId, database }) => inspectionSites(database, organizationId!),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/inspection/inspectionImage/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "An inspection's image (PNG or JPEG)",
    query: z.object({ organizationId: id, inspectionId: id }),
    raw: true,
    example: { query: { inspectionId: '1' } },
    handler: async ({ query, organizationId, database, reply }) => {
      const image = await inspectionImage(database, organizationId!, query.inspectionId);
      return reply
        .type(image.mimeType)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(image.content));
    },
  }),
];
