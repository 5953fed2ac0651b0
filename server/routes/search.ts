// The search drawer's lists (spec 2 §2 'Search drawer', §7 deviceSearchList/, siteSearchList): the selected
// organization's sites and devices, or with 'Show All' every organization the user may see them in.
import { deviceSearchListEndpoint, siteSearchListEndpoint } from '@/contracts/search';
import { defineRoute } from '../http/define-route';
import { deviceSearchList, siteSearchList } from '../services/search';

export const searchRoutes = [
  defineRoute(deviceSearchListEndpoint, {
    orgScope: false,
    summary:
      "Devices for the search drawer: the organization's, or every organization's the user administers devices in",
    handler: ({ query, user, database }) => deviceSearchList(database, user!, query.organizationId),
  }),
  defineRoute(siteSearchListEndpoint, {
    orgScope: false,
    summary: "Sites for the search drawer: the organization's, or every organization's the user belongs to",
    handler: ({ query, user, database }) => siteSearchList(database, user!, query.organizationId),
  }),
];
