// The push worker (architecture 'External systems': outbound webhooks): every PUSH_TICK_MS it runs each enabled,
// live integration of a live organization. A run sends the records after the bookmark in requests no larger than the
// maximum request size, records the execution with every request, and moves the bookmark only when every request got a
// 2xx answer, so a failure is retried from the same bookmark on the next tick (delivery is at least once: receivers
// can drop repeats by the record ids). A deleted organization's integrations are skipped here, so restoring it
// resumes them from where they stopped.
import { readFileSync } from 'node:fs';
import type https from 'node:https';
import type { Cidr } from '@/domain/network-address';
import { pushAllowCidrs } from '../../config';
import type { Database, Queryable } from '../../db/client';
import { createAgent, postJson, type DeliveryResult } from './deliver';
import { envelopeOf, nextBatch, type Bookmark, type IntegrationTarget } from './records';
import { RecordTooLargeError, splitIntoBodies } from './split';

export const PUSH_TICK_MS = 60_000;
export const PUSH_TIMEOUT_MS = 30_000;
/** Records one execution carries at most; a backlog is worked off over several executions. */
export const RECORDS_PER_EXECUTION = 500;
/** Executions one integration runs per tick at most, so one busy integration cannot starve the others. */
export const EXECUTIONS_PER_TICK = 10;
/** Request bodies are kept up to this size in the history (the full body is sent). */
export const REQUEST_KEEP_CHARS = 64 * 1024;
/** How long a worker holds an integration it is delivering (longer than any run can take). */
const LEASE_MINUTES = 15;
/** Executions are kept a week, and the last ten of each kind always. */
const KEEP_DAYS = 7;

export interface PushConfig {
  tickMs: number;
  timeoutMs: number;
  /** PEM of an extra CA to trust (PUSH_CA_FILE). */
  extraCa: string | null;
  /** Private networks delivery may reach (PUSH_ALLOW_CIDRS). */
  allowCidrs: Cidr[];
}

/** PUSH_TICK_MS, PUSH_TIMEOUT_MS, PUSH_CA_FILE and PUSH_ALLOW_CIDRS (README 'Push integrations'). */
export function loadPushConfig(env: NodeJS.ProcessEnv = process.env): PushConfig {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
    return n;
  };
  const caFile = env.PUSH_CA_FILE || null;
  return {
    tickMs: int('PUSH_TICK_MS', PUSH_TICK_MS),
    timeoutMs: int('PUSH_TIMEOUT_MS', PUSH_TIMEOUT_MS),
    extraCa: caFile ? readFileSync(caFile, 'utf8') : null,
    allowCidrs: pushAllowCidrs(env),
  };
}

export interface PushRunOptions {
  agent: https.Agent;
  timeoutMs: number;
  /** Private networks delivery may reach (PUSH_ALLOW_CIDRS); none by default. */
  allowCidrs?: readonly Cidr[];
  recordsPerExecution?: number;
  executionsPerTick?: number;
}

export interface ExecutionOutcome {
  success: boolean;
  recordCount: number;
  requestCount: number;
}

interface LeasedRow extends Record<string, unknown> {
  lease_token: string;
  id: number;
  organization_id: number;
  data_type: number;
  request_url: string;
  headers: { key: string; value: string }[];
  max_request_size_in_bytes: number | null;
  ch4_rate_display_unit_id: number;
  ch4_volume_display_unit_id: number;
  bookmark: Bookmark;
}

const keep = (text: string) =>
  text.length > REQUEST_KEEP_CHARS
    ? `${text.slice(0, REQUEST_KEEP_CHARS)}\n… (${text.length} characters, the first ${REQUEST_KEEP_CHARS} kept)`
    : text;

