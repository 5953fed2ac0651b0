import { queryOptions } from '@tanstack/react-query';
import { currentUserSchema, logoutResponseSchema } from '@/contracts/current-user';
import { apiRequest } from './client';

export const getCurrentUser = () => apiRequest('/api/user/currentUser/', currentUserSchema);
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['currentUser'], queryFn: getCurrentUser, staleTime: 5 * 60_000 });
export const postLogout = () => apiRequest('/api/user/logout/', logoutResponseSchema, { method: 'POST' });
