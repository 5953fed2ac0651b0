// The Pull API (spec 3 §2 'Integrations', §3 'API endpoint categories'): read-only calls made with an organization's
// API key (header X-Api-Key), one route per entry of PULL_API_ENDPOINTS. Each is gated by the key's endpoint
// categories, limited to the key's sites and answers in the key's units. The rows come from the services the screens
// and the exports use (alarms, exports' row generators), so the figures agree with them.
import type { z } from 'zod';
import { PULL_API_ENDPOINTS, type PullEndpoint, type PullEndpointName } from '@/contracts/api-key';
import type { Endpoint } from '@/contracts/endpoint';
import { defineRoute, type RouteSpec } from '../http/define-route';
import { pullAnswer, type Query } from '../services/pull-api';

function pullRoute<N extends PullEndpointName>(name: N): RouteSpec {
  const e: PullEndpoint & Endpoint<z.ZodObject, undefined, undefined, z.ZodType> = PULL_API_ENDPOINTS[name];
  return defineRoute(e, {
    apiEndpoint: e.category,
    orgScope: false,
    summary: e.summary,
    handler: async ({ query, apiKey, database, reply }) => {
      const controller = new AbortController();
      // A caller that goes away stops the reading.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return pullAnswer(database, name, apiKey!, query as Query<N>, controller.signal);
    },
  });
}

export const pullApiRoutes: RouteSpec[] = (Object.keys(PULL_API_ENDPOINTS) as PullEndpointName[]).map((name) =>
  pullRoute(name),
);
