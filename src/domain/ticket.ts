// Support ticket rules (spec 2 §4 'Ticket alert colour', §5 'Support ticket create', §8, §9 ticket defaults).
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';
import { TicketPriority, TicketSource, TicketStatus } from './enums';
import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from './text-limits';

export const TICKET_FIELDS = ['symptomPrimary', 'symptomSecondary', 'symptomInference', 'nextStep'] as const;
export type TicketField = (typeof TICKET_FIELDS)[number];

/** Statuses offered when creating a ticket. */
export const CREATE_STATUSES = [
  TicketStatus.values.Open,
  TicketStatus.values.Pending,
  TicketStatus.values.Escalated,
  TicketStatus.values.Investigating,
  TicketStatus.values.Stalled,
] as const;

export const NOT_INSTALLED_FOR_TICKET = 'Devices must be installed to create a ticket';
export const TICKET_NOT_CREATED = 'The Freshdesk ticket could not be created';
export const ticketCreatedToast = (id: number) => `Freshdesk Ticket ${id} created`;
export const NO_TICKETS = 'No Freshdesk Tickets';
export const NO_CONVERSATIONS = 'No conversations for this Freshdesk Ticket';

/** Default source: Internal in production, Testing elsewhere. */
export const defaultTicketSource = (isProduction: boolean) =>
  isProduction ? TicketSource.values.Internal : TicketSource.values.Testing;

export const ticketCreateSchema = z.object({
  deviceId: idSchema,
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(MEDIUM_TEXT_MAX, `Subject must be at most ${MEDIUM_TEXT_MAX} characters`),
  status: z
    .number({ error: 'Status is required' })
    .int()
    .refine((v) => (CREATE_STATUSES as readonly number[]).includes(v), 'Status is required'),
  priority: z
    .number({ error: 'Priority is required' })
    .int()
    .min(0, 'Priority is required')
    .max(3, 'Priority is required'),
  ticketSource: z
    .number({ error: 'Ticket Source is required' })
    .int()
    .min(0, 'Ticket Source is required')
    .max(2, 'Ticket Source is required'),
  symptomPrimaryId: idSchema.nullable(),
  symptomSecondaryId: idSchema.nullable(),
  symptomInferenceId: idSchema.nullable(),
  nextStepId: idSchema.nullable(),
  description: z.string().max(LARGE_TEXT_MAX, `Description must be at most ${LARGE_TEXT_MAX} characters`).nullable(),
});
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

export const TICKET_CREATE_DEFAULTS = {
  status: TicketStatus.values.Open,
  priority: TicketPriority.values.Low,
} as const;

export type TicketTone = 'success' | 'warning' | 'info' | 'error';
/** Closed and Resolved success; Escalated and Pending warning; Investigating, Open and unset info; Stalled error. */
export function ticketTone(status: number | null): TicketTone {
  switch (status) {
    case TicketStatus.values.Closed:
    case TicketStatus.values.Resolved:
      return 'success';
    case TicketStatus.values.Escalated:
    case TicketStatus.values.Pending:
      return 'warning';
    case TicketStatus.values.Stalled:
      return 'error';
    default:
      return 'info';
  }
}
export const isResolvedTicket = (status: number | null) =>
  status === TicketStatus.values.Resolved || status === TicketStatus.values.Closed;
/** A conversation entry without a support email is a private note. */
export const isPrivateNote = (supportEmail: string | null) => !supportEmail || supportEmail.trim() === '';
