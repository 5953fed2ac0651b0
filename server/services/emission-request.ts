// The Emission Analytics and overview calls as a route makes them (spec 3 §7 'Emissions'): the window (start before
// end, at most two and a half years), the time zone and the site filter (every site and group the organization's)
// checked, then the read of services/emission.ts; and the option lists of the source categories and the site filter.
import type { EmissionPeriodQuery, EmissionWindowQuery } from '@/contracts/emission';
import { EMPTY_SITE_FILTER } from '@/domain/site-filter';
import type { Queryable } from '../db/client';
import {
  emissionRollups,
  emissionTotals,
  normalizedEmissionRate,
  periodEmissionRollups,
  siteEmissionStatuses,
  type PeriodRequest,
} from './emission';
import { invalid } from './errors';
import { assertFilterInOrganization } from './site-filter';

/** Two years and a quarter: the longest window the analytics screens ask for, with room for the previous period. */
const MAX_WINDOW_MS = 2.5 * 365 * 86_400_000;

async function windowOf(db: Queryable, organizationId: number, query: EmissionWindowQuery) {
  const start = Date.parse(query.startTime);
  const end = Date.parse(query.endTime);
  if (!(start < end)) throw invalid('Start time must be before end time');
  if (end - start > MAX_WINDOW_MS) throw invalid('The time range is too long');
  const filter = query.siteFilter ?? EMPTY_SITE_FILTER;
  await assertFilterInOrganization(db, organizationId, filter);
  return { start, end, scope: { organizationId, filter } };
}

function validTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw invalid(`Unknown time zone: ${zone}`);
  }
}

/** A period call's window, scope and time zone, checked. */
async function periodRequest(
  db: Queryable,
  organizationId: number,
  query: EmissionPeriodQuery,
): Promise<PeriodRequest> {
  const w = await windowOf(db, organizationId, query);
  return {
    ...w.scope,
    bucket: query.bucketInterval,
    start: w.start,
    end: w.end,
    timeZone: validTimeZone(query.ianaTimezoneId),
    endTimeIsInCurrentPeriod: query.endTimeIsInCurrentPeriod ?? false,
    now: Date.now(),
  };
}

export async function emissionRollupsIn(db: Queryable, organizationId: number, query: EmissionWindowQuery) {
  const w = await windowOf(db, organizationId, query);
  return emissionRollups(db, w.scope, w.start, w.end);
}

export async function emissionTotalsIn(db: Queryable, organizationId: number, query: EmissionPeriodQuery) {
  return emissionTotals(db, await periodRequest(db, organizationId, query));
}

export async function periodEmissionRollupsIn(
  db: Queryable,
  organizationId: number,
  query: EmissionPeriodQuery & { groupByAlarmLevel?: boolean; groupBySite?: boolean; groupBySourceCategory?: boolean },
) {
  return periodEmissionRollups(db, {
    ...(await periodRequest(db, organizationId, query)),
    groupByAlarmLevel: query.groupByAlarmLevel ?? false,
    groupBySite: query.groupBySite ?? false,
    groupBySourceCategory: query.groupBySourceCategory ?? false,
  });
}

export async function siteEmissionStatusesIn(db: Queryable, organizationId: number, query: EmissionWindowQuery) {
  const w = await windowOf(db, organizationId, query);
  return siteEmissionStatuses(db, w.scope, w.start, w.end);
}

export async function normalizedEmissionRateIn(
  db: Queryable,
  organizationId: number,
  query: EmissionWindowQuery & { ianaTimezoneId?: string | undefined },
) {
  const w = await windowOf(db, organizationId, query);
  return normalizedEmissionRate(db, w.scope, w.start, w.end, validTimeZone(query.ianaTimezoneId ?? 'UTC'));
}

export function sourceCategoryOptions(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>('SELECT id, name FROM source_categories ORDER BY name');
}

/** One option list of the site filter: the organization's sites or groups, its own or the shared classifications. */
export async function siteFilterOptions(
  db: Queryable,
  organizationId: number,
  query: { filterType: string; includeDeletedSites?: boolean | undefined },
): Promise<{ id: number; name: string; deleted?: boolean }[]> {
  if (query.filterType === 'site')
    return db.query<{ id: number; name: string; deleted: boolean }>(
      'SELECT id, name, deleted_at IS NOT NULL AS deleted FROM sites WHERE organization_id = $1 AND ($2::boolean OR deleted_at IS NULL) ORDER BY lower(name), id',
      [organizationId, query.includeDeletedSites ?? false],
    );
  if (query.filterType === 'siteGroup')
    return db.query<{ id: number; name: string }>(
      'SELECT id, name FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id',
      [organizationId],
    );
  // Business units and asset areas are the organization's own lists; the rest are shared catalogues.
  const own = query.filterType === 'businessUnit' || query.filterType === 'assetArea';
  return db.query<{ id: number; name: string }>(
    `SELECT id, name FROM site_options WHERE kind = $1 AND ${own ? 'organization_id = $2' : '(organization_id IS NULL AND $2::int IS NOT NULL)'} ORDER BY lower(name), id`,
    [query.filterType, organizationId],
  );
}
