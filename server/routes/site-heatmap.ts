// The site dashboard's CH4 heatmap (spec 3 §2 'CH4 heatmap'): any member of the site's organization reads; another
// organization's site is 404, a range over a year or ending before it starts is refused.
import { siteHeatmapEndpoint } from '@/contracts/site-heatmap';
import { defineRoute } from '../http/define-route';
import { checkedRange } from '../services/chart-range';
import { siteHeatmap } from '../services/site-heatmap/service';

export const siteHeatmapRoutes = [
  defineRoute(siteHeatmapEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The site's time-mean modelled CH4 enhancement over the range (daily tiles of the pipeline's source rates and the measured wind, hours-weighted), or each device's mean enhancement where the model is blocked or has no rates; days still computing are listed",
    example: { query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-31T00:00:00Z' } },
    handler: ({ query, organizationId, database }) =>
      siteHeatmap(database, { organizationId: organizationId!, siteId: query.siteId }, checkedRange(query)),
  }),
];
