// Demo API keys, in the organization the demo administrator (org.admin@example.com) opens first (beside the demo push
// integration): one over every endpoint and site, whose value follows from the seed number like the demo password (so
// `npm start` can print it), and one limited to a site group whose value nobody knows (only its hash is stored, as for
// every real key).
import { createHash } from 'node:crypto';
import { API_ENDPOINT_CATEGORIES } from '@/domain/enums';
import { API_KEY_HEADER, API_KEY_PREFIX } from '@/domain/api-key';
import { PULL_API_ENDPOINTS } from '@/contracts/api-key';
import type { Queryable } from '../db/client';
import { hashApiKey, saveApiKey } from '../services/api-key';

/** The demo key of a seed number. */
export function demoApiKey(seed: number): string {
  return API_KEY_PREFIX + createHash('sha256').update(`demo-api-key-${seed}`).digest('base64url');
}

export async function seedApiKeys(db: Queryable, fallbackOrganizationId: number, seed: number): Promise<number> {
  const [author] = await db.query<{ id: number; email: string }>(
    "SELECT id, email FROM users WHERE email = 'org.admin@example.com'",
  );
  if (!author) return 0;
  // The console opens a user's organizations in name order.
  const [landing] = await db.query<{ id: number }>(
    `SELECT o.id FROM organizations o JOIN user_organizations uo ON uo.organization_id = o.id
      WHERE uo.user_id = $1 AND o.deleted_at IS NULL ORDER BY o.name, o.id LIMIT 1`,
    [author.id],
  );
  const organizationId = landing?.id ?? fallbackOrganizationId;
  const actor = { id: author.id, email: author.email, permissions: new Set<number>() };
  const [group] = await db.query<{ id: number }>(
    'SELECT id FROM site_groups WHERE organization_id = $1 ORDER BY id LIMIT 1',
    [organizationId],
  );
  const base = { id: 0, organizationId, enabled: true, canAccessHighFrequencyData: false };
  await saveApiKey(
    db,
    organizationId,
    {
      ...base,
      name: 'Data warehouse',
      apiEndpoints: [...API_ENDPOINT_CATEGORIES],
      canAccessAllSites: true,
      siteGroupIds: [],
      ch4RateDisplayUnitId: 1,
      ch4VolumeDisplayUnitId: 11,
      speedDisplayUnitId: 41,
    },
    actor,
    demoApiKey(seed),
  );
  if (!group) return 1;
  await saveApiKey(
    db,
    organizationId,
    {
      ...base,
      name: 'Regulatory reporting',
      apiEndpoints: ['Sites', 'Emissions', 'Volumes'],
      canAccessAllSites: false,
      siteGroupIds: [group.id],
      ch4RateDisplayUnitId: 3,
      ch4VolumeDisplayUnitId: 14,
      speedDisplayUnitId: 43,
    },
    actor,
  );
  return 2;
}

/** The start banner's line for the demo key, while that key is still live and enabled (empty otherwise). */
export async function demoApiKeyLine(db: Queryable, seed: number, publicUrl: string): Promise<string> {
  const key = demoApiKey(seed);
  const [live] = await db.query<{ id: number }>(
    'SELECT id FROM api_keys WHERE key_hash = $1 AND deleted_at IS NULL AND enabled',
    [hashApiKey(key)],
  );
  return live
    ? `Demo Pull API key (Integrations): curl -H "${API_KEY_HEADER}: ${key}" ${publicUrl}${PULL_API_ENDPOINTS.sites.path}`
    : '';
}
