// Audit history per entity (spec 1 §7): the changes recorded for one entity of the organization, newest first.
import { AUDITED_ENTITIES, auditEndpoints, type AuditEntry } from '@/contracts/audit';
import { defineRoute } from '../http/define-route';

interface Row extends Record<string, unknown> {
  time: Date | string;
  user_name: string;
  changes: { name: string; oldValue: unknown; newValue: unknown }[];
}

export const auditRoutes = AUDITED_ENTITIES.map((entity) =>
  defineRoute(auditEndpoints[entity], {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: `Audit history of one ${entity}`,
    example: { query: { id: '1' } },
    handler: async ({ query, organizationId, database }): Promise<AuditEntry[]> => {
      const rows = await database.query<Row>(
        `SELECT time, user_name, changes FROM audit_entries
          WHERE entity_type = $1 AND entity_id = $2 AND organization_id = $3 ORDER BY time DESC, id DESC LIMIT 500`,
        [entity, query.id, organizationId],
      );
      return rows.map((r) => ({
        time: new Date(r.time).toISOString(),
        userName: r.user_name,
        changedValues: r.changes.map((c) => ({ name: c.name, value: c.newValue })),
        oldValues: r.changes.map((c) => ({ name: c.name, value: c.oldValue })),
        newValues: r.changes.map((c) => ({ name: c.name, value: c.newValue })),
      }));
    },
  }),
);
