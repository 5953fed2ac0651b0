// Site Health (spec 1 §2): model pipeline state and devices per site.
import { siteHealthEndpoint } from '@/contracts/site-health';
import { defineRoute } from '../http/define-route';
import { siteHealthRows } from '../services/site-health';

export const siteHealthRoutes = [
  defineRoute(siteHealthEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Model pipeline state and devices of every site in the organization',
    cached: true,
    handler: ({ query, organizationId, database }) =>
      siteHealthRows(database, organizationId!, query.siteFilter?.includeDeletedSites === 'true'),
  }),
];
