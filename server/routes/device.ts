// The device a dashboard opens by name (spec 2 §2 'Device Dashboard'): what it is, where it stands, which
// measurement types it has data for, and the GPS fixes it reported (spec 2 §3 'Location stat').
import {
  deviceDetailEndpoint,
  deviceLocationStatsEndpoint,
  deviceSummaryEndpoint,
  LOCATION_STATS_LIMIT,
} from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { deviceDetail, deviceLocationStats, deviceSummary } from '../services/device-dashboard';

export const deviceRoutes = [
  defineRoute(deviceSummaryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'One device of the organization by name, with its installations and the measurement types it has data for',
    handler: ({ database, organizationId, query }) => deviceSummary(database, organizationId!, query),
  }),
  defineRoute(deviceLocationStatsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: `A device's location stats (GPS fixes), newest first, at most ${LOCATION_STATS_LIMIT.toLocaleString('en-US')}`,
    example: { query: { deviceId: '1' } },
    handler: ({ database, organizationId, query }) => deviceLocationStats(database, organizationId!, query),
  }),
  defineRoute(deviceDetailEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "One device's device-cloud status and build: firmware, last heard, identifiers, hardware and serial numbers",
    handler: ({ database, organizationId, query }) => deviceDetail(database, organizationId!, query),
  }),
];
