// Device Uptime (spec 2 §2 'Device Uptime page', §4, §7 /api/uptime/...): the overview by period and the per-device
// grid in blocks, over at most 90 days, for the organizations (and sites) asked for that the user may see uptime in.
import { uptimeOverviewEndpoint, uptimeStatusEndpoint } from '@/contracts/uptime';
import { defineRoute } from '../http/define-route';
import { uptimeOverview, uptimeStatusBlock } from '../services/uptime';

export const uptimeRoutes = [
  defineRoute(uptimeOverviewEndpoint, {
    orgScope: false,
    summary: 'Uptime of the devices in the organizations (and sites) asked for, per 6-hour period and in total',
    example: { query: { fromTime: '2026-01-01T00:00:00Z', toTime: '2026-01-08T00:00:00Z', organizationIds: '1' } },
    cached: true,
    handler: ({ query, user, database }) => uptimeOverview(database, user!, query),
  }),
  defineRoute(uptimeStatusEndpoint, {
    orgScope: false,
    summary: 'A block of per-device uptime rows (status per 6-hour period and summary), filtered and sorted',
    example: {
      query: {
        fromTime: '2026-01-01T00:00:00Z',
        toTime: '2026-01-08T00:00:00Z',
        organizationIds: '1',
        startRow: '0',
        endRow: '100',
      },
    },
    cached: true,
    handler: ({ query, user, database }) => uptimeStatusBlock(database, user!, query),
  }),
];
