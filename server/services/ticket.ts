// Support tickets through the ticket desk adapter (spec 2 §5, §8): a ticket is created for an installed device of the
// organization, with field choices that belong to their fields.
import type { z } from 'zod';
import { NOT_INSTALLED_FOR_TICKET, type ticketCreateSchema } from '@/domain/ticket';
import type { Database, Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { builtInDesk } from './ticket-desk/built-in-desk';
import type { TicketDesk } from './ticket-desk/ticket-desk';

/** The desk in use: the built-in one unless an external desk is configured. */
export const ticketDesk: TicketDesk = builtInDesk;

/** A device of the organization, with its open installation's site. */
export async function deviceInOrganization(
  db: Queryable,
  deviceId: number,
  organizationId: number,
): Promise<{ id: number; site_id: number | null }> {
  const [d] = await db.query<{ id: number; site_id: number | null }>(
    'SELECT d.id, i.site_id FROM devices d LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL WHERE d.id = $1 AND d.organization_id = $2',
    [deviceId, organizationId],
  );
  if (!d) throw new DomainError('NotFound', 'Device not found');
  return d;
}

/** Field options must be of their field, and a secondary symptom a child of the chosen primary. */
async function checkFieldChoices(db: Queryable, body: z.infer<typeof ticketCreateSchema>): Promise<void> {
  const choices: [keyof typeof body, string][] = [
    ['symptomPrimaryId', 'symptomPrimary'],
    ['symptomSecondaryId', 'symptomSecondary'],
    ['symptomInferenceId', 'symptomInference'],
    ['nextStepId', 'nextStep'],
  ];
  const errors: Record<string, string[]> = {};
  for (const [key, field] of choices) {
    const value = body[key] as number | null;
    if (value === null) continue;
    const [o] = await db.query<{ parent_id: number | null }>(
      'SELECT parent_id FROM ticket_field_options WHERE id = $1 AND field = $2',
      [value, field],
    );
    if (!o) errors[key] = ['Not one of the options'];
    else if (key === 'symptomSecondaryId' && o.parent_id !== body.symptomPrimaryId)
      errors[key] = ['Not an option of the chosen Symptom Primary'];
  }
  if (Object.keys(errors).length > 0) throw new DomainError('Invalid', 'The request is not valid.', errors);
}

/** Creates a ticket for an installed device of the organization; answers the ticket id. */
export async function createTicket(
  db: Database,
  organizationId: number,
  ticket: z.infer<typeof ticketCreateSchema>,
  user: SignedInUser,
): Promise<number> {
  return db.transaction(async (tx) => {
    const device = await deviceInOrganization(tx, ticket.deviceId, organizationId);
    if (device.site_id === null) throw new DomainError('Invalid', NOT_INSTALLED_FOR_TICKET);
    await checkFieldChoices(tx, ticket);
    return ticketDesk.create(tx, { ...ticket, organizationId, siteId: device.site_id, createdBy: user.email });
  });
}
