import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  organizationRoleOptionsEndpoint,
  organizationUserDeleteEndpoint,
  organizationUserEditEndpoint,
  organizationUserListEndpoint,
} from '@/contracts/organization-user';
import type { UserForm } from '@/domain/user-form';

const listArgs = (organizationId: number) => ({ query: { organizationId } });

export const useOrganizationUsers = (organizationId: number) =>
  useQuery(endpointQuery(organizationUserListEndpoint, listArgs(organizationId)));

export const useRoleOptions = (organizationId: number) =>
  useQuery(endpointQuery(organizationRoleOptionsEndpoint, { query: { organizationId } }));

export function useSaveUser(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: UserForm) => callEndpoint(organizationUserEditEndpoint, { body: { ...form, organizationId } }),
    // not awaited: the answer is shown at once (issue 25)
    onSuccess: () =>
      void qc.invalidateQueries({ queryKey: endpointKey(organizationUserListEndpoint, listArgs(organizationId)) }),
  });
}

export function useDeleteUser(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(organizationUserDeleteEndpoint, { body: { id, organizationId } }),
    // not awaited: the answer is shown at once (issue 25)
    onSuccess: () =>
      void qc.invalidateQueries({ queryKey: endpointKey(organizationUserListEndpoint, listArgs(organizationId)) }),
  });
}
