// Sources of the Site edit screen (spec 3 §7 'Site, source, structure, basemap, deployment plan'): a site's sources
// (deleted ones on request), save with the group by name, soft delete and restore, and the organization's source
// groups. Writes need SiteEdit or SiteDeploymentEdit (README 'Site edit'); the category options are
// GET /api/sourceCategory/options/ (emissions.ts).
import {
  deleteSourceEndpoint,
  restoreSourceEndpoint,
  saveSourceEndpoint,
  sourceGroupOptionsEndpoint,
  sourceListEndpoint,
} from '@/contracts/site-edit';
import { defineRoute } from '../http/define-route';
import { listSiteSources, saveSource, setSourceDeleted, sourceGroupOptions } from '../services/source';

const orgQuery = { from: 'query', key: 'organizationId' } as const;

const softDelete = (action: 'delete' | 'restore') =>
  defineRoute(action === 'delete' ? deleteSourceEndpoint : restoreSourceEndpoint, {
    orgScope: orgQuery,
    summary:
      action === 'delete' ? 'Soft-deletes a source (deletedAt); its emissions stay' : 'Restores a soft-deleted source',
    example: { query: { sourceId: '1' } },
    handler: ({ query, organizationId, user, database }) =>
      setSourceDeleted(database, organizationId!, query.sourceId, action === 'delete', {
        userId: user!.id,
        userName: user!.email,
      }),
  });

export const sourceRoutes = [
  defineRoute(sourceListEndpoint, {
    orgScope: orgQuery,
    summary: "A site's sources for editing, by name; deleted ones too with includeDeleted=true",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      listSiteSources(
        database,
        { organizationId: organizationId!, siteId: query.siteId },
        query.includeDeleted === 'true',
      ),
  }),
  defineRoute(saveSourceEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Creates a source (no id or 0) or saves one; the group is found or made by name, an absent group clears it',
    example: {
      body: {
        siteId: 1,
        name: 'Tank 1',
        locationLatLng: '31.9,-102.1',
        height: 2,
        relativeImportance: 2,
        sourceCategoryId: 2,
      },
    },
    handler: ({ body, organizationId, user, database }) =>
      saveSource(database, organizationId!, body, { userId: user!.id, userName: user!.email }),
  }),
  softDelete('delete'),
  softDelete('restore'),
  defineRoute(sourceGroupOptionsEndpoint, {
    orgScope: orgQuery,
    summary: "The source groups of the organization's sites",
    handler: ({ organizationId, database }) => sourceGroupOptions(database, organizationId!),
  }),
];
