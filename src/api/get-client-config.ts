import { clientConfigEndpoint, type ClientConfig } from '@/contracts/client-config';
import { toApiError } from './client';

/** Public: read before sign-in, so it bypasses the token logic. */
export async function getClientConfig(): Promise<ClientConfig> {
  const res = await fetch(clientConfigEndpoint.path, { headers: { accept: 'application/json' } });
  if (!res.ok) throw await toApiError(res);
  return clientConfigEndpoint.response.parse(await res.json());
}
