import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { siteListRowSchema } from '@/contracts/site';

export const getSites = (organizationId: number, includeDeleted: boolean) =>
  apiRequest('/api/site/siteList/', z.array(siteListRowSchema), {
    query: { organizationId, ...(includeDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
  });

export const getSitesQueryOptions = (organizationId: number, includeDeleted: boolean) =>
  queryOptions({ queryKey: ['sites', organizationId, { includeDeleted }], queryFn: () => getSites(organizationId, includeDeleted) });

export const useSites = (organizationId: number, includeDeleted: boolean) => useQuery(getSitesQueryOptions(organizationId, includeDeleted));

export function useDeleteOrRestoreSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, organizationId, action }: { siteId: number; organizationId: number; action: 'delete' | 'restore' }) =>
      apiRequest(action === 'delete' ? '/api/site/deleteSite/' : '/api/site/restoreSite/', z.object({ siteId: z.number(), deletedAt: z.string().nullable() }), {
        method: 'POST',
        body: { siteId, organizationId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sites'] }),
  });
}
