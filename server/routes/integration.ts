// Push integrations (spec 3 §7 'Integrations'): the list with 24-hour counts, one integration to edit, its save, its
// delete and its execution history. Every call needs IntegrationAdministration in the organization (spec 1 §2 route
// table: /integrations). Delivery itself is the push worker's (server/services/push-integration/worker.ts).
import {
  deleteIntegrationEndpoint,
  destinationRulesEndpoint,
  executionHistoryEndpoint,
  integrationEditEndpoint,
  integrationEndpoint,
  integrationListEndpoint,
} from '@/contracts/integration';
import { destinationProblem } from '@/domain/network-address';
import { defineRoute } from '../http/define-route';
import { invalid } from '../services/errors';
import {
  deleteIntegration,
  executionHistory,
  listIntegrations,
  loadIntegration,
  saveIntegration,
} from '../services/push-integration/store';

const orgQuery = { from: 'query', key: 'organizationId' } as const;
const orgBody = { from: 'body', key: 'organizationId' } as const;
const exampleBody = {
  id: 0,
  name: 'Matrix webhook',
  dataType: 0,
  requestUrl: 'https://hooks.example.com/alarms',
  headers: [],
  maxRequestSizeInBytes: null,
  enabled: false,
  ch4RateDisplayUnitId: 1,
  ch4VolumeDisplayUnitId: 11,
  siteGroupIds: [],
};

export const integrationRoutes = [
  defineRoute(integrationListEndpoint, {
    orgScope: orgQuery,
    summary: "The organization's push integrations with their successes and failures of the last 24 hours",
    handler: ({ organizationId, database }) => listIntegrations(database, organizationId!),
  }),
  defineRoute(integrationEndpoint, {
    orgScope: orgQuery,
    summary: 'One integration with every field',
    example: { query: { integrationId: '1' } },
    handler: ({ query, organizationId, database }) => loadIntegration(database, organizationId!, query.integrationId),
  }),
  defineRoute(integrationEditEndpoint, {
    orgScope: orgBody,
    summary: 'Creates an integration (id 0) or edits one; the data type cannot change',
    example: { body: exampleBody },
    handler: ({ body, organizationId, user, database, config }) => {
      // SSRF: a literal private address (or localhost) is refused on save unless the operator allowed it; names are
      // checked when the deliverer resolves them.
      const problem = destinationProblem(body.requestUrl, config.pushAllowCidrs);
      if (problem) throw invalid('The request is not valid.', { requestUrl: [problem] });
      return saveIntegration(database, organizationId!, body, user!);
    },
  }),
  defineRoute(destinationRulesEndpoint, {
    orgScope: orgQuery,
    summary: 'The private networks integrations may deliver to (PUSH_ALLOW_CIDRS), for the form',
    handler: async ({ config }) => ({ allowedCidrs: config.pushAllowCidrs.map((c) => c.text) }),
  }),
  defineRoute(deleteIntegrationEndpoint, {
    orgScope: orgQuery,
    summary: 'Deletes an integration: it stops delivering; its audit and history stay',
    example: { query: { integrationId: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await deleteIntegration(database, organizationId!, query.integrationId, user!);
      return { id: query.integrationId };
    },
  }),
  defineRoute(executionHistoryEndpoint, {
    orgScope: orgQuery,
    summary: 'The last 10 successful and the last 10 failed executions of an integration, each with its requests',
    example: { query: { integrationId: '1' } },
    handler: ({ query, organizationId, database }) => executionHistory(database, organizationId!, query.integrationId),
  }),
];
