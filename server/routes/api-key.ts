// API keys (spec 3 §7 'API keys'): list, one key to edit, create or edit (the create answer carries the key once) and
// delete, all IntegrationAdministration's (the /integrations route's permission, spec 1 §2).
import { apiKeyEditEndpoint, apiKeyEndpoint, apiKeyListEndpoint, deleteApiKeyEndpoint } from '@/contracts/api-key';
import { defineRoute } from '../http/define-route';
import { deleteApiKey, listApiKeys, loadApiKey, saveApiKey } from '../services/api-key';

const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const apiKeyRoutes = [
  defineRoute(apiKeyListEndpoint, {
    orgScope: orgQuery,
    summary: "The organization's API keys (never their values)",
    handler: ({ organizationId, database }) => listApiKeys(database, organizationId!),
  }),
  defineRoute(apiKeyEndpoint, {
    orgScope: orgQuery,
    summary: 'One API key to edit',
    example: { query: { apiKeyId: '1' } },
    handler: ({ query, organizationId, database }) => loadApiKey(database, organizationId!, query.apiKeyId),
  }),
  defineRoute(apiKeyEditEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Creates (id 0; the answer carries the key, once) or edits an API key; High Frequency Data needs QubeAdministration',
    example: {
      body: {
        id: 0,
        name: 'Matrix key',
        enabled: true,
        apiEndpoints: ['Sites'],
        canAccessAllSites: true,
        siteGroupIds: [],
        canAccessHighFrequencyData: false,
        ch4RateDisplayUnitId: 1,
        ch4VolumeDisplayUnitId: 11,
        speedDisplayUnitId: 41,
      },
    },
    handler: ({ body, organizationId, user, permissions, database }) =>
      saveApiKey(
        database,
        organizationId!,
        { ...body, organizationId: organizationId! },
        { id: user!.id, email: user!.email, permissions },
      ),
  }),
  defineRoute(deleteApiKeyEndpoint, {
    orgScope: orgQuery,
    summary: 'Deletes an API key: calls made with it are refused from then on',
    example: { query: { id: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await deleteApiKey(database, organizationId!, query.id, user!);
      return { id: query.id };
    },
  }),
];
