// The site dashboard map's reads (spec 3 §2 'Map', §3 'Data'): concentration roses and the site's wind per
// installation. Like the dashboard, any member reads.
import { roseChartDataEndpoint, siteWindDataEndpoint, siteWindTrailEndpoint } from '@/contracts/site-map';
import { defineRoute } from '../http/define-route';
import { roseChartData, siteWindData, siteWindTrail } from '../services/site-map';

const orgScope = { from: 'query', key: 'organizationId' } as const;
const rangeExample = { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };

export const siteMapRoutes = [
  defineRoute(roseChartDataEndpoint, {
    orgScope,
    summary:
      'Concentration roses of the site: per installation, the readings of a gas at or above its low legend threshold counted by the 16-point sector the wind blew from (nearest wind reading within 10 minutes) and severity 1-3 (low-mid, mid-high, high and above); non-zero cells only',
    example: { query: { ...rangeExample, measurementTypeId: '1' } },
    handler: ({ query, organizationId, database }) =>
      roseChartData(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(siteWindDataEndpoint, {
    orgScope,
    summary:
      "The site's wind per installation over the range: circular mean direction and mean speed (km/h) per period of 15 minutes or longer, so the range holds at most 96 periods",
    example: { query: rangeExample },
    handler: ({ query, organizationId, database }) =>
      siteWindData(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
  defineRoute(siteWindTrailEndpoint, {
    orgScope,
    summary:
      "The wind a site map's wind trails are drawn from: per installation, one-minute mean direction and speed (km/h) over the 40 minutes up to the time",
    example: { query: { siteId: '1', time: '2026-01-01T12:00:00Z' } },
    handler: ({ query, organizationId, database }) =>
      siteWindTrail(database, { organizationId: organizationId!, siteId: query.siteId }, query),
  }),
];
