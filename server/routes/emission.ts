// Emission calls of the overview and Emission Analytics (spec 3 §7 'Emissions'), the source category options and the
// site filter's option lists (one call per filter type).
import {
  emissionRollupsEndpoint,
  emissionTotalsEndpoint,
  normalizedEmissionRateEndpoint,
  periodEmissionRollupsEndpoint,
  siteEmissionStatusesEndpoint,
  siteFilterOptionsEndpoint,
  sourceCategoryOptionsEndpoint,
  type EmissionPeriodQuery,
  type EmissionWindowQuery,
} from '@/contracts/emission';
import { EMPTY_SITE_FILTER } from '@/domain/site-filter';
import { defineRoute } from '../http/define-route';
import { invalid } from '../services/errors';
import {
  emissionRollups,
  emissionTotals,
  normalizedEmissionRate,
  periodEmissionRollups,
  siteEmissionStatuses,
  type PeriodRequest,
} from '../services/emission';
import { assertFilterInOrganization } from '../services/site-filter';
import type { Queryable } from '../db/client';

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

const orgQuery = { from: 'query', key: 'organizationId' } as const;
const example = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z' };
const periodExample = { ...example, bucketInterval: 'Monthly', ianaTimezoneId: 'UTC' };

export const emissionRoutes = [
  defineRoute(emissionRollupsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission count, volume and average rate per site and source category in a window',
    cached: true,
    example: { query: example },
    handler: async ({ query, organizationId, database }) => {
      const w = await windowOf(database, organizationId!, query);
      return emissionRollups(database, w.scope, w.start, w.end);
    },
  }),
  defineRoute(emissionTotalsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission totals per period with projection, target, baseline, normalized rate, change and alarm counts',
    cached: true,
    example: { query: periodExample },
    handler: async ({ query, organizationId, database }) =>
      emissionTotals(database, await periodRequest(database, organizationId!, query)),
  }),
  defineRoute(periodEmissionRollupsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission totals per period grouped by alarm level, site or source category',
    cached: true,
    example: { query: { ...periodExample, groupBySite: 'true' } },
    handler: async ({ query, organizationId, database }) =>
      periodEmissionRollups(database, {
        ...(await periodRequest(database, organizationId!, query)),
        groupByAlarmLevel: query.groupByAlarmLevel ?? false,
        groupBySite: query.groupBySite ?? false,
        groupBySourceCategory: query.groupBySourceCategory ?? false,
      }),
  }),
  defineRoute(siteEmissionStatusesEndpoint, {
    orgScope: orgQuery,
    summary: 'Per site: volume, average rate, baseline ratio, rate change and alarm counts in a window',
    cached: true,
    example: { query: example },
    handler: async ({ query, organizationId, database }) => {
      const w = await windowOf(database, organizationId!, query);
      return siteEmissionStatuses(database, w.scope, w.start, w.end);
    },
  }),
  defineRoute(normalizedEmissionRateEndpoint, {
    orgScope: orgQuery,
    summary: 'CH4 volume per monitored site per hour, by day and over the window',
    cached: true,
    example: { query: example },
    handler: async ({ query, organizationId, database }) => {
      const w = await windowOf(database, organizationId!, query);
      return normalizedEmissionRate(database, w.scope, w.start, w.end, validTimeZone(query.ianaTimezoneId ?? 'UTC'));
    },
  }),
  defineRoute(sourceCategoryOptionsEndpoint, {
    orgScope: false,
    summary: 'Source categories',
    handler: async ({ database }) =>
      database.query<{ id: number; name: string }>('SELECT id, name FROM source_categories ORDER BY name'),
  }),
  defineRoute(siteFilterOptionsEndpoint, {
    orgScope: orgQuery,
    summary: 'One option list of the site filter for the organization (sites, groups or a classification)',
    example: { query: { filterType: 'site' } },
    handler: async ({ query, organizationId, database }) => {
      if (query.filterType === 'site') {
        const rows = await database.query<{ id: number; name: string; deleted: boolean }>(
          'SELECT id, name, deleted_at IS NOT NULL AS deleted FROM sites WHERE organization_id = $1 AND ($2::boolean OR deleted_at IS NULL) ORDER BY lower(name), id',
          [organizationId, query.includeDeletedSites ?? false],
        );
        return rows;
      }
      if (query.filterType === 'siteGroup')
        return database.query<{ id: number; name: string }>(
          'SELECT id, name FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id',
          [organizationId],
        );
      // Business units and asset areas are the organization's own lists; the rest are shared catalogues.
      const own = query.filterType === 'businessUnit' || query.filterType === 'assetArea';
      return database.query<{ id: number; name: string }>(
        `SELECT id, name FROM site_options WHERE kind = $1 AND ${own ? 'organization_id = $2' : '(organization_id IS NULL AND $2::int IS NOT NULL)'} ORDER BY lower(name), id`,
        [query.filterType, organizationId],
      );
    },
  }),
];
