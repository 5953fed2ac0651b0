// The site filter of the analytics screens (spec 3 §3 'Site filter'): id lists per site classification, sites,
// groups and the include-deleted flag. Sent as repeated dotted query parameters (siteFilter.site=1&siteFilter.site=2).
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';

export const SITE_FILTER_KEYS = [
  'site',
  'siteGroup',
  'businessUnit',
  'assetArea',
  'country',
  'stateProvince',
  'regulation',
  'regulatorySiteType',
  'genericSiteType',
  'basin',
  'industrySegment',
  'fluidType',
] as const;
export type SiteFilterKey = (typeof SITE_FILTER_KEYS)[number];

/** Labels of the Filters dialog (spec 3 §2), in its order. */
export const SITE_FILTER_LABELS: Record<SiteFilterKey, string> = {
  site: 'Site Name',
  siteGroup: 'Site Groups',
  businessUnit: 'Business Units',
  assetArea: 'Asset/Areas',
  country: 'Countries',
  stateProvince: 'State/Provinces',
  regulation: 'Regulations',
  regulatorySiteType: 'Regulatory Site Types',
  genericSiteType: 'Generic Site Types',
  basin: 'Basins',
  industrySegment: 'Industry Segments',
  fluidType: 'Fluid Types',
};

export type SiteFilter = { [K in SiteFilterKey]: number[] } & { includeDeletedSites: boolean };

export const EMPTY_SITE_FILTER: SiteFilter = {
  site: [],
  siteGroup: [],
  businessUnit: [],
  assetArea: [],
  country: [],
  stateProvince: [],
  regulation: [],
  regulatorySiteType: [],
  genericSiteType: [],
  basin: [],
  industrySegment: [],
  fluidType: [],
  includeDeletedSites: false,
};

/** A bound that keeps a query string sane; an organization's whole site list fits. */
export const MAX_FILTER_IDS = 5000;

const idList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(queryIdSchema).max(MAX_FILTER_IDS),
);

export const siteFilterSchema = z
  .object({
    ...(Object.fromEntries(SITE_FILTER_KEYS.map((k) => [k, idList])) as Record<SiteFilterKey, typeof idList>),
    includeDeletedSites: z.preprocess((v) => v === true || v === 'true', z.boolean()),
  })
  .partial()
  .transform(
    (f): SiteFilter =>
      ({
        ...EMPTY_SITE_FILTER,
        ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)),
      }) as SiteFilter,
  );

/** Query parameters for a filter: only what narrows, as repeated dotted keys. */
export function siteFilterParams(filter: SiteFilter): Record<string, number[] | boolean | undefined> {
  const out: Record<string, number[] | boolean | undefined> = {};
  for (const key of SITE_FILTER_KEYS) if (filter[key].length > 0) out[`siteFilter.${key}`] = filter[key];
  if (filter.includeDeletedSites) out['siteFilter.includeDeletedSites'] = true;
  return out;
}

/** How many filter lists narrow the sites (the More Filters badge). */
export const activeFilterCount = (filter: SiteFilter) => SITE_FILTER_KEYS.filter((k) => filter[k].length > 0).length;

/** Fills gaps from older stored shapes, dropping what no longer parses. */
export function readStoredSiteFilter(value: unknown): SiteFilter {
  const parsed = siteFilterSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : EMPTY_SITE_FILTER;
}

/**
 * The legacy overview kept its site-group choice apart (a list of group ids); it moves once into the filter's
 * siteGroup list, merged with what the filter already holds.
 */
export function migrateLegacySiteGroups(filter: SiteFilter, legacy: unknown): SiteFilter {
  const ids = Array.isArray(legacy) ? legacy.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  if (ids.length === 0) return filter;
  return { ...filter, siteGroup: [...new Set([...filter.siteGroup, ...ids])] };
}