async function recordExecution(
  db: Queryable,
  integrationId: number,
  success: boolean,
  bookmark: Bookmark,
  recordCount: number,
  requests: { body: string; result: DeliveryResult }[],
): Promise<void> {
  const [execution] = await db.query<{ id: number }>(
    'INSERT INTO integration_executions (integration_id, success, bookmark, record_count) VALUES ($1, $2, $3::jsonb, $4) RETURNING id',
    [integrationId, success, JSON.stringify(bookmark), recordCount],
  );
  if (requests.length) {
    await db.query(
      `INSERT INTO integration_execution_requests (execution_id, request_number, request_body, response_body, response_status_code, exception)
       SELECT $1, n, body, response, status, exception FROM unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::text[]) AS t(n, body, response, status, exception)`,
      [
        execution!.id,
        requests.map((_, i) => i + 1),
        requests.map((r) => keep(r.body)),
        requests.map((r) => r.result.responseBody),
        requests.map((r) => r.result.statusCode),
        requests.map((r) => r.result.exception),
      ],
    );
  }
}

/**
 * The lease a worker holds on an integration: its lease_until exactly as taken (text keeps the microseconds), which
 * doubles as the owner's token — no other worker can have set the same instant — so only the holder renews, moves the
 * bookmark and releases (a worker whose lease ran out and was taken over changes nothing of the new holder's).
 */
interface Lease {
  token: string;
}

/** Pushes the lease LEASE_MINUTES on before each execution; false when it was lost (expired and taken over). */
async function renewLease(db: Queryable, integrationId: number, lease: Lease): Promise<boolean> {
  const [row] = await db.query<{ token: string }>(
    `UPDATE integrations SET lease_until = now() + interval '${LEASE_MINUTES} minutes' WHERE id = $1 AND lease_until = $2::timestamptz RETURNING lease_until::text AS token`,
    [integrationId, lease.token],
  );
  if (!row) return false;
  lease.token = row.token;
  return true;
}

/** One execution: the next records, their requests, the record of it; the bookmark moves on success. */
async function runExecution(
  database: Database,
  t: IntegrationTarget & {
    requestUrl: string;
    headers: { key: string; value: string }[];
    maxRequestSizeInBytes: number | null;
  },
  options: PushRunOptions,
  lease: Lease,
): Promise<ExecutionOutcome | null> {
  const limit = options.recordsPerExecution ?? RECORDS_PER_EXECUTION;
  const batch = await nextBatch(database, t, limit);
  if (batch.records.length === 0) return null;
  const sent: { body: string; result: DeliveryResult }[] = [];
  let success = true;
  try {
    const bodies = splitIntoBodies(envelopeOf(t), batch.records, t.maxRequestSizeInBytes);
    for (const body of bodies) {
      const result = await postJson(
        options.agent,
        t.requestUrl,
        t.headers,
        body,
        options.timeoutMs,
        options.allowCidrs ?? [],
      );
      sent.push({ body, result });
      const ok =
        result.exception === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      // The rest would be sent again from the same bookmark anyway.
      if (!ok) {
        success = false;
        break;
      }
    }
  } catch (e) {
    if (!(e instanceof RecordTooLargeError)) throw e;
    success = false;
    sent.push({ body: e.record, result: { statusCode: null, responseBody: null, exception: e.message } });
  }
  const bookmark = success ? batch.next : t.bookmark;
  await database.transaction(async (tx) => {
    await recordExecution(tx, t.id, success, bookmark, batch.records.length, sent);
    // Only while this worker still holds the lease (a worker that lost it must not move the new holder's bookmark).
    if (success)
      await tx.query('UPDATE integrations SET bookmark = $2::jsonb WHERE id = $1 AND lease_until = $3::timestamptz', [
        t.id,
        JSON.stringify(bookmark),
        lease.token,
      ]);
  });
  if (success) t.bookmark = bookmark;
  return { success, recordCount: batch.records.length, requestCount: sent.length };
}

/**
 * Runs one integration now if it may run: enabled, not deleted, its organization not deleted, and not held by another
 * worker. Answers the executions it recorded (none when there was nothing new or it may not run).
 */
