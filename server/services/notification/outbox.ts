// The e-mail outbox (issue: 'a failing mail server never loses a notification'): messages are written first and
// delivered after; a failed delivery stays with its error and is retried with a growing delay.
import type { Queryable } from '../../db/client';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes: SMTP when configured, otherwise the server log (the outbox table keeps every message either way). */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

export async function enqueueMail(
  db: Queryable,
  m: OutgoingMail & { dedupeKey: string; userId: number | null; organizationId: number | null },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO email_outbox (dedupe_key, user_id, organization_id, to_address, subject, body_text) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [m.dedupeKey, m.userId, m.organizationId, m.to, m.subject, m.text],
  );
  return rows.length > 0;
}

/** Minutes before the next try after `attempts` failures: 1, 2, 4 … at most an hour. */
export const retryDelayMinutes = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));

/** How long a worker holds the mails it claimed: far longer than sending 50 mails takes. */
export const CLAIM_MINUTES = 10;

/**
 * Sends what is due; answers how many were sent and how many failed this round.
 *
 * Several server processes run this worker on one PostgreSQL, so the due mails are first claimed in one statement: it
 * moves their next attempt CLAIM_MINUTES ahead, and FOR UPDATE SKIP LOCKED lets a second worker claiming at the same
 * moment pass over rows the first is claiming instead of waiting for them (and then finding them no longer due). A mail
 * is therefore sent by one worker only. A worker that dies between claiming and sending leaves its mails to be sent
 * again once the claim runs out (at least once, never twice at the same time).
 */
export async function deliverPending(
  db: Queryable,
  transport: MailTransport,
  now: Date = new Date(),
  limit = 50,
): Promise<{ sent: number; failed: number }> {
  const due = await db.query<{ id: number; to_address: string; subject: string; body_text: string; attempts: number }>(
    `UPDATE email_outbox SET next_attempt_at = $3
      WHERE id IN (SELECT id FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        AND sent_at IS NULL AND next_attempt_at <= $1
      RETURNING id, to_address, subject, body_text, attempts`,
    [now.toISOString(), limit, new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString()],
  );
  due.sort((a, b) => Number(a.id) - Number(b.id));
  let sent = 0;
  let failed = 0;
  for (const m of due) {
    try {
      await transport.send({ to: m.to_address, subject: m.subject, text: m.body_text });
      await db.query('UPDATE email_outbox SET sent_at = $2, attempts = attempts + 1, last_error = NULL WHERE id = $1', [
        m.id,
        now.toISOString(),
      ]);
      sent++;
    } catch (e) {
      const attempts = m.attempts + 1;
      await db.query('UPDATE email_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1', [
        m.id,
        attempts,
        e instanceof Error ? e.message.slice(0, 500) : String(e),
        new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000).toISOString(),
      ]);
      failed++;
    }
  }
  return { sent, failed };
}
