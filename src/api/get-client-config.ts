import { clientConfigSchema, type ClientConfig } from '@/contracts/client-config';
import { toApiError } from './client';

/** Public: read before sign-in, so it bypasses the token logic. */
export async function getClientConfig(): Promise<ClientConfig> {
  const res = await fetch('/api/config/', { headers: { accept: 'application/json' } });
  if (!res.ok) throw await toApiError(res);
  return clientConfigSchema.parse(await res.json());
}
