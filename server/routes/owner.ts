// GET /api/lookup/owner/?kind&id (issue 25 'Deep links land'): the organization that owns a linked record, for a user
// who may see it (server/services/owner.ts).
import { ownerEndpoint } from '@/contracts/owner';
import { defineRoute } from '../http/define-route';
import { ownerForUser } from '../services/owner';

export const ownerRoutes = [
  defineRoute(ownerEndpoint, {
    orgScope: false,
    summary:
      'The organization (and site) owning a site, device, alarm, emission or inspection the user may see; 404 otherwise',
    example: { query: { kind: 'site', id: '1' } },
    handler: async ({ query, user, database }) => ownerForUser(database, user!, query),
  }),
];
