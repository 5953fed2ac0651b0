import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { organizationUserListSchema, organizationUserSchema, roleOptionSchema } from '@/contracts/organization-user';
import type { UserForm } from '@/domain/user-form';

export const useOrganizationUsers = (organizationId: number) =>
  useQuery({
    queryKey: ['organizationUsers', organizationId],
    queryFn: () =>
      apiRequest('/api/organizationUser/organizationUserList/', organizationUserListSchema, {
        query: { organizationId },
      }),
  });

export const useRoleOptions = (organizationId: number) =>
  useQuery({
    queryKey: ['roleOptions', organizationId],
    queryFn: () =>
      apiRequest('/api/role/organizationRoleOptions/', z.array(roleOptionSchema), { query: { organizationId } }),
  });

export function useSaveUser(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: UserForm) =>
      apiRequest('/api/organizationUser/organizationUserEdit/', organizationUserSchema, {
        method: 'POST',
        body: { ...form, organizationId },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['organizationUsers', organizationId] }), // not awaited: the answer is shown at once (issue 25)
  });
}

export function useDeleteUser(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('/api/organizationUser/organizationUserDelete/', z.object({ id: z.number() }), {
        method: 'POST',
        body: { id, organizationId },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['organizationUsers', organizationId] }), // not awaited: the answer is shown at once (issue 25)
  });
}
