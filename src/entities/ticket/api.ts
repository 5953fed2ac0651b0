// Support ticket calls shared by the screens that list, show and create tickets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { deviceListEndpoint } from '@/contracts/device';
import { siteHealthEndpoint } from '@/contracts/site-health';
import {
  deviceTicketsEndpoint,
  ticketConversationsEndpoint,
  ticketCreateEndpoint,
  ticketDetailEndpoint,
  ticketFieldOptionsEndpoint,
} from '@/contracts/ticket';
import type { TicketCreate, TicketField } from '@/domain/ticket';

export const useTicketFieldOptions = (field: TicketField, parentChoiceId: number | null = null, enabled = true) =>
  useQuery({
    ...endpointQuery(ticketFieldOptionsEndpoint, {
      query: { fieldId: field, ...(parentChoiceId ? { parentChoiceId } : {}) },
    }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useDeviceTickets = (deviceId: number, organizationId: number) =>
  useQuery(endpointQuery(deviceTicketsEndpoint, { query: { deviceId, organizationId } }));

export const useTicketDetail = (ticketId: number | null, deviceId: number, organizationId: number) =>
  useQuery({
    ...endpointQuery(ticketDetailEndpoint, { query: { ticketId: ticketId!, deviceId, organizationId } }),
    enabled: ticketId !== null,
  });

export const useTicketConversations = (ticketId: number | null, deviceId: number, organizationId: number) =>
  useQuery({
    ...endpointQuery(ticketConversationsEndpoint, { query: { ticketId: ticketId!, deviceId, organizationId } }),
    enabled: ticketId !== null,
    retry: false,
  });

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCreate & { organizationId: number }) => callEndpoint(ticketCreateEndpoint, { body }),
    // Not awaited: the answer is shown at once, the lists refresh behind it (issue 25): the device's tickets, the
    // device screens' ticket counts (every /api/device/ answer) and Site Health's.
    onSuccess: () => {
      for (const queryKey of [
        areaKey(deviceTicketsEndpoint),
        areaKey(deviceListEndpoint),
        endpointKey(siteHealthEndpoint),
      ])
        void qc.invalidateQueries({ queryKey });
    },
  });
}
