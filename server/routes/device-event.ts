// Device Events (spec 2 §2, §7 deviceEvents/): a server-side grid over the organization's device events in a time
// range, in blocks, with the column filters, sort and the 'Developer Codes' quick filter.
import { deviceEventsEndpoint } from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { deviceEventsBlock } from '../services/device-event';

export const deviceEventRoutes = [
  defineRoute(deviceEventsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A block of the organization's device events in a time range (startRow/endRow), filtered and sorted",
    example: {
      query: { startRow: '0', endRow: '40', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' },
    },
    handler: ({ database, organizationId, query }) => deviceEventsBlock(database, organizationId!, query),
  }),
];
