// Support ticket calls shared by the screens that list, show and create tickets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { conversationSchema, ticketFieldOptionSchema, ticketOptionSchema, ticketSchema } from '@/contracts/ticket';
import type { TicketCreate, TicketField } from '@/domain/tickets';

export const useTicketFieldOptions = (field: TicketField, parentChoiceId: number | null = null, enabled = true) =>
  useQuery({
    queryKey: ['ticketFieldOptions', field, parentChoiceId],
    queryFn: () =>
      apiRequest('/api/freshdesk/freshdeskTicketFieldOptions/', z.array(ticketFieldOptionSchema), {
        query: { fieldId: field, ...(parentChoiceId ? { parentChoiceId } : {}) },
      }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useDeviceTickets = (deviceId: number, organizationId: number) =>
  useQuery({
    queryKey: ['tickets', 'device', deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/freshdesk/deviceFreshdeskTicketOptions/', z.array(ticketOptionSchema), {
        query: { deviceId, organizationId },
      }),
  });

export const useTicketDetail = (ticketId: number | null, deviceId: number, organizationId: number) =>
  useQuery({
    queryKey: ['ticket', ticketId, deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/freshdesk/freshdeskTicketDetail/', ticketSchema, {
        query: { ticketId: ticketId!, deviceId, organizationId },
      }),
    enabled: ticketId !== null,
  });

export const useTicketConversations = (ticketId: number | null, deviceId: number, organizationId: number) =>
  useQuery({
    queryKey: ['ticketConversations', ticketId, deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/freshdesk/freshdeskTicketConversations/', z.array(conversationSchema), {
        query: { ticketId: ticketId!, deviceId, organizationId },
      }),
    enabled: ticketId !== null,
    retry: false,
  });

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCreate & { organizationId: number }) =>
      apiRequest('/api/freshdesk/freshdeskTicketCreate/', z.number(), { method: 'POST', body }),
    // Not awaited: the answer is shown at once, the lists refresh behind it (issue 25).
    onSuccess: () => {
      for (const key of ['tickets', 'deviceHealth', 'devices', 'siteHealth'])
        void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}
