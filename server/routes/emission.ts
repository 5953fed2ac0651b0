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
} from '@/contracts/emission';
import { defineRoute } from '../http/define-route';
import {
  emissionRollupsIn,
  emissionTotalsIn,
  normalizedEmissionRateIn,
  periodEmissionRollupsIn,
  siteEmissionStatusesIn,
  siteFilterOptions,
  sourceCategoryOptions,
} from '../services/emission-request';

const orgQuery = { from: 'query', key: 'organizationId' } as const;
const example = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z' };
const periodExample = { ...example, bucketInterval: 'Monthly', ianaTimezoneId: 'UTC' };

export const emissionRoutes = [
  defineRoute(emissionRollupsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission count, volume and average rate per site and source category in a window',
    cached: true,
    example: { query: example },
    handler: ({ query, organizationId, database }) => emissionRollupsIn(database, organizationId!, query),
  }),
  defineRoute(emissionTotalsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission totals per period with projection, target, baseline, normalized rate, change and alarm counts',
    cached: true,
    example: { query: periodExample },
    handler: ({ query, organizationId, database }) => emissionTotalsIn(database, organizationId!, query),
  }),
  defineRoute(periodEmissionRollupsEndpoint, {
    orgScope: orgQuery,
    summary: 'Emission totals per period grouped by alarm level, site or source category',
    cached: true,
    example: { query: { ...periodExample, groupBySite: 'true' } },
    handler: ({ query, organizationId, database }) => periodEmissionRollupsIn(database, organizationId!, query),
  }),
  defineRoute(siteEmissionStatusesEndpoint, {
    orgScope: orgQuery,
    summary: 'Per site: volume, average rate, baseline ratio, rate change and alarm counts in a window',
    cached: true,
    example: { query: example },
    handler: ({ query, organizationId, database }) => siteEmissionStatusesIn(database, organizationId!, query),
  }),
  defineRoute(normalizedEmissionRateEndpoint, {
    orgScope: orgQuery,
    summary: 'CH4 volume per monitored site per hour, by day and over the window',
    cached: true,
    example: { query: example },
    handler: ({ query, organizationId, database }) => normalizedEmissionRateIn(database, organizationId!, query),
  }),
  defineRoute(sourceCategoryOptionsEndpoint, {
    orgScope: false,
    summary: 'Source categories',
    handler: ({ database }) => sourceCategoryOptions(database),
  }),
  defineRoute(siteFilterOptionsEndpoint, {
    orgScope: orgQuery,
    summary: 'One option list of the site filter for the organization (sites, groups or a classification)',
    example: { query: { filterType: 'site' } },
    handler: ({ query, organizationId, database }) => siteFilterOptions(database, organizationId!, query),
  }),
];
