// The ticket desk behind the support-ticket calls (spec 2 §7 /api/freshdesk/...). The built-in desk keeps tickets in
// the database; an external desk (a Freshdesk account) implements the same interface.
import type { Conversation, Ticket, TicketFieldOption, TicketOption } from '@/contracts/ticket';
import type { TicketCreate, TicketField } from '@/domain/ticket';
import type { Queryable } from '../../db/client';

export interface TicketScope {
  /** Null: any organization's (a device's tickets from before it moved, for Qube administrators). */
  organizationId: number | null;
  deviceId?: number;
  siteId?: number;
}

export interface TicketDesk {
  create(
    db: Queryable,
    input: TicketCreate & { organizationId: number; siteId: number; createdBy: string },
  ): Promise<number>;
  list(db: Queryable, scope: TicketScope): Promise<TicketOption[]>;
  detail(db: Queryable, ticketId: number, scope: TicketScope): Promise<Ticket | null>;
  conversations(db: Queryable, ticketId: number, scope: TicketScope): Promise<Conversation[] | null>;
  fieldOptions(db: Queryable, field: TicketField, parentChoiceId: number | null): Promise<TicketFieldOption[]>;
}
