// Inspections (spec 3 §7 'Inspections'): bulk create, delete, one inspection to edit and its save, the event log's
// list, a site's inspections, the form's choices and an inspection's image. Writes need SiteEdit (the spec names no
// permission; see the README). 'Load Aerial KMZ' is parsed in the browser (src/compute/file-jobs.ts), not here.
import {
  bulkCreateInspectionsEndpoint,
  deleteInspectionEndpoint,
  inspectionEndpoint,
  inspectionImageEndpoint,
  inspectionListEndpoint,
  inspectionSitesEndpoint,
  saveInspectionEndpoint,
  siteInspectionsEndpoint,
} from '@/contracts/inspection';
import { EMPTY_SITE_FILTER } from '@/domain/site-filter';
import { defineRoute } from '../http/define-route';
import {
  bulkCreate,
  deleteInspection,
  inspectionImage,
  inspectionList,
  inspectionSites,
  loadInspection,
  saveInspection,
  siteInspections,
} from '../services/inspection';
import { assertFilterInOrganization, siteFilterSql } from '../services/site-filter';

const orgBody = { from: 'body', key: 'organizationId' } as const;
const orgQuery = { from: 'query', key: 'organizationId' } as const;
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
  defineRoute(bulkCreateInspectionsEndpoint, {
    orgScope: orgBody,
    summary: 'Creates every inspection or none; a 400 keys the problems inspections[n].field',
    example: { body: { inspections: [exampleInspection] } },
    handler: async ({ body, organizationId, user, database }) => {
      const ids = await bulkCreate(database, organizationId!, body.inspections, { userId: user!.id });
      return { count: ids.length, ids };
    },
  }),
  defineRoute(deleteInspectionEndpoint, {
    orgScope: orgBody,
    summary: 'Deletes an inspection and its image',
    example: { body: { inspectionId: 1 } },
    handler: async ({ body, organizationId, database }) => {
      await deleteInspection(database, organizationId!, body.inspectionId);
      return { id: body.inspectionId };
    },
  }),
  defineRoute(inspectionEndpoint, {
    orgScope: orgQuery,
    summary: 'One inspection with every field',
    example: { query: { inspectionId: '1' } },
    handler: ({ query, organizationId, database }) => loadInspection(database, organizationId!, query.inspectionId),
  }),
  defineRoute(saveInspectionEndpoint, {
    orgScope: orgBody,
    summary: 'Creates an inspection (no id) or saves one; the image is kept when absent and removed when null',
    example: { body: exampleInspection },
    handler: ({ body, organizationId, user, database }) =>
      saveInspection(database, organizationId!, body, { userId: user!.id }),
  }),
  defineRoute(inspectionListEndpoint, {
    orgScope: orgQuery,
    summary:
      "The overview's event log: the most recent inspections (top, at most 100) of the sites in the filter in a window",
    example: { query: { fromTime: '2026-01-01T00:00:00Z', toTime: '2026-02-01T00:00:00Z', top: '100' } },
    handler: async ({ query, organizationId, database }) => {
      const filter = query.siteFilter ?? EMPTY_SITE_FILTER;
      await assertFilterInOrganization(database, organizationId!, filter);
      const params: unknown[] = [];
      const scope = siteFilterSql(organizationId!, filter, params);
      return inspectionList(database, scope, params, query.fromTime, query.toTime, query.top);
    },
  }),
  defineRoute(siteInspectionsEndpoint, {
    orgScope: orgQuery,
    summary: "A site's inspections in a window, oldest first",
    example: {
      query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z', samplePeriod: '30' },
    },
    handler: ({ query, organizationId, database }) =>
      siteInspections(
        database,
        { organizationId: organizationId!, siteId: query.siteId },
        query.startTime,
        query.endTime,
      ),
  }),
  defineRoute(inspectionSitesEndpoint, {
    orgScope: orgQuery,
    summary: "The inspection form's choices: the organization's sites with their sources, and its users as inspectors",
    handler: ({ organizationId, database }) => inspectionSites(database, organizationId!),
  }),
  defineRoute(inspectionImageEndpoint, {
    orgScope: orgQuery,
    summary: "An inspection's image (PNG or JPEG)",
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