export async function runIntegration(
  database: Database,
  integrationId: number,
  options: PushRunOptions,
): Promise<ExecutionOutcome[]> {
  const [row] = await database.query<LeasedRow>(
    `UPDATE integrations i SET lease_until = now() + interval '${LEASE_MINUTES} minutes'
      WHERE i.id = $1 AND i.enabled AND i.deleted_at IS NULL AND (i.lease_until IS NULL OR i.lease_until < now())
        AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = i.organization_id AND o.deleted_at IS NULL)
      RETURNING i.lease_until::text AS lease_token, i.id, i.organization_id, i.data_type, i.request_url, i.headers, i.max_request_size_in_bytes, i.ch4_rate_display_unit_id, i.ch4_volume_display_unit_id, i.bookmark`,
    [integrationId],
  );
  if (!row) return [];
  const lease: Lease = { token: row.lease_token };
  const target = {
    id: row.id,
    organizationId: row.organization_id,
    dataType: row.data_type,
    requestUrl: row.request_url,
    headers: row.headers,
    maxRequestSizeInBytes: row.max_request_size_in_bytes,
    ch4RateDisplayUnitId: row.ch4_rate_display_unit_id,
    ch4VolumeDisplayUnitId: row.ch4_volume_display_unit_id,
    bookmark: row.bookmark,
  };
  const outcomes: ExecutionOutcome[] = [];
  try {
    for (let i = 0; i < (options.executionsPerTick ?? EXECUTIONS_PER_TICK); i++) {
      // Renewed before every execution, so a long backlog never outlives the lease while another worker takes over.
      if (i > 0 && !(await renewLease(database, integrationId, lease))) break;
      const outcome = await runExecution(database, target, options, lease);
      if (!outcome) break;
      outcomes.push(outcome);
      if (!outcome.success || outcome.recordCount < (options.recordsPerExecution ?? RECORDS_PER_EXECUTION)) break;
    }
  } finally {
    await database.query('UPDATE integrations SET lease_until = NULL WHERE id = $1 AND lease_until = $2::timestamptz', [
      integrationId,
      lease.token,
    ]);
    await pruneExecutions(database, integrationId);
  }
  return outcomes;
}

/** Drops executions older than a week, keeping the last ten successes and failures the history shows. */
async function pruneExecutions(db: Queryable, integrationId: number): Promise<void> {
  await db.query(
    `DELETE FROM integration_executions e WHERE e.integration_id = $1 AND e.time < now() - interval '${KEEP_DAYS} days'
        AND e.id NOT IN (SELECT id FROM integration_executions WHERE integration_id = $1 AND success = e.success ORDER BY time DESC, id DESC LIMIT 10)`,
    [integrationId],
  );
}

/** Every integration that may run, run once (a few at a time). */
export async function pushTick(database: Database, options: PushRunOptions): Promise<Map<number, ExecutionOutcome[]>> {
  const due = await database.query<{ id: number }>(
    `SELECT i.id FROM integrations i JOIN organizations o ON o.id = i.organization_id AND o.deleted_at IS NULL
      WHERE i.enabled AND i.deleted_at IS NULL ORDER BY i.id`,
  );
  const results = new Map<number, ExecutionOutcome[]>();
  const queue = due.map((d) => d.id);
  const lanes = Array.from({ length: Math.min(4, queue.length) }, async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift())
      results.set(id, await runIntegration(database, id, options));
  });
  await Promise.all(lanes);
  return results;
}

export function startPushWorker(
  database: Database,
  config: PushConfig,
  log: (msg: string) => void,
): { stop(): void; tick(): Promise<void> } {
  const agent = createAgent({ extraCa: config.extraCa, timeoutMs: config.timeoutMs });
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const results = await pushTick(database, { agent, timeoutMs: config.timeoutMs, allowCidrs: config.allowCidrs });
      const failed = [...results.entries()].filter(([, o]) => o.some((x) => !x.success)).map(([id]) => id);
      if (failed.length)
        log(
          `push integrations: delivery failed for integration(s) ${failed.join(', ')}; they retry from their bookmark next tick`,
        );
    } catch (e) {
      log(`push integrations: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), config.tickMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      agent.destroy();
    },
    tick,
  };
}
