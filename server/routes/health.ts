// GET /api/health: no sign-in, answers while the server is busy (uploads are parsed in worker threads), with the
// event loop's lag so a monitor sees a held loop before users do.
import { healthEndpoint } from '@/contracts/health';
import { defineRoute } from '../http/define-route';
import { eventLoopLag } from '../http/event-loop-lag';

export const healthRoutes = [
  defineRoute(healthEndpoint, {
    orgScope: false,
    summary: 'Liveness and event-loop lag (milliseconds, since the last minute’s log line)',
    handler: async () => ({ status: 'ok' as const, eventLoopLagMs: eventLoopLag() }),
  }),
];
