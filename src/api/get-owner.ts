import { queryOptions } from '@tanstack/react-query';
import { ownerSchema, type OwnedKind } from '@/contracts/owner';
import { apiRequest } from './client';

/** Who owns a linked record; ownership does not change while a page is open. */
export const ownerQueryOptions = (kind: OwnedKind, id: string) =>
  queryOptions({
    queryKey: ['owner', kind, id],
    queryFn: () => apiRequest('/api/lookup/owner/', ownerSchema, { query: { kind, id } }),
    staleTime: 10 * 60_000,
    retry: false,
  });
