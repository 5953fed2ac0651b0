import { unsubscribeEndpoint } from '@/contracts/notification';
import { defineRoute } from '../http/define-route';
import { unsubscribe } from '../services/notification/unsubscribe';

export const notificationRoutes = [
  defineRoute(unsubscribeEndpoint, {
    orgScope: false,
    summary: 'Unsubscribe link from a notification e-mail (spec 1 §2)',
    handler: async ({ body, database }) => {
      await unsubscribe(database, body.subscriptionToken, body.notificationType ?? null);
      return { unsubscribed: true as const };
    },
  }),
];
