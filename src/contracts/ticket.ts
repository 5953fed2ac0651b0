// Support tickets as the console shows them (spec 2 §3 'Ticket', 'Conversation entry').
import { z } from 'zod';

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
