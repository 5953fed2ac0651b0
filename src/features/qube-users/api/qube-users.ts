import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  qubeRoleOptionsEndpoint,
  qubeUserDeleteEndpoint,
  qubeUserEditEndpoint,
  qubeUserListEndpoint,
} from '@/contracts/qube-user';
import type { UserForm } from '@/domain/user-form';

export const useQubeUsers = () => useQuery(endpointQuery(qubeUserListEndpoint));

export const useQubeRoleOptions = () => useQuery({ ...endpointQuery(qubeRoleOptionsEndpoint), staleTime: 5 * 60_000 });

export function useSaveQubeUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: UserForm) => callEndpoint(qubeUserEditEndpoint, { body: form }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: endpointKey(qubeUserListEndpoint) }), // not awaited: the answer is shown at once (issue 25)
  });
}

export function useDeleteQubeUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(qubeUserDeleteEndpoint, { body: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: endpointKey(qubeUserListEndpoint) }), // not awaited: the answer is shown at once (issue 25)
  });
}
