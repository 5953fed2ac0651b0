// Site list, delete and restore (spec 1 §2 'Sites screen', §7).
import { deleteSiteEndpoint, restoreSiteEndpoint, siteListEndpoint } from '@/contracts/site';
import { defineRoute } from '../http/define-route';
import { setSiteDeleted, siteList } from '../services/site';

export const siteRoutes = [
  defineRoute(siteListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's sites with their classification, groups and installed devices",
    cached: true,
    handler: ({ query, organizationId, database }) =>
      siteList(database, organizationId!, query.siteFilter?.includeDeletedSites === 'true'),
  }),
  ...(['delete', 'restore'] as const).map((action) =>
    defineRoute(action === 'delete' ? deleteSiteEndpoint : restoreSiteEndpoint, {
      orgScope: { from: 'body', key: 'organizationId' },
      summary: action === 'delete' ? 'Soft-deletes a site' : 'Restores a deleted site',
      example: { body: { siteId: 1 } },
      handler: ({ body, organizationId, user, database }) =>
        setSiteDeleted(database, { organizationId: organizationId!, siteId: body.siteId }, action === 'delete', user!),
    }),
  ),
];
