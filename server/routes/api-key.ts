// API keys (spec 3 §7 'API keys'): list, one key to edit, create or edit (the create answer carries the key once) and
// delete, all IntegrationAdministration's (the /integrations route's permission, spec 1 §2).
import { z } from 'zod';
import {
  apiKeyEditAnswerSchema,
  apiKeyEditBodySchema,
  apiKeyIdQuerySchema,
  apiKeyListQuerySchema,
  apiKeySchema,
  deleteApiKeyQuerySchema,
} from '@/contracts/api-keys';
import { Permission } from '@/domain/permissions';
import { defineLegacyRoute } from '../http/define-route';
import { deleteApiKey, listApiKeys, loadApiKey, saveApiKey } from '../services/api-keys';

const access = [Permission.IntegrationAdministration];
const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const apiKeyRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/apiKey/getApiKeys/',
    access,
    orgScope: orgQuery,
    summary: "The organization's API keys (never their values)",
    query: apiKeyListQuerySchema,
    response: z.array(apiKeySchema),
    handler: ({ organizationId, database }) => listApiKeys(database, organizationId!),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/apiKey/apiKeyEdit/',
    access,
    orgScope: orgQuery,
    summary: 'One API key to edit',
    query: apiKeyIdQuerySchema,
    response: apiKeySchema,
    example: { query: { apiKeyId: '1' } },
    handler: ({ query, organizationId, database }) => loadApiKey(database, organizationId!, query.apiKeyId),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/apiKey/apiKeyEdit/',
    access,
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Creates (id 0; the answer carries the key, once) or edits an API key; High Frequency Data needs QubeAdministration',
    body: apiKeyEditBodySchema,
    response: apiKeyEditAnswerSchema,
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
      database.transaction((tx) =>
        saveApiKey(
          tx,
          organizationId!,
          { ...body, organizationId: organizationId! },
          { id: user!.id, email: user!.email, permissions },
        ),
      ),
  }),
  defineLegacyRoute({
    method: 'DELETE',
    url: '/api/apiKey/deleteApiKey/',
    access,
    orgScope: orgQuery,
    summary: 'Deletes an API key: calls made with it are refused from then on',
    query: deleteApiKeyQuerySchema,
    response: z.object({ id: z.number().int() }),
    example: { query: { id: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await database.transaction((tx) => deleteApiKey(tx, organizationId!, query.id, user!));
      return { id: query.id };
    },
  }),
];
