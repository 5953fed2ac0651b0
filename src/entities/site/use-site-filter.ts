// The analytics site filter, kept in this browser per user and organization: switching organization shows that
// organization's own filter (or none), never another's ids. The legacy overview site-group entry moves in once.
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import { siteFilterOptionsEndpoint } from '@/contracts/emission';
import {
  EMPTY_SITE_FILTER,
  migrateLegacySiteGroups,
  readStoredSiteFilter,
  type SiteFilter,
  type SiteFilterKey,
} from '@/domain/site-filter';
import { useSession } from '../../ui/session-context';

/** Where the old overview kept its site-group choice. */
export const LEGACY_SITE_GROUP_KEY = 'overview.siteGroupIds';
export const siteFilterStorageKey = (userId: number, organizationId: number) =>
  `console.siteFilter.${userId}.${organizationId}`;

function load(key: string): SiteFilter {
  let filter = EMPTY_SITE_FILTER;
  try {
    const raw = window.localStorage.getItem(key);
    filter = raw ? readStoredSiteFilter(JSON.parse(raw)) : EMPTY_SITE_FILTER;
    const legacy = window.localStorage.getItem(LEGACY_SITE_GROUP_KEY);
    if (legacy !== null) {
      filter = migrateLegacySiteGroups(filter, JSON.parse(legacy));
      window.localStorage.removeItem(LEGACY_SITE_GROUP_KEY);
      window.localStorage.setItem(key, JSON.stringify(filter));
    }
  } catch {
    // A damaged entry reads as no filter.
  }
  return filter;
}

export function useSiteFilter(): [SiteFilter, (next: SiteFilter) => void] {
  const { user, organization } = useSession();
  const key = siteFilterStorageKey(user.userDetails.userId, organization?.id ?? 0);
  const [state, setState] = useState(() => ({ key, filter: load(key) }));
  // A new organization (or user) starts from what was kept for it.
  useEffect(() => {
    if (state.key !== key) setState({ key, filter: load(key) });
  }, [key, state.key]);
  const update = useCallback(
    (next: SiteFilter) => {
      setState({ key, filter: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the filter still applies for this visit.
      }
    },
    [key],
  );
  return [state.key === key ? state.filter : EMPTY_SITE_FILTER, update];
}

export function useSiteFilterOptions(filterType: SiteFilterKey, includeDeletedSites = false, enabled = true) {
  const { organization } = useSession();
  const organizationId = organization?.id ?? 0;
  return useQuery({
    ...endpointQuery(siteFilterOptionsEndpoint, {
      query: { organizationId, filterType, ...(includeDeletedSites ? { includeDeletedSites: true } : {}) },
    }),
    enabled: enabled && organizationId > 0,
    staleTime: 60_000,
  });
}
