// The alarm calls' reads and writes (spec 2 §7 'Alarms'): the list as a server-side grid, one alarm by its encoded id,
// the overview's recent alarms, an alarm's top contributing sources, comments, and the engine run on demand.
import type { z } from 'zod';
import type {
  addAlarmCommentEndpoint,
  alarmEndpoint,
  evaluateSiteEndpoint,
  recentAlarmsEndpoint,
  topContributingSourcesEndpoint,
  alarmListEndpoint,
} from '@/contracts/alarm';
import { ALARM_FIELDS, decodeAlarmId, type AlarmField } from '@/domain/alarm';
import { AlarmLevel, AlarmType, Aggregation, WorkflowType } from '@/domain/enums';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/client';
import {
  ALARM_COLUMNS,
  ALARM_FROM,
  alarmOrganization,
  loadAlarm,
  SITE_GROUP_NAMES_SQL,
  toAlarm,
  type AlarmRow,
} from './alarm-rows';
import { enumField, filterConditions, orderBy, type GridField } from './grid-sql';
import { accessToOrganization } from './signed-in-user';
import { assertFilterInOrganization, siteFilterSql } from './site-filter';
import { EMISSION_LOOKBACK, windowVolumeSql } from './emission-rollup';
import { evaluateAlarms } from './alarm-engine/run';
import { notifyRaisedAlarms } from './notification/alarm-mails';
import { EMPTY_SITE_FILTER } from '@/domain/site-filter';

const FIELDS: Record<AlarmField, GridField> = {
  alarmType: enumField('a.alarm_type', AlarmType.options),
  calculationMethod: enumField('a.calculation_method', Aggregation.options),
  criticalThreshold: { sql: 'a.critical_threshold', kind: 'number' },
  deviceType: { sql: 'd.device_type', kind: 'text' },
  endTime: { sql: 'a.end_time', kind: 'date' },
  hiHiThreshold: { sql: 'a.hi_hi_threshold', kind: 'number' },
  hiThreshold: { sql: 'a.hi_threshold', kind: 'number' },
  level: enumField('a.level', AlarmLevel.options),
  maxValue: { sql: 'a.max_value', kind: 'number' },
  siteAlias: { sql: 's.alias', kind: 'text' },
  siteGroups: { sql: SITE_GROUP_NAMES_SQL, kind: 'text' },
  siteName: { sql: 's.name', kind: 'text' },
  slidingWindowSizeInHours: { sql: 'a.sliding_window_hours', kind: 'number' },
  startTime: { sql: 'a.start_time', kind: 'date' },
  // Emission sources arrive with the emissions; until then no alarm has one.
  topEmittingSource: { sql: 'NULL::text', kind: 'text' },
  totalVolume: { sql: 'a.total_volume', kind: 'number' },
  workflowResolvedAt: { sql: 'w.resolved_at', kind: 'date' },
  workflowType: enumField('w.workflow_type', WorkflowType.options),
  device: { sql: 'd.name', kind: 'text' },
};

/** The alarm behind an encoded id, if the user may see it; otherwise 404, the same for unknown and foreign ids. */
async function alarmForUser(db: Queryable, user: SignedInUser, encodedId: string) {
  const id = decodeAlarmId(encodedId);
  const organizationId = id === null ? null : await alarmOrganization(db, id);
  if (id === null || organizationId === null || !(await accessToOrganization(db, user, organizationId)).ok)
    throw new DomainError('NotFound', 'Alarm not found');
  return { alarm: (await loadAlarm(db, organizationId, id))!, organizationId };
}

/** A block of the organization's alarms (startRow/endRow), filtered, sorted, with the Unresolved quick filter. */
export async function alarmListBlock(
  database: Queryable,
  organizationId: number,
  query: z.infer<NonNullable<(typeof alarmListEndpoint)['query']>>,
) {
  const params: unknown[] = [organizationId];
  const where: string[] = ['true'];
  if (query.quickFilters.includes('Unresolved')) where.push('w.resolved_at IS NULL');
  const filters = Object.fromEntries(ALARM_FIELDS.map((f) => [f, (query as Record<string, unknown>)[f] as never]));
  where.push(...filterConditions(FIELDS, filters, params));
  const from = `${ALARM_FROM} WHERE ${where.join(' AND ')}`;
  const [count] = await database.query<{ n: string | number }>(`SELECT count(*) AS n ${from}`, params);
  const total = Number(count?.n ?? 0);
  const rows = await database.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} ${from} ${orderBy(FIELDS, query.sortColumn, query.sortAscending, 'a.start_time DESC', 'a.id DESC')}
          OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, query.startRow, query.endRow - query.startRow],
  );
  return {
    rows: rows.map(toAlarm),
    totalRows: total,
    lastRow: Math.min(total, query.endRow) >= total ? total : -1,
  };
}

