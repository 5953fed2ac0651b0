import { queryOptions } from '@tanstack/react-query';
import { ownerEndpoint, type OwnedKind } from '@/contracts/owner';
import { endpointQuery } from './endpoint-client';

/** Who owns a linked record; ownership does not change while a page is open. */
export const ownerQueryOptions = (kind: OwnedKind, id: string) =>
  queryOptions({ ...endpointQuery(ownerEndpoint, { query: { kind, id } }), staleTime: 10 * 60_000, retry: false });
