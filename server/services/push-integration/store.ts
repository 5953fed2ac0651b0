// Push integrations (spec 3 §3 'Integration', §7 'Integrations'): the store behind /api/integration/: list with the
// 24-hour execution counts, one integration, save (create or edit), soft delete, execution history, and what a deleted
// site group does to the integrations that used it.
import { createHash } from 'node:crypto';
import type { ExecutionHistory, Integration, IntegrationEditBody, IntegrationExecution } from '@/contracts/integration';
import {
  EXECUTION_COUNT_WINDOW_MS,
  EXECUTION_HISTORY_SIZE,
  INTEGRATION_MESSAGES,
  IntegrationDataType,
  type IntegrationHeader,
} from '@/domain/integration';
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';
import { changedValues, recordAudit } from '../audit';
import { initialBookmark } from './records';
import { inTransaction } from '../transaction';

interface IntegrationRow extends Record<string, unknown> {
  id: number;
  organization_id: number;
  name: string;
  data_type: number;
  request_url: string;
  headers: IntegrationHeader[];
  max_request_size_in_bytes: number | null;
  enabled: boolean;
  ch4_rate_display_unit_id: number;
  ch4_volume_display_unit_id: number;
  site_groups: { id: number; name: string }[] | null;
  successes: number;
  failures: number;
}

const SELECT_INTEGRATIONS = `SELECT i.id, i.organization_id, i.name, i.data_type, i.request_url, i.headers, i.max_request_size_in_bytes, i.enabled,
       i.ch4_rate_display_unit_id, i.ch4_volume_display_unit_id,
       (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
          FROM integration_site_groups ig JOIN site_groups g ON g.id = ig.site_group_id WHERE ig.integration_id = i.id) AS site_groups,
       (SELECT count(*)::int FROM integration_executions e WHERE e.integration_id = i.id AND e.success AND e.time > $2) AS successes,
       (SELECT count(*)::int FROM integration_executions e WHERE e.integration_id = i.id AND NOT e.success AND e.time > $2) AS failures
  FROM integrations i`;

function toIntegration(r: IntegrationRow): Integration {
  const groups = r.site_groups ?? [];
  return {
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    dataType: r.data_type,
    requestUrl: r.request_url,
    headers: r.headers.map((h) => ({ key: h.key, value: h.value })),
    maxRequestSizeInBytes: r.max_request_size_in_bytes,
    enabled: r.enabled,
    ch4RateDisplayUnitId: r.ch4_rate_display_unit_id,
    ch4VolumeDisplayUnitId: r.ch4_volume_display_unit_id,
    siteGroupIds: groups.map((g) => g.id),
    siteGroupNames: groups.map((g) => g.name),
    lastTwentyFourHourSuccessCount: r.successes,
    lastTwentyFourHourFailureCount: r.failures,
  };
}

const countsSince = (now: number) => new Date(now - EXECUTION_COUNT_WINDOW_MS).toISOString();

export async function listIntegrations(
  db: Queryable,
  organizationId: number,
  now = Date.now(),
): Promise<Integration[]> {
  const rows = await db.query<IntegrationRow>(
    `${SELECT_INTEGRATIONS} WHERE i.organization_id = $1 AND i.deleted_at IS NULL ORDER BY lower(i.name), i.id`,
    [organizationId, countsSince(now)],
  );
  return rows.map(toIntegration);
}

/** One live integration of the organization; another organization's is not found, like an unknown one. */
export async function loadIntegration(
  db: Queryable,
  organizationId: number,
  id: number,
  now = Date.now(),
): Promise<Integration> {
  const [row] = await db.query<IntegrationRow>(
    `${SELECT_INTEGRATIONS} WHERE i.organization_id = $1 AND i.id = $3 AND i.deleted_at IS NULL`,
    [organizationId, countsSince(now), id],
  );
  if (!row) throw new DomainError('NotFound', INTEGRATION_MESSAGES.notFound);
  return toIntegration(row);
}