export async function evaluateSite(
  database: Database,
  config: Config,
  organizationId: number,
  body: z.infer<NonNullable<(typeof evaluateSiteEndpoint)['body']>>,
) {
  const start = Date.parse(body.startTime);
  const end = Date.parse(body.endTime);
  if (!(start < end) || end - start > 90 * 86_400_000)
    throw new DomainError('Invalid', 'The range must end after it starts and span at most 90 days');
  const [site] = await database.query<{ id: number }>(
    'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
    [body.siteId, organizationId],
  );
  if (!site) throw new DomainError('NotFound', 'Site not found');
  const raised = await evaluateAlarms(database, [site.id], start, end);
  await notifyRaisedAlarms(database, raised, config.publicUrl);
  return { alarmsRaised: raised.length };
}

export async function recentAlarms(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof recentAlarmsEndpoint)['query']>>,
) {
  const filter = query.siteFilter ?? EMPTY_SITE_FILTER;
  await assertFilterInOrganization(database, organizationId, filter);
  const params: unknown[] = [organizationId, query.startTime, query.endTime];
  const scope = siteFilterSql(organizationId, filter, params);
  const rows = await database.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} ${ALARM_FROM} WHERE a.start_time >= $2::timestamptz AND a.start_time < $3::timestamptz AND ${scope}
          ORDER BY a.start_time DESC, a.id DESC LIMIT $${params.length + 1}`,
    [...params, query.top],
  );
  return rows.map(toAlarm);
}

export async function alarmWithOrganization(
  database: Database,
  user: SignedInUser,
  params: z.infer<NonNullable<(typeof alarmEndpoint)['params']>>,
) {
  const { alarm, organizationId } = await alarmForUser(database, user, params.encodedId);
  return { ...alarm, organizationId };
}

export async function topContributingSources(
  database: Database,
  user: SignedInUser,
  query: z.infer<NonNullable<(typeof topContributingSourcesEndpoint)['query']>>,
) {
  const { alarm } = await alarmForUser(database, user, query.encodedAlarmId);
  // Measurement alarms come from one device's readings; sources are attributed to emission alarms only.
  if (alarm.alarmType === AlarmType.values.Measurement) return [];
  const rows = await database.query<{ source: string | null; volume: number }>(
    `SELECT src.name AS source, sum(${windowVolumeSql('$2::timestamptz', '$3::timestamptz')}) AS volume
           FROM emissions e LEFT JOIN sources src ON src.id = e.source_id
          WHERE e.site_id = $1 AND e.start_time < $3::timestamptz AND e.start_time >= $2::timestamptz - ${EMISSION_LOOKBACK}
          GROUP BY src.name ORDER BY volume DESC, src.name`,
    [alarm.siteId, alarm.startTime, alarm.endTime ?? alarm.startTime],
  );
  return rows
    .filter((r) => Number(r.volume) > 0)
    .map((r) => ({ sourceName: r.source ?? 'Unknown', totalVolume: Number(r.volume) }));
}

export async function addAlarmComment(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof addAlarmCommentEndpoint)['body']>>,
) {
  const content = body.content.trim();
  if (!content)
    throw new DomainError('Invalid', 'The request is not valid.', { content: ['A comment cannot be blank'] });
  const alarm = await loadAlarm(database, organizationId, body.alarmId);
  if (!alarm) throw new DomainError('NotFound', 'Alarm not found');
  const [c] = await database.query<{ id: number; created_at: Date | string }>(
    'INSERT INTO alarm_comments (alarm_id, content, user_id, email) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [alarm.id, content, user.id, user.email],
  );
  return {
    id: c!.id,
    alarmId: alarm.id,
    content,
    createdAt: new Date(c!.created_at).toISOString(),
    email: user.email,
    userId: user.id,
  };
}
