// GET /api/health: no sign-in, answers while the server is busy (uploads are parsed in worker threads), with the
// event loop's lag so a monitor sees a held loop before users do.
import { z } from 'zod';
import { defineLegacyRoute } from '../http/define-route';
import { eventLoopLag } from '../services/event-loop-lag';

const lagSchema = z.object({ p50: z.number(), p99: z.number(), max: z.number() });

export const healthRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/health',
    access: 'public',
    orgScope: false,
    summary: 'Liveness and event-loop lag (milliseconds, since the last minute’s log line)',
    response: z.object({ status: z.literal('ok'), eventLoopLagMs: lagSchema }),
    handler: async () => ({ status: 'ok' as const, eventLoopLagMs: eventLoopLag() }),
  }),
];