// Header values are often credentials, and audit history is readable by every member: the trail keeps the key and a
// short fingerprint of the value, enough to see that it changed.
const fingerprint = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8);

function auditValues(i: Integration): Record<string, unknown> {
  return {
    name: i.name,
    dataType: IntegrationDataType.label(i.dataType),
    requestUrl: i.requestUrl,
    headers: i.headers.map((h) => `${h.key}: (sha256 ${fingerprint(h.value)})`),
    maxRequestSizeInBytes: i.maxRequestSizeInBytes,
    enabled: i.enabled,
    ch4RateDisplayUnitId: i.ch4RateDisplayUnitId,
    ch4VolumeDisplayUnitId: i.ch4VolumeDisplayUnitId,
    siteGroupIds: i.siteGroupIds,
  };
}

interface Actor {
  id: number;
  email: string;
}

/** Creates (id 0) or edits an integration of the organization; the data type is fixed once created (spec 3 §5). */
export async function saveIntegration(
  db: Queryable,
  organizationId: number,
  body: IntegrationEditBody,
  actor: Actor,
): Promise<Integration> {
  return inTransaction(db, async (tx) => {
    const before = body.id === 0 ? null : await loadIntegration(tx, organizationId, body.id);
    if (before && before.dataType !== body.dataType)
      throw new DomainError('Invalid', 'The request is not valid.', { dataType: [INTEGRATION_MESSAGES.dataTypeFixed] });
    const groupIds = [...new Set(body.siteGroupIds)].sort((a, b) => a - b);
    if (groupIds.length) {
      const [owned] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
        [groupIds, organizationId],
      );
      if ((owned?.n ?? 0) !== groupIds.length)
        throw new DomainError('Invalid', 'The request is not valid.', {
          siteGroupIds: [INTEGRATION_MESSAGES.siteGroupNotFound],
        });
    }
    const headers = JSON.stringify(body.headers.map((h) => ({ key: h.key, value: h.value })));
    const values = [
      body.name,
      body.requestUrl,
      headers,
      body.maxRequestSizeInBytes,
      body.enabled,
      body.ch4RateDisplayUnitId,
      body.ch4VolumeDisplayUnitId,
    ];
    let id = body.id;
    if (id === 0) {
      // Delivery starts from what exists now: an integration pushes what is new, not the organization's history.
      const bookmark = await initialBookmark(tx, organizationId, body.dataType, new Date());
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO integrations (organization_id, name, request_url, headers, max_request_size_in_bytes, enabled, ch4_rate_display_unit_id, ch4_volume_display_unit_id,
                                 data_type, bookmark, created_by, updated_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb, $11, $11) RETURNING id`,
        [organizationId, ...values, body.dataType, JSON.stringify(bookmark), actor.id],
      );
      id = row!.id;
    } else {
      await tx.query(
        `UPDATE integrations SET name = $1, request_url = $2, headers = $3::jsonb, max_request_size_in_bytes = $4, enabled = $5, ch4_rate_display_unit_id = $6,
              ch4_volume_display_unit_id = $7, updated_at = now(), updated_by = $10
        WHERE id = $8 AND organization_id = $9`,
        [...values, id, organizationId, actor.id],
      );
      await tx.query('DELETE FROM integration_site_groups WHERE integration_id = $1', [id]);
    }
    if (groupIds.length)
      await tx.query(
        'INSERT INTO integration_site_groups (integration_id, site_group_id) SELECT $1, unnest($2::int[])',
        [id, groupIds],
      );
    const after = await loadIntegration(tx, organizationId, id);
    await recordAudit(tx, {
      entityType: 'integration',
      entityId: id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes: changedValues(before ? auditValues(before) : null, auditValues(after)),
    });
    return after;
  });
}

export async function deleteIntegration(
  db: Queryable,
  organizationId: number,
  id: number,
  actor: Actor,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const updated = await tx.query<{ id: number }>(
      'UPDATE integrations SET deleted_at = now(), enabled = false, updated_by = $3 WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL RETURNING id',
      [id, organizationId, actor.id],
    );
    if (updated.length === 0) throw new DomainError('NotFound', INTEGRATION_MESSAGES.notFound);
    await recordAudit(tx, {
      entityType: 'integration',
      entityId: id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes: [{ name: 'deleted', oldValue: false, newValue: true }],
    });
  });
}

interface ExecutionRow extends Record<string, unknown> {
  id: number;
  time: Date | string;
  success: boolean;
  bookmark: unknown;
  record_count: number;
  requests:
    | {
        request_number: number;
        request_body: string;
        response_body: string | null;
        response_status_code: number | null;
        exception: string | null;
      }[]
    | null;
}

/** The last ten successes and the last ten failures (spec 3 §9), newest first, each with its requests. */
export async function executionHistory(
  db: Queryable,
  organizationId: number,
  integrationId: number,
): Promise<ExecutionHistory> {
  await loadIntegration(db, organizationId, integrationId);
  const rows = await db.query<ExecutionRow>(
    `SELECT e.id, e.time, e.success, e.bookmark, e.record_count,
            (SELECT json_agg(json_build_object('request_number', r.request_number, 'request_body', r.request_body, 'response_body', r.response_body,
                                               'response_status_code', r.response_status_code, 'exception', r.exception) ORDER BY r.request_number)
               FROM integration_execution_requests r WHERE r.execution_id = e.id) AS requests
       FROM ((SELECT * FROM integration_executions WHERE integration_id = $1 AND success ORDER BY time DESC, id DESC LIMIT $2)
             UNION ALL
             (SELECT * FROM integration_executions WHERE integration_id = $1 AND NOT success ORDER BY time DESC, id DESC LIMIT $2)) e
      ORDER BY e.time DESC, e.id DESC`,
    [integrationId, EXECUTION_HISTORY_SIZE],
  );
  const executions: IntegrationExecution[] = rows.map((r) => ({
    id: r.id,
    time: new Date(r.time).toISOString(),
    success: r.success,
    bookmark: JSON.stringify(r.bookmark),
    recordCount: r.record_count,
    requests: (r.requests ?? []).map((q) => ({
      requestNumber: q.request_number,
      requestBody: q.request_body,
      responseBody: q.response_body,
      responseStatusCode: q.response_status_code,
      exception: q.exception,
    })),
  }));
  return { successes: executions.filter((e) => e.success), failures: executions.filter((e) => !e.success) };
}

/**
 * A deleted site group leaves its integrations (spec 1 §8): one left without any group would widen to every site, so
 * it is disabled instead. Call before the group is deleted; the join rows go with the group.
 */
export async function detachSiteGroupFromIntegrations(
  tx: Queryable,
  { organizationId, siteGroupId }: { organizationId: number; siteGroupId: number },
  actor: Actor,
): Promise<void> {
  const orphaned = await tx.query<{ id: number }>(
    `UPDATE integrations i SET enabled = false, updated_at = now(), updated_by = $3
      WHERE i.organization_id = $1 AND i.deleted_at IS NULL AND i.enabled
        AND EXISTS (SELECT 1 FROM integration_site_groups WHERE integration_id = i.id AND site_group_id = $2)
        AND NOT EXISTS (SELECT 1 FROM integration_site_groups WHERE integration_id = i.id AND site_group_id <> $2)
      RETURNING i.id`,
    [organizationId, siteGroupId, actor.id],
  );
  for (const { id } of orphaned) {
    await recordAudit(tx, {
      entityType: 'integration',
      entityId: id,
      organizationId,
      userId: actor.id,
      userName: actor.email,
      changes: [{ name: 'enabled', oldValue: true, newValue: false }],
    });
  }
}

/** How many live integrations use each group of the organization (the Manage Site Groups table). */
export const INTEGRATION_COUNT_SQL = `(SELECT count(*)::int FROM integration_site_groups ig JOIN integrations i ON i.id = ig.integration_id WHERE ig.site_group_id = g.id AND i.deleted_at IS NULL)`;
