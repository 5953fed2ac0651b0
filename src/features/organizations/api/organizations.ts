import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { organizationSchema } from '@/contracts/organization';
import type { OrganizationForm } from '@/domain/organization-form';

export const getOrganizations = (includeDeleted: boolean) =>
  apiRequest('/api/organization/organizationList/', z.array(organizationSchema), { query: { includeDeleted } });

export const getOrganizationsQueryOptions = (includeDeleted: boolean) =>
  queryOptions({ queryKey: ['organizations', { includeDeleted }], queryFn: () => getOrganizations(includeDeleted) });

export const useOrganizations = (includeDeleted: boolean) => useQuery(getOrganizationsQueryOptions(includeDeleted));

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['organizations'] }),
      qc.invalidateQueries({ queryKey: ['currentUser'] }),
    ]);
}

export function useSaveOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (form: OrganizationForm) =>
      apiRequest('/api/organization/organizationEdit/', organizationSchema, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

export function useDeleteOrRestoreOrganization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'delete' | 'restore' }) =>
      apiRequest(`/api/organization/${action}/${id}`, organizationSchema, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
