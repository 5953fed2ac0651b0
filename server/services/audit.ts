// Audit trail (spec 1 §3 'Audit entries'): who changed which values of an entity, old and new.
import type { AuditEntry, AuditedEntity } from '@/contracts/audit';
import type { Queryable } from '../db/client';

export type AuditEntityType =
  | 'apiKey'
  | 'device'
  | 'emissionTarget'
  | 'integration'
  | 'organization'
  | 'site'
  | 'siteBaseline'
  | 'users'
  | 'workflow';

export interface AuditChange {
  name: string;
  oldValue: unknown;
  newValue: unknown;
}

/** The fields whose values differ; arrays and objects compare by content. */
export function changedValues(before: Record<string, unknown> | null, after: Record<string, unknown>): AuditChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const out: AuditChange[] = [];
  for (const name of names) {
    const oldValue = before?.[name] ?? null;
    const newValue = after[name] ?? null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) out.push({ name, oldValue, newValue });
  }
  return out;
}

export async function recordAudit(
  database: Queryable,
  entry: {
    entityType: AuditEntityType;
    entityId: string | number;
    organizationId: number | null;
    userId: number;
    userName: string;
    changes: AuditChange[];
  },
): Promise<void> {
  if (entry.changes.length === 0) return;
  await database.query(
    'INSERT INTO audit_entries (entity_type, entity_id, organization_id, user_id, user_name, changes) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
    [
      entry.entityType,
      String(entry.entityId),
      entry.organizationId,
      entry.userId,
      entry.userName,
      JSON.stringify(entry.changes),
    ],
  );
}

/** One entity's recorded changes in its organization, newest first (at most 500). */
export async function auditHistory(
  db: Queryable,
  of: { entity: AuditedEntity; id: string | number; organizationId: number },
): Promise<AuditEntry[]> {
  const rows = await db.query<{
    time: Date | string;
    user_name: string;
    changes: { name: string; oldValue: unknown; newValue: unknown }[];
  }>(
    `SELECT time, user_name, changes FROM audit_entries
      WHERE entity_type = $1 AND entity_id = $2 AND organization_id = $3 ORDER BY time DESC, id DESC LIMIT 500`,
    [of.entity, of.id, of.organizationId],
  );
  return rows.map((r) => ({
    time: new Date(r.time).toISOString(),
    userName: r.user_name,
    changedValues: r.changes.map((c) => ({ name: c.name, value: c.newValue })),
    oldValues: r.changes.map((c) => ({ name: c.name, value: c.oldValue })),
    newValues: r.changes.map((c) => ({ name: c.name, value: c.newValue })),
  }));
}
