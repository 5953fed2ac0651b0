// Notification subscription answers (spec 2 §3 'Subscription edit', §7).
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { subscriptionEditSchema } from '@/domain/notification';

const option = z.object({ id: z.number().int(), name: z.string() });

export const subscriptionEditAnswerSchema = subscriptionEditSchema.extend({
  userEmail: z.string(),
  options: z.object({ businessUnits: z.array(option), assetAreas: z.array(option), siteGroups: z.array(option) }),
});

export const unsubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/api/notification/unsubscribe/',
  access: 'public',
  body: z.object({ subscriptionToken: z.string().min(1).max(200), notificationType: z.string().max(50).optional() }),
  response: z.object({ unsubscribed: z.literal(true) }),
});

export const timeZoneIdsEndpoint = endpoint({
  method: 'GET',
  path: '/api/timeZone/getTimeZoneIds/',
  access: 'authenticated',
  response: z.array(z.string()),
});
export const subscriptionEndpoint = endpoint({
  method: 'GET',
  path: '/api/notification/subscriptionEdit/',
  access: 'authenticated',
  query: z.object({ userId: queryIdSchema, userOrganizationId: queryIdSchema }),
  response: subscriptionEditAnswerSchema,
});
export const subscriptionEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/notification/subscriptionEdit/',
  access: 'authenticated',
  body: subscriptionEditSchema,
  response: z.object({ ok: z.literal(true) }),
});
