// The analytics site filter as SQL over `sites s`, and the check that every site and group it names belongs to the
// organization: another organization's ids are refused, not silently dropped.
import { SITE_FILTER_KEYS, type SiteFilter, type SiteFilterKey } from '@/domain/site-filter';
import type { Queryable } from '../db/client';
import { notFound } from './errors';

const COLUMN: Record<Exclude<SiteFilterKey, 'site' | 'siteGroup'>, string> = {
  businessUnit: 'business_unit_id',
  assetArea: 'asset_area_id',
  country: 'country_id',
  stateProvince: 'state_province_id',
  regulation: 'regulation_id',
  regulatorySiteType: 'regulatory_site_type_id',
  genericSiteType: 'generic_site_type_id',
  basin: 'basin_id',
  industrySegment: 'industry_segment_id',
  fluidType: 'fluid_type_id',
};

/** Conditions on alias `s` for the organization and filter; pushes its parameters onto `params`. */
export function siteFilterSql(organizationId: number, filter: SiteFilter, params: unknown[]): string {
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const parts = [`s.organization_id = ${p(organizationId)}`];
  if (!filter.includeDeletedSites) parts.push('s.deleted_at IS NULL');
  for (const key of SITE_FILTER_KEYS) {
    const ids = filter[key];
    if (ids.length === 0) continue;
    if (key === 'site') parts.push(`s.id = ANY(${p(ids)}::int[])`);
    else if (key === 'siteGroup')
      parts.push(
        `EXISTS (SELECT 1 FROM site_site_groups sg WHERE sg.site_id = s.id AND sg.site_group_id = ANY(${p(ids)}::int[]))`,
      );
    else parts.push(`s.${COLUMN[key]} = ANY(${p(ids)}::int[])`);
  }
  return parts.join(' AND ');
}

/** Refuses sites or site groups of another organization (or none at all) named in the filter. */
export async function assertFilterInOrganization(
  db: Queryable,
  organizationId: number,
  filter: SiteFilter,
): Promise<void> {
  if (filter.site.length > 0) {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sites WHERE id = ANY($1::int[]) AND organization_id = $2',
      [filter.site, organizationId],
    );
    if ((row?.n ?? 0) !== new Set(filter.site).size) throw notFound('Site not found');
  }
  if (filter.siteGroup.length > 0) {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
      [filter.siteGroup, organizationId],
    );
    if ((row?.n ?? 0) !== new Set(filter.siteGroup).size) throw notFound('Site group not found');
  }
}
