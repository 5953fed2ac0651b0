// Support tickets (spec 2 §2 'Support ticket create dialog', Freshdesk tab; §5; §7 /api/freshdesk/...; §8) through
// the ticket desk adapter (the built-in desk unless an external one is configured).
import type { z } from 'zod';
import {
  deviceTicketsEndpoint,
  siteTicketsEndpoint,
  ticketConversationsEndpoint,
  ticketCreateEndpoint,
  ticketDetailEndpoint,
  ticketFieldOptionsEndpoint,
  type ticketQuerySchema,
  ticketSourceOptionsEndpoint,
} from '@/contracts/ticket';
import { TicketSource } from '@/domain/enums';
import { Permission } from '@/domain/permissions';
import { NOT_INSTALLED_FOR_TICKET, type ticketCreateSchema } from '@/domain/tickets';
import type { Queryable } from '../db/client';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { builtInDesk } from '../services/ticket-desk/built-in-desk';
import type { TicketDesk, TicketScope } from '../services/ticket-desk/ticket-desk';

const desk: TicketDesk = builtInDesk;

/** A device of the organization, with its open installation's site. */
async function deviceInOrganization(
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

function ticketScope(query: z.infer<typeof ticketQuerySchema>, organizationId: number): TicketScope {
  if (query.deviceId === undefined && query.siteId === undefined)
    throw new DomainError('Invalid', 'The request is not valid.', { deviceId: ['A device or a site is required'] });
  return { organizationId, deviceId: query.deviceId, siteId: query.siteId };
}

function found<T>(answer: T | null): T {
  if (answer === null) throw new DomainError('NotFound', 'Ticket not found');
  return answer;
}

export const ticketRoutes = [
  defineRoute(ticketCreateEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Creates a support ticket for an installed device; answers the ticket id',
    example: {
      body: {
        deviceId: 1,
        subject: 'No data since Tuesday',
        status: 0,
        priority: 0,
        ticketSource: 2,
        symptomPrimaryId: null,
        symptomSecondaryId: null,
        symptomInferenceId: null,
        nextStepId: null,
        description: null,
      },
    },
    handler: async ({ body, organizationId, user, database }) =>
      database.transaction(async (tx) => {
        const device = await deviceInOrganization(tx, body.deviceId, organizationId!);
        if (device.site_id === null) throw new DomainError('Invalid', NOT_INSTALLED_FOR_TICKET);
        await checkFieldChoices(tx, body);
        return desk.create(tx, {
          ...body,
          organizationId: organizationId!,
          siteId: device.site_id,
          createdBy: user!.email,
        });
      }),
  }),
  defineRoute(deviceTicketsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A device's tickets, newest first; Qube administrators may include those from other organizations",
    handler: async ({ query, organizationId, permissions, database }) => {
      await deviceInOrganization(database, query.deviceId, organizationId!);
      const anyOrganization =
        query.showExternalOrganizationTickets === 'true' && permissions.has(Permission.QubeAdministration);
      return desk.list(database, {
        organizationId: anyOrganization ? null : organizationId!,
        deviceId: query.deviceId,
      });
    },
  }),
  defineRoute(siteTicketsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site's tickets, newest first",
    handler: ({ query, organizationId, database }) =>
      desk.list(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(ticketDetailEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'One ticket of a device or site',
    example: { query: { ticketId: '4001', deviceId: '1' } },
    handler: async ({ query, organizationId, database }) =>
      found(await desk.detail(database, query.ticketId, ticketScope(query, organizationId!))),
  }),
  defineRoute(ticketConversationsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One ticket's conversation (entries without a support email are private notes)",
    example: { query: { ticketId: '4001', deviceId: '1' } },
    handler: async ({ query, organizationId, database }) =>
      found(await desk.conversations(database, query.ticketId, ticketScope(query, organizationId!))),
  }),
  defineRoute(ticketFieldOptionsEndpoint, {
    orgScope: false,
    summary: 'Options of a ticket field (symptom primary, secondary by primary, inference, next step)',
    example: { query: { fieldId: 'symptomPrimary' } },
    handler: ({ query, database }) => desk.fieldOptions(database, query.fieldId, query.parentChoiceId ?? null),
  }),
  defineRoute(ticketSourceOptionsEndpoint, {
    orgScope: false,
    summary: 'The ticket sources',
    handler: async () => [...TicketSource.options],
  }),
];
