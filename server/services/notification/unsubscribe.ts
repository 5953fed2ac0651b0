// The unsubscribe link of a notification e-mail (spec 1 §2): the subscription stops; a second click changes nothing.
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';

const UNSUBSCRIBE_FAILED = 'The unsubscribe link is invalid or out of date.';

/** Ends the subscriptions of a token (of one notification type when given); an unknown token is NotFound. */
export async function unsubscribe(db: Queryable, token: string, notificationType: string | null): Promise<void> {
  const rows = await db.query<{ id: number }>(
    `UPDATE notification_subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, now())
      WHERE token = $1 AND ($2::text IS NULL OR notification_type = $2) RETURNING id`,
    [token, notificationType],
  );
  if (rows.length === 0) throw new DomainError('NotFound', UNSUBSCRIBE_FAILED);
}
