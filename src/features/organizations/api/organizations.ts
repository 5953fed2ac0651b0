import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { currentUserKey } from '@/api/get-current-user';
import {
  deleteOrganizationEndpoint,
  organizationEditEndpoint,
  organizationListEndpoint,
  restoreOrganizationEndpoint,
} from '@/contracts/organization';
import type { OrganizationForm } from '@/domain/organization-form';

const getOrganizationsQueryOptions = (includeDeleted: boolean) =>
  endpointQuery(organizationListEndpoint, { query: { includeDeleted } });

export const useOrganizations = (includeDeleted: boolean) => useQuery(getOrganizationsQueryOptions(includeDeleted));

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: endpointKey(organizationListEndpoint) }),
      qc.invalidateQueries({ queryKey: currentUserKey }),
    ]);
}

export function useSaveOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (form: OrganizationForm) => callEndpoint(organizationEditEndpoint, { body: form }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrRestoreOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'delete' | 'restore' }) =>
      callEndpoint(action === 'delete' ? deleteOrganizationEndpoint : restoreOrganizationEndpoint, { params: { id } }),
    onSuccess: invalidate,
  });
}
