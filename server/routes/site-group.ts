// Site groups (spec 1 §2 'Manage Site Groups', 'Groups popover', §4 tri-state, §5 name rule, §7 calls).
import {
  assignSiteGroupsEndpoint,
  deleteSiteGroupEndpoint,
  saveSiteGroupEndpoint,
  siteGroupListEndpoint,
  siteGroupOptionsEndpoint,
} from '@/contracts/site';
import { defineRoute } from '../http/define-route';
import {
  assignSiteGroups,
  deleteSiteGroup,
  listSiteGroups,
  saveSiteGroup,
  siteGroupOptions,
} from '../services/site-group';

export const siteGroupRoutes = [
  defineRoute(siteGroupListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The organization's site groups with how many sites, subscriptions, API keys and push integrations use each",
    handler: ({ organizationId, database }) => listSiteGroups(database, organizationId!),
  }),
  defineRoute(siteGroupOptionsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's site groups as options",
    handler: ({ organizationId, database }) => siteGroupOptions(database, organizationId!),
  }),
  defineRoute(saveSiteGroupEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds (id 0) or renames a site group',
    example: { body: { id: 0, name: 'Matrix Group' } },
    handler: ({ body, organizationId, database }) =>
      saveSiteGroup(database, organizationId!, { id: body.id, name: body.name }),
  }),
  defineRoute(deleteSiteGroupEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      'Deletes a site group; its sites, notification subscriptions and API keys lose it (one left without group filters is disabled)',
    handler: ({ params, organizationId, user, database }) =>
      deleteSiteGroup(database, organizationId!, params.id, user!),
  }),
  defineRoute(assignSiteGroupsEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Sets the groups of several sites at once (the groups popover)',
    example: { body: { siteGroupSites: {} } },
    handler: ({ body, organizationId, user, database }) =>
      assignSiteGroups(database, organizationId!, body.siteGroupSites, user!),
  }),
];
