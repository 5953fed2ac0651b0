// Event-loop lag: how late the loop runs its timers, the one number that shows a request holding the server.
// Read by GET /api/health and logged every minute (warn when the worst delay passes the 50 ms budget).
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface LagSummary {
  p50: number;
  p99: number;
  max: number;
}

/** No request may hold the loop longer than this. */
export const LAG_BUDGET_MS = 50;
export const LAG_LOG_INTERVAL_MS = 60_000;

let histogram: IntervalHistogram | null = null;

function monitor(): IntervalHistogram {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
  }
  return histogram;
}

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** Delays since the last log line (or since start), in milliseconds. */
export function eventLoopLag(): LagSummary {
  const h = monitor();
  if (h.count === 0) return { p50: 0, p99: 0, max: 0 };
  return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
}

/** Logs the lag every minute and starts a new window; stops with the app. */
export function watchEventLoop(app: FastifyInstance, intervalMs = LAG_LOG_INTERVAL_MS): void {
  monitor();
  const timer = setInterval(() => {
    const lag = eventLoopLag();
    if (lag.max > LAG_BUDGET_MS)
      app.log.warn({ eventLoopLagMs: lag }, `event loop held for up to ${lag.max} ms (budget ${LAG_BUDGET_MS} ms)`);
    else app.log.info({ eventLoopLagMs: lag }, 'event loop lag');
    monitor().reset();
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
