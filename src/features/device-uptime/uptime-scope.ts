// Which sites the uptime screen asks about (spec 2 §4): the sites chosen, else every site of the chosen groups;
// none chosen means every site of the chosen organizations. Groups whose sites are all gone leave nothing to ask.
interface ScopeSite {
  id: number;
  siteGroupIds: readonly number[];
}

/** The sites the Sites picker offers: those in the chosen groups, or all when no group is chosen. */
export function sitesInGroups<S extends ScopeSite>(sites: readonly S[], groupIds: readonly number[]): readonly S[] {
  return groupIds.length ? sites.filter((s) => s.siteGroupIds.some((g) => groupIds.includes(g))) : sites;
}

/** The site ids sent; empty means the organizations' every site, unless `empty` says nothing can match. */
export function uptimeSiteIds(
  inGroups: readonly ScopeSite[],
  groupIds: readonly number[],
  siteIds: readonly number[],
): { siteIds: number[]; empty: boolean } {
  if (siteIds.length) return { siteIds: [...siteIds], empty: false };
  if (!groupIds.length) return { siteIds: [], empty: false };
  return { siteIds: inGroups.map((s) => s.id), empty: inGroups.length === 0 };
}
