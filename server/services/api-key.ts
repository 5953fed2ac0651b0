// API keys (spec 3 §3 'Api key', §5, §6, §7): the store behind /api/apiKey/ and the check of a key on every Pull API
// call. Only a SHA-256 hash of a key is stored; the key is returned once, by createApiKey.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiKey } from '@/contracts/api-key';
import {
  API_KEY_HEADER,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  LAST_USED_RESOLUTION_MS,
  normalizeApiKeyForm,
  PULL_API_MESSAGES,
  type ApiEndpointCategory,
  type ApiKeyForm,
} from '@/domain/api-key';
import { Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import type { ApiKeyCaller } from './callers';
import { DomainError } from './errors';
import { changedValues, recordAudit } from './audit';
import { inTransaction } from './transaction';

interface KeyRow extends Record<string, unknown> {
  id: number;
  organization_id: number;
  name: string;
  enabled: boolean;
  api_endpoints: string[];
  can_access_all_sites: boolean;
  can_access_high_frequency_data: boolean;
  ch4_rate_display_unit_id: number;
  ch4_volume_display_unit_id: number;
  speed_display_unit_id: number;
  key_prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  site_groups: { id: number; name: string }[] | null;
}

const SELECT_KEYS = `SELECT k.id, k.organization_id, k.name, k.enabled, k.api_endpoints, k.can_access_all_sites, k.can_access_high_frequency_data,
       k.ch4_rate_display_unit_id, k.ch4_volume_display_unit_id, k.speed_display_unit_id, k.key_prefix, k.created_at, k.last_used_at,
       (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
          FROM api_key_site_groups kg JOIN site_groups g ON g.id = kg.site_group_id WHERE kg.api_key_id = k.id) AS site_groups
  FROM api_keys k`;

function toApiKey(r: KeyRow): ApiKey {
  const siteGroups = r.site_groups ?? [];
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    apiEndpoints: r.api_endpoints,
    siteGroupIds: siteGroups.map((g) => g.id).sort((a, b) => a - b),
    canAccessAllSites: r.can_access_all_sites,
    canAccessHighFrequencyData: r.can_access_high_frequency_data,
    ch4RateDisplayUnitId: r.ch4_rate_display_unit_id,
    ch4VolumeDisplayUnitId: r.ch4_volume_display_unit_id,
    speedDisplayUnitId: r.speed_display_unit_id,
    organizationId: r.organization_id,
    lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    siteGroups,
    keyPrefix: r.key_prefix,
  };
}

export async function listApiKeys(db: Queryable, organizationId: number): Promise<ApiKey[]> {
  const rows = await db.query<KeyRow>(
    `${SELECT_KEYS} WHERE k.organization_id = $1 AND k.deleted_at IS NULL ORDER BY lower(k.name), k.id`,
    [organizationId],
  );
  return rows.map(toApiKey);
}

