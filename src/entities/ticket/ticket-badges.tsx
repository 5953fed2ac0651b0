// Ticket numbers coloured by status (spec 2 §4 'Ticket alert colour'); resolved tickets struck through.
import { TicketStatus } from '@/domain/enums';
import { isResolvedTicket, ticketTone } from '@/domain/ticket';

const TONE = { success: 'badge-success', warning: 'badge-warning', info: 'badge-info', error: 'badge-error' } as const;

export function TicketBadges({ tickets }: { tickets: readonly { id: number; status: number | null }[] }) {
  if (tickets.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {tickets.map((t) => (
        <span
          key={t.id}
          className={`badge badge-sm tabular-nums ${TONE[ticketTone(t.status)]} ${isResolvedTicket(t.status) ? 'line-through' : ''}`}
          title={`Ticket ${t.id}: ${t.status === null ? 'status not set' : TicketStatus.label(t.status)}`}
        >
          {t.id}
        </span>
      ))}
    </span>
  );
}
