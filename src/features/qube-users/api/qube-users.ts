import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { roleOptionSchema } from '@/contracts/organization-user';
import { qubeUserRowSchema } from '@/contracts/qube-user';
import type { UserForm } from '@/domain/user-form';

export const useQubeUsers = () =>
  useQuery({ queryKey: ['qubeUsers'], queryFn: () => apiRequest('/api/userAdmin/list/', z.array(qubeUserRowSchema)) });

export const useQubeRoleOptions = () =>
  useQuery({
    queryKey: ['qubeRoleOptions'],
    queryFn: () => apiRequest('/api/role/qubeRoleOptions/', z.array(roleOptionSchema)),
    staleTime: 5 * 60_000,
  });

export function useSaveQubeUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: UserForm) =>
      apiRequest('/api/qubeUser/qubeUserEdit/', qubeUserRowSchema, { method: 'POST', body: form }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['qubeUsers'] }), // not awaited: the answer is shown at once (issue 25)
  });
}

export function useDeleteQubeUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('/api/qubeUser/qubeUserDelete/', z.object({ id: z.number() }), { method: 'POST', body: { id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['qubeUsers'] }), // not awaited: the answer is shown at once (issue 25)
  });
}
