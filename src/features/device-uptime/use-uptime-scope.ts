// The uptime screen's scope: the chosen organizations (the current one when none), site groups and sites with the
// lists the pickers offer, and the request scope (time range and site ids) the tile, chart and grid share.
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import { siteGroupOptionsEndpoint, siteListEndpoint } from '@/contracts/site';
import type { TimeRange } from '@/domain/date-range';
import { sitesInGroups, uptimeSiteIds } from './uptime-scope';

/** What the tile, chart and grid ask about (a type, not an interface, so it passes as query parameters). */
export type UptimeScope = {
  fromTime: string;
  toTime: string;
  organizationIds: number[];
  siteIds: number[];
};

export function useUptimeScope(organizationId: number, range: TimeRange) {
  const [orgIds, setOrgIds] = useState<number[]>([organizationId]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const chosenOrgs = useMemo(() => (orgIds.length ? orgIds : [organizationId]), [orgIds, organizationId]);

  const siteLists = useQueries({
    queries: chosenOrgs.map((id) => endpointQuery(siteListEndpoint, { query: { organizationId: id } })),
  });
  const groupLists = useQueries({
    queries: chosenOrgs.map((id) => endpointQuery(siteGroupOptionsEndpoint, { query: { organizationId: id } })),
  });
  const sites = useMemo(() => siteLists.flatMap((q) => q.data ?? []), [siteLists]);
  const groups = useMemo(() => groupLists.flatMap((q) => q.data ?? []), [groupLists]);
  const offeredSites = useMemo(() => sitesInGroups(sites, groupIds), [sites, groupIds]);
  const effective = useMemo(() => uptimeSiteIds(offeredSites, groupIds, siteIds), [offeredSites, groupIds, siteIds]);

  const scope = useMemo<UptimeScope>(
    () => ({
      fromTime: new Date(range.start).toISOString(),
      toTime: new Date(range.end).toISOString(),
      organizationIds: chosenOrgs,
      siteIds: effective.siteIds,
    }),
    [range.start, range.end, chosenOrgs, effective.siteIds],
  );

  return {
    scope,
    /** Groups were chosen whose sites are all gone: nothing to ask the server. */
    groupsWithoutSites: effective.empty,
    multipleOrganizations: chosenOrgs.length > 1,
    pickers: {
      orgIds,
      groups,
      groupIds,
      offeredSites,
      siteIds,
      // A new organization choice resets the groups and sites; a new group choice the sites.
      setOrgIds: (ids: number[]) => {
        setOrgIds(ids);
        setGroupIds([]);
        setSiteIds([]);
      },
      setGroupIds: (ids: number[]) => {
        setGroupIds(ids);
        setSiteIds([]);
      },
      setSiteIds,
    },
  };
}

export type UptimePickers = ReturnType<typeof useUptimeScope>['pickers'];