/** One live key of the organization; another organization's key is not found, like an unknown one. */
export async function loadApiKey(db: Queryable, organizationId: number, id: number): Promise<ApiKey> {
  const [row] = await db.query<KeyRow>(
    `${SELECT_KEYS} WHERE k.id = $1 AND k.organization_id = $2 AND k.deleted_at IS NULL`,
    [id, organizationId],
  );
  if (!row) throw new DomainError('NotFound', API_KEY_MESSAGES.notFound);
  return toApiKey(row);
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key: the prefix and 32 random bytes. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The values the audit trail records for a key (never the key or its hash). */
function auditValues(k: ApiKey): Record<string, unknown> {
  return {
    name: k.name,
    enabled: k.enabled,
    apiEndpoints: k.apiEndpoints,
    canAccessAllSites: k.canAccessAllSites,
    siteGroupIds: k.siteGroupIds,
    canAccessHighFrequencyData: k.canAccessHighFrequencyData,
    ch4RateDisplayUnitId: k.ch4RateDisplayUnitId,
    ch4VolumeDisplayUnitId: k.ch4VolumeDisplayUnitId,
    speedDisplayUnitId: k.speedDisplayUnitId,
  };
}

interface Actor {
  id: number;
  email: string;
  permissions: ReadonlySet<number>;
}

/**
 * Creates (id 0) or edits a key of the organization. High Frequency Data is QubeAdministration's to change (spec 3 §6);
 * site groups must be the organization's. The new key's value is returned once, on creation.
 */
export async function saveApiKey(
  db: Queryable,
  organizationId: number,
  input: ApiKeyForm,
  actor: Actor,
  presetKey?: string,
): Promise<ApiKey & { apiKey?: string }> {
  return inTransaction(db, async (tx) => {
    const f = normalizeApiKeyForm(input);
    const before = f.id === 0 ? null : await loadApiKey(tx, organizationId, f.id);
    if (
      f.canAccessHighFrequencyData !== (before?.canAccessHighFrequencyData ?? false) &&
      !actor.permissions.has(Permission.QubeAdministration)
    ) {
      throw new DomainError('Forbidden', API_KEY_MESSAGES.highFrequencyPermission, {
        canAccessHighFrequencyData: [API_KEY_MESSAGES.highFrequencyPermission],
      });
    }
    if (f.siteGroupIds.length) {
      const [owned] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
        [f.siteGroupIds, organizationId],
      );
      if ((owned?.n ?? 0) !== f.siteGroupIds.length)
        throw new DomainError('Invalid', 'The request is not valid.', {
          siteGroupIds: [API_KEY_MESSAGES.siteGroupNotInOrganization],
        });
    }
    const values = [
      f.name,
      f.enabled,
      f.apiEndpoints,
      f.canAccessAllSites,
      f.canAccessHighFrequencyData,
      f.ch4RateDisplayUnitId,
      f.ch4VolumeDisplayUnitId,
      f.speedDisplayUnitId,
    ];
    let id = f.id;
    let key: string | undefined;
    if (id === 0) {
      key = presetKey ?? generateApiKey();
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO api_keys (organization_id, name, enabled, api_endpoints, can_access_all_sites, can_access_high_frequency_data,
                             ch4_rate_display_unit_id, ch4_volume_display_unit_id, speed_display_unit_id, key_prefix, key_hash, created_by)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [organizationId, ...values, key.slice(0, API_KEY_VISIBLE_CHARS), hashApiKey(key), actor.id],
      );
      id = row!.id;
    } else {
      await tx.query(
        `UPDATE api_keys SET name = $1, enabled = $2, api_endpoints = $3::text[], can_access_all_sites = $4, can_access_high_frequency_data = $5,
              ch4_rate_display_unit_id = $6, ch4_volume_display_unit_id = $7, speed_display_unit_id = $8
        WHERE id = $9 AND organization_id = $10`,
        [...values, id, organizationId],
      );
      await tx.query('DELETE FROM api_key_site_groups WHERE api_key_id = $1', [id]);
    }
    if (f.siteGroupIds.length)
      await tx.query('INSERT INTO api_key_site_groups (api_key_id, site_group_id) SELECT $1, unnest($2::int[])', [
        id,
        f.siteGroupIds,
      ]);
    const after = await loadApiKey(tx, organizationId, id);
    await recordAudit(tx, {
      entityType: 'apiKey',
      entityId: id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes: changedValues(before ? auditValues(before) : null, auditValues(after)),
    });
    return key === undefined ? after : { ...after, apiKey: key };
  });
}

export async function deleteApiKey(
  db: Queryable,
  organizationId: number,
  id: number,
  actor: { id: number; email: string },
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const updated = await tx.query<{ id: number }>(
      'UPDATE api_keys SET deleted_at = now(), deleted_by = $3 WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL RETURNING id',
      [id, organizationId, actor.id],
    );
    if (updated.length === 0) throw new DomainError('NotFound', API_KEY_MESSAGES.notFound);
    await recordAudit(tx, {
      entityType: 'apiKey',
      entityId: id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes: [{ name: 'deleted', oldValue: false, newValue: true }],
    });
  });
}

/**
 * A deleted site group leaves its keys (spec 1 §8): a key that covered only that group's sites, not all sites, is
 * disabled rather than widened to every site. Call before the group is deleted.
 */
export async function detachSiteGroupFromApiKeys(
  tx: Queryable,
  { organizationId, siteGroupId }: { organizationId: number; siteGroupId: number },
  actor: { id: number; email: string },
): Promise<void> {
  const keys = await tx.query<{ id: number; groups: number[]; enabled: boolean; all_sites: boolean }>(
    `SELECT k.id, k.enabled, k.can_access_all_sites AS all_sites,
            (SELECT array_agg(site_group_id ORDER BY site_group_id) FROM api_key_site_groups WHERE api_key_id = k.id) AS groups
       FROM api_keys k JOIN api_key_site_groups kg ON kg.api_key_id = k.id AND kg.site_group_id = $2
      WHERE k.organization_id = $1 AND k.deleted_at IS NULL`,
    [organizationId, siteGroupId],
  );
  for (const k of keys) {
    const remaining = k.groups.filter((g) => g !== siteGroupId);
    const disable = k.enabled && !k.all_sites && remaining.length === 0;
    await tx.query('DELETE FROM api_key_site_groups WHERE api_key_id = $1 AND site_group_id = $2', [k.id, siteGroupId]);
    if (disable) await tx.query('UPDATE api_keys SET enabled = false WHERE id = $1', [k.id]);
    const changes = [
      { name: 'siteGroupIds', oldValue: k.groups, newValue: remaining },
      ...(disable ? [{ name: 'enabled', oldValue: true, newValue: false }] : []),
    ];
    await recordAudit(tx, {
      entityType: 'apiKey',
      entityId: k.id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes,
    });
  }
}

