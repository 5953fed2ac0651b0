// GET /api/health: liveness and the event loop's lag, for monitors (no sign-in).
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';

const lagSchema = z.object({ p50: z.number(), p99: z.number(), max: z.number() });

export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  response: z.object({ status: z.literal('ok'), eventLoopLagMs: lagSchema }),
});
