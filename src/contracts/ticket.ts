// Support tickets as the console shows them (spec 2 §3 'Ticket', 'Conversation entry').
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { TICKET_FIELDS, ticketCreateSchema } from '@/domain/ticket';

export const ticketFieldOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type TicketFieldOption = z.infer<typeof ticketFieldOptionSchema>;

/** A ticket in a device's or site's list of ticket numbers. */
export const ticketOptionSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type TicketOption = z.infer<typeof ticketOptionSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  priority: z.number().int(),
  source: z.number().int(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  symptomPrimary: z.string().nullable(),
  symptomSecondary: z.string().nullable(),
  symptomInference: z.string().nullable(),
  nextStep: z.string().nullable(),
  deviceName: z.string().nullable(),
  siteName: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  supportEmail: z.string().nullable(),
  createdAt: z.string(),
  bodyText: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const id = queryIdSchema;
const orgQuery = z.object({ organizationId: id });
/** A ticket of a device or of a site of the organization. */
export const ticketQuerySchema = orgQuery.extend({ ticketId: id, deviceId: id.optional(), siteId: id.optional() });

export const ticketCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/freshdesk/freshdeskTicketCreate/',
  access: [Permission.DeviceAdministration],
  body: ticketCreateSchema.extend({ organizationId: idSchema }),
  response: z.number().int(),
});
export const deviceTicketsEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/deviceFreshdeskTicketOptions/',
  access: [Permission.DeviceAdministration, Permission.SiteHealthAdministration],
  query: orgQuery.extend({ deviceId: id, showExternalOrganizationTickets: z.enum(['true', 'false']).optional() }),
  response: z.array(ticketOptionSchema),
});
export const siteTicketsEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/siteFreshdeskTicketOptions/',
  access: [Permission.DeviceAdministration, Permission.SiteHealthAdministration],
  query: orgQuery.extend({ siteId: id }),
  response: z.array(ticketOptionSchema),
});
export const ticketDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/freshdeskTicketDetail/',
  access: [Permission.DeviceAdministration, Permission.SiteHealthAdministration],
  query: ticketQuerySchema,
  response: ticketSchema,
});
export const ticketConversationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/freshdeskTicketConversations/',
  access: [Permission.DeviceAdministration, Permission.SiteHealthAdministration],
  query: ticketQuerySchema,
  response: z.array(conversationSchema),
});
export const ticketFieldOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/freshdeskTicketFieldOptions/',
  access: 'authenticated',
  query: z.object({ fieldId: z.enum(TICKET_FIELDS), parentChoiceId: id.optional() }),
  response: z.array(ticketFieldOptionSchema),
});
export const ticketSourceOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/freshdesk/freshdeskTicketTicketSourceOptions/',
  access: 'authenticated',
  response: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