interface CallerRow extends Record<string, unknown> {
  id: number;
  organization_id: number;
  enabled: boolean;
  deleted: boolean;
  organization_deleted: boolean;
  api_endpoints: string[];
  can_access_all_sites: boolean;
  can_access_high_frequency_data: boolean;
  ch4_rate_display_unit_id: number;
  ch4_volume_display_unit_id: number;
  speed_display_unit_id: number;
  last_used_at: Date | string | null;
}

/**
 * The key of a Pull API call: 401 without a key or with an unknown or deleted one, 403 for a disabled key, a key of a
 * deleted organization (spec 1 §4) or a category the key does not allow. Stamps lastUsedAt at most once a minute.
 */
export async function authenticateApiKey(
  db: Queryable,
  headers: IncomingHttpHeaders,
  category: ApiEndpointCategory | undefined,
): Promise<ApiKeyCaller> {
  const raw = headers[API_KEY_HEADER.toLowerCase()];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) throw new DomainError('Unauthenticated', PULL_API_MESSAGES.missingKey);
  // Anything that is not shaped like one of our keys is refused before it reaches the database.
  if (key.length > 100 || !key.startsWith(API_KEY_PREFIX))
    throw new DomainError('Unauthenticated', PULL_API_MESSAGES.unknownKey);
  const [row] = await db.query<CallerRow>(
    `SELECT k.id, k.organization_id, k.enabled, (k.deleted_at IS NOT NULL) AS deleted, (o.deleted_at IS NOT NULL) AS organization_deleted,
            k.api_endpoints, k.can_access_all_sites, k.can_access_high_frequency_data, k.ch4_rate_display_unit_id, k.ch4_volume_display_unit_id,
            k.speed_display_unit_id, k.last_used_at
       FROM api_keys k JOIN organizations o ON o.id = k.organization_id WHERE k.key_hash = $1`,
    [hashApiKey(key)],
  );
  if (!row || row.deleted) throw new DomainError('Unauthenticated', PULL_API_MESSAGES.unknownKey);
  if (row.organization_deleted) throw new DomainError('Forbidden', PULL_API_MESSAGES.organizationDeleted);
  if (!row.enabled) throw new DomainError('Forbidden', PULL_API_MESSAGES.disabledKey);
  if (!category || !row.api_endpoints.includes(category))
    throw new DomainError('Forbidden', PULL_API_MESSAGES.categoryNotAllowed(category ?? 'Sites'));
  const now = Date.now();
  if (row.last_used_at === null || now - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
    // Conditional, so concurrent calls of one key write once.
    await db.query(
      `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - interval '${LAST_USED_RESOLUTION_MS / 1000} seconds')`,
      [row.id],
    );
  }
  return {
    id: row.id,
    organizationId: row.organization_id,
    apiEndpoints: row.api_endpoints,
    canAccessAllSites: row.can_access_all_sites,
    canAccessHighFrequencyData: row.can_access_high_frequency_data,
    ch4RateDisplayUnitId: row.ch4_rate_display_unit_id,
    ch4VolumeDisplayUnitId: row.ch4_volume_display_unit_id,
    speedDisplayUnitId: row.speed_display_unit_id,
  };
}

/** The live sites a key may read, by name; one site when siteId is given (404 outside the key's sites). */
export async function apiKeySites(
  db: Queryable,
  key: ApiKeyCaller,
  siteId?: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM sites s
      WHERE s.organization_id = $1 AND s.deleted_at IS NULL AND ($3::int IS NULL OR s.id = $3)
        AND ($2::boolean OR EXISTS (SELECT 1 FROM site_site_groups sg JOIN api_key_site_groups kg ON kg.site_group_id = sg.site_group_id
                                     WHERE sg.site_id = s.id AND kg.api_key_id = $4))
      ORDER BY lower(s.name), s.id`,
    [key.organizationId, key.canAccessAllSites, siteId ?? null, key.id],
  );
  if (siteId !== undefined && rows.length === 0) throw new DomainError('NotFound', PULL_API_MESSAGES.siteNotFound);
  return rows;
}

/** How many live keys use each of the organization's site groups (Manage Site Groups' '# Api Keys'). */
export const API_KEY_COUNT_SQL = (groupColumn: string) =>
  `(SELECT count(*)::int FROM api_key_site_groups kg JOIN api_keys k ON k.id = kg.api_key_id WHERE kg.site_group_id = ${groupColumn} AND k.deleted_at IS NULL)`;
