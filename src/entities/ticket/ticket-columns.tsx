// The Tickets column every device list shows the same way (Device Health, Devices): ticket numbers coloured by status.
import type { GridColumn } from '../../ui/data-grid/types';
import { TicketBadges } from './ticket-badges';

export function ticketsColumn<
  T extends { freshdeskTickets: readonly { id: number; status: number | null }[] },
>(): GridColumn<T> {
  return {
    id: 'tickets',
    header: 'Tickets',
    value: (d) => d.freshdeskTickets.map((t) => t.id).join(' '),
    cell: (d) => <TicketBadges tickets={d.freshdeskTickets} />,
    width: 120,
  };
}
