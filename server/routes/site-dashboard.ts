// The single-site dashboard's reads (spec 3 §2 'Single-site dashboard', spec 2 §7 'Site helpers'): the site, the
// devices that stood there over a range with the measurement types they stored, its sources, its emissions and its
// modelled rate. The dashboard has no permission gate (spec 1 route table), so any member of the organization reads.
import {
  emissionLocalizationEndpoint,
  siteDashboardDevicesEndpoint,
  siteDetailEndpoint,
  siteEmissionsEndpoint,
  siteRateAverageEndpoint,
  siteRateDataEndpoint,
  siteSourcesEndpoint,
} from '@/contracts/site-dashboard';
import { defineRoute } from '../http/define-route';
import { emissionLocalization } from '../services/emission-localization';
import {
  SITE_EMISSIONS_LIMIT,
  siteDetail,
  siteDeviceStays,
  siteEmissions,
  siteRateAverageOf,
  siteRateData,
  siteSources,
} from '../services/site-dashboard';

const orgScope = { from: 'query', key: 'organizationId' } as const;
const rangeExample = { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };

export const siteDashboardRoutes = [
  defineRoute(siteDetailEndpoint, {
    orgScope,
    summary:
      "One site with its list row's fields and how far the modelling pipeline has processed it; 404 outside the organization, 410 when deleted",
    cached: true,
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      siteDetail(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(siteDashboardDevicesEndpoint, {
    orgScope,
    summary:
      'Every installation at the site overlapping [startTime, endTime), by device name then start, with the measurement types the device stored within the stay and the range',
    cached: true,
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      siteDeviceStays(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(siteSourcesEndpoint, {
    orgScope,
    summary:
      "The site's emission sources by name, with category ('Uncategorized' without one) and group; deleted ones included and flagged",
    cached: true,
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      siteSources(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(siteEmissionsEndpoint, {
    orgScope,
    summary: `The site's emissions overlapping [startTime, endTime), oldest first (one still processing overlaps when it started before the end); at most ${SITE_EMISSIONS_LIMIT}`,
    cached: true,
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      siteEmissions(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(siteRateDataEndpoint, {
    orgScope,
    summary:
      "The site's modelled CH4 rate (kg/h) with its bounds in [startTime, endTime], ascending; time in epoch milliseconds",
    cached: true,
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      siteRateData(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(siteRateAverageEndpoint, {
    orgScope,
    summary:
      "Rolling means (kg/h) of the site's modelled rate and of each source's rate over 1 hour, 1 day, 7, 15, 30 or 90 days (rollingAveragePeriod: hours, or '30 days'); without a range, the week before the model's processed-up-to time",
    cached: true,
    example: { query: { ...rangeExample, rollingAveragePeriod: '24' } },
    handler: ({ query, organizationId, database }) =>
      siteRateAverageOf(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(emissionLocalizationEndpoint, {
    orgScope,
    summary:
      "An emission's candidate sources, most likely first: its own source with the pipeline's probability, then the site's other sources (not emitting themselves then) by their mean localization probability over the emission's steps; 404 outside the organization",
    cached: true,
    example: { query: { emissionId: '1' } },
    handler: ({ query, organizationId, database }) => emissionLocalization(database, organizationId!, query.emissionId),
  }),
];
