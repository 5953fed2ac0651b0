// The notification worker: once a minute (MAIL_TICK_MS) it queues the daily digests that are due and delivers the
// outbox.
import type { Database } from '../../db/client';
import { queueDailyDigests } from './alarm-mails';
import { deliverPending, type MailTransport } from './outbox';

export const NOTIFICATION_TICK_MS = 60_000;

export function startNotificationWorker(
  database: Database,
  transport: MailTransport,
  publicUrl: string,
  log: (msg: string) => void,
  tickMs = NOTIFICATION_TICK_MS,
): { stop(): void; tick(): Promise<void> } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await queueDailyDigests(database, new Date(), publicUrl);
      const { failed } = await deliverPending(database, transport);
      if (failed) log(`notifications: ${failed} mail(s) failed and stay in the outbox for a retry`);
    } catch (e) {
      log(`notifications: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
