// Audit history per entity (spec 1 §7): the changes recorded for one entity of the organization, newest first.
import { AUDITED_ENTITIES, auditEndpoints } from '@/contracts/audit';
import { defineRoute } from '../http/define-route';
import { auditHistory } from '../services/audit';

export const auditRoutes = AUDITED_ENTITIES.map((entity) =>
  defineRoute(auditEndpoints[entity], {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: `Audit history of one ${entity}`,
    example: { query: { id: '1' } },
    handler: ({ query, organizationId, database }) =>
      auditHistory(database, { entity, id: query.id, organizationId: organizationId! }),
  }),
);
