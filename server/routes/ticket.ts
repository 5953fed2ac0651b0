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
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import type { TicketScope } from '../services/ticket-desk/ticket-desk';
import { createTicket, deviceInOrganization, ticketDesk as desk } from '../services/ticket';

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
    handler: ({ body, organizationId, user, database }) => createTicket(database, organizationId!, body, user!),
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
