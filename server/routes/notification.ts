import { z } from 'zod';
import { defineLegacyRoute } from '../http/define-route';
import { DomainError } from '../services/errors';

const UNSUBSCRIBE_FAILED = 'The unsubscribe link is invalid or out of date.';

export const notificationRoutes = [
  defineLegacyRoute({
    method: 'POST',
    url: '/api/notification/unsubscribe/',
    access: 'public',
    orgScope: false,
    summary: 'Unsubscribe link from a notification e-mail (spec 1 §2)',
    body: z.object({ subscriptionToken: z.string().min(1).max(200), notificationType: z.string().max(50).optional() }),
    response: z.object({ unsubscribed: z.literal(true) }),
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
