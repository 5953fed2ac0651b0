import { queryOptions } from '@tanstack/react-query';
import { currentUserEndpoint, logoutEndpoint } from '@/contracts/current-user';
import { callEndpoint, endpointKey } from './endpoint-client';

const getCurrentUser = () => callEndpoint(currentUserEndpoint);
/** The cached current user, for screens that write settings back into it. */
export const currentUserKey = endpointKey(currentUserEndpoint, {});
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserKey, queryFn: getCurrentUser, staleTime: 5 * 60_000 });
export const postLogout = () => callEndpoint(logoutEndpoint);
