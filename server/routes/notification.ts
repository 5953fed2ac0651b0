import { unsubscribeEndpoint } from '@/contracts/notification';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';

const UNSUBSCRIBE_FAILED = 'The unsubscribe link is invalid or out of date.';

export const notificationRoutes = [
  defineRoute(unsubscribeEndpoint, {
    orgScope: false,
    summary: 'Unsubscribe link from a notification e-mail (spec 1 §2)',
    handler: async ({ body, database }) => {
      const rows = await database.query<{ id: number }>(
        `UPDATE notification_subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, now())
          WHERE token = $1 AND ($2::text IS NULL OR notification_type = $2) RETURNING id`,
        [body.subscriptionToken, body.notificationType ?? null],
      );
      if (rows.length === 0) throw new DomainError('NotFound', UNSUBSCRIBE_FAILED);
      return { unsubscribed: true as const };
    },
  }),
];
