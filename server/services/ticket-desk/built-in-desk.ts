// The built-in ticket desk: tickets, field options and conversations in the database (0004_tickets.sql).
import type { Conversation, Ticket } from '@/contracts/ticket';
import { TicketStatus } from '@/domain/enums';
import type { TicketDesk, TicketScope } from './ticket-desk';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** WHERE for a ticket visible in a scope: the organization's, and the device's or site's when given. */
function scoped(scope: TicketScope, params: unknown[]): string {
  const where =
    scope.organizationId === null ? ['true'] : [`t.organization_id = $${params.push(scope.organizationId)}`];
  if (scope.deviceId !== undefined) where.push(`t.device_id = $${params.push(scope.deviceId)}`);
  if (scope.siteId !== undefined) where.push(`t.site_id = $${params.push(scope.siteId)}`);
  return where.join(' AND ');
}

export const builtInDesk: TicketDesk = {
  async create(db, input) {
    const resolved = input.status === TicketStatus.values.Resolved || input.status === TicketStatus.values.Closed;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO tickets (organization_id, device_id, site_id, subject, description, status, priority, source, symptom_primary_id, symptom_secondary_id,
                            symptom_inference_id, next_step_id, created_by, resolved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $14::boolean THEN now() END) RETURNING id`,
      [
        input.organizationId,
        input.deviceId,
        input.siteId,
        input.subject.trim(),
        input.description?.trim() || null,
        input.status,
        input.priority,
        input.ticketSource,
        input.symptomPrimaryId,
        input.symptomSecondaryId,
        input.symptomInferenceId,
        input.nextStepId,
        input.createdBy,
        resolved,
      ],
    );
    return row!.id;
  },
  async list(db, scope) {
    const params: unknown[] = [];
    const rows = await db.query<{ id: number; subject: string; status: number; created_at: Date | string }>(
      `SELECT t.id, t.subject, t.status, t.created_at FROM tickets t WHERE ${scoped(scope, params)} ORDER BY t.created_at DESC, t.id DESC LIMIT 500`,
      params,
    );
    return rows.map((r) => ({ id: r.id, subject: r.subject, status: r.status, createdAt: iso(r.created_at)! }));
  },
  async detail(db, ticketId, scope) {
    const params: unknown[] = [ticketId];
    const [r] = await db.query<{
      id: number;
      subject: string;
      description: string | null;
      status: number;
      priority: number;
      source: number;
      created_at: Date | string;
      resolved_at: Date | string | null;
      primary: string | null;
      secondary: string | null;
      inference: string | null;
      next_step: string | null;
      device_name: string | null;
      site_name: string | null;
      created_by: string | null;
    }>(
      `SELECT t.id, t.subject, t.description, t.status, t.priority, t.source, t.created_at, t.resolved_at,
              p.name AS primary, s2.name AS secondary, i.name AS inference, n.name AS next_step, d.name AS device_name, s.name AS site_name, t.created_by
         FROM tickets t
         LEFT JOIN ticket_field_options p ON p.id = t.symptom_primary_id LEFT JOIN ticket_field_options s2 ON s2.id = t.symptom_secondary_id
         LEFT JOIN ticket_field_options i ON i.id = t.symptom_inference_id LEFT JOIN ticket_field_options n ON n.id = t.next_step_id
         LEFT JOIN devices d ON d.id = t.device_id LEFT JOIN sites s ON s.id = t.site_id
        WHERE t.id = $1 AND ${scoped(scope, params)}`,
      params,
    );
    if (!r) return null;
    return {
      id: r.id,
      subject: r.subject,
      description: r.description,
      status: r.status,
      priority: r.priority,
      source: r.source,
      createdAt: iso(r.created_at)!,
      resolvedAt: iso(r.resolved_at),
      symptomPrimary: r.primary,
      symptomSecondary: r.secondary,
      symptomInference: r.inference,
      nextStep: r.next_step,
      deviceName: r.device_name,
      siteName: r.site_name,
      createdBy: r.created_by,
    } satisfies Ticket;
  },
  async conversations(db, ticketId, scope) {
    const params: unknown[] = [ticketId];
    const [ticket] = await db.query<{ id: number }>(
      `SELECT t.id FROM tickets t WHERE t.id = $1 AND ${scoped(scope, params)}`,
      params,
    );
    if (!ticket) return null;
    const rows = await db.query<{
      id: number;
      support_email: string | null;
      created_at: Date | string;
      body_text: string;
    }>(
      'SELECT id, support_email, created_at, body_text FROM ticket_conversations WHERE ticket_id = $1 ORDER BY created_at, id',
      [ticketId],
    );
    return rows.map((r): Conversation => ({
      id: r.id,
      supportEmail: r.support_email,
      createdAt: iso(r.created_at)!,
      bodyText: r.body_text,
    }));
  },
  async fieldOptions(db, field, parentChoiceId) {
    const rows = await db.query<{ id: number; name: string; parent_id: number | null }>(
      `SELECT id, name, parent_id FROM ticket_field_options WHERE field = $1 AND ($2::int IS NULL OR parent_id = $2) ORDER BY name`,
      [field, parentChoiceId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }));
  },
};
