// Alarm rows as the list, the slide-out and the alarm link read them (spec 2 §3 'Alarm'), scoped to an organization.
import type { Alarm, AlarmComment } from '@/contracts/alarm';
import { encodeAlarmId } from '@/domain/alarm';
import type { Queryable } from '../db/client';

export interface AlarmRow extends Record<string, unknown> {
  id: number;
  site_id: number;
  site_name: string;
  site_alias: string | null;
  site_group_names: string[] | null;
  level: number;
  alarm_type: number;
  measurement_type_id: number;
  calculation_method: number | null;
  start_time: Date | string;
  end_time: Date | string | null;
  max_value: number | null;
  total_volume: number | null;
  hi_threshold: number | null;
  hi_hi_threshold: number | null;
  critical_threshold: number | null;
  sliding_window_hours: number | null;
  device_name: string | null;
  device_type: string | null;
  workflow_id: number;
  workflow_type: number;
  workflow_resolved_at: Date | string | null;
  comments: { id: number; content: string; created_at: string; email: string; user_id: number | null }[] | null;
}

/** The FROM of every alarm query: the alarm, its site (of the organization $1, not deleted), device and workflow. */
export const ALARM_FROM = `FROM alarms a JOIN sites s ON s.id = a.site_id AND s.organization_id = $1 AND s.deleted_at IS NULL
  LEFT JOIN devices d ON d.id = a.device_id JOIN workflows w ON w.id = a.workflow_id`;
export const SITE_GROUP_NAMES_SQL = `(SELECT string_agg(g.name, ', ' ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id)`;

export const ALARM_COLUMNS = `a.id, a.site_id, s.name AS site_name, s.alias AS site_alias,
  (SELECT array_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS site_group_names,
  a.level, a.alarm_type, a.measurement_type_id, a.calculation_method, a.start_time, a.end_time, a.max_value, a.total_volume,
  a.hi_threshold, a.hi_hi_threshold, a.critical_threshold, a.sliding_window_hours, d.name AS device_name, d.device_type,
  a.workflow_id, w.workflow_type, w.resolved_at AS workflow_resolved_at,
  (SELECT json_agg(json_build_object('id', c.id, 'content', c.content, 'created_at', c.created_at, 'email', c.email, 'user_id', c.user_id) ORDER BY c.created_at, c.id)
     FROM alarm_comments c WHERE c.alarm_id = a.id) AS comments`;

const iso = (t: Date | string) => new Date(t).toISOString();
const num = (v: number | null) => (v === null ? null : Number(v));

export function toAlarm(r: AlarmRow): Alarm {
  const comments: AlarmComment[] = (r.comments ?? []).map((c) => ({
    id: c.id,
    alarmId: r.id,
    content: c.content,
    createdAt: iso(c.created_at),
    email: c.email,
    userId: c.user_id,
  }));
  return {
    id: r.id,
    encodedId: encodeAlarmId(r.id),
    siteId: r.site_id,
    siteName: r.site_name,
    siteAlias: r.site_alias,
    siteGroupNames: r.site_group_names ?? [],
    level: r.level,
    alarmType: r.alarm_type,
    measurementTypeId: r.measurement_type_id,
    calculationMethod: r.calculation_method,
    startTime: iso(r.start_time),
    endTime: r.end_time === null ? null : iso(r.end_time),
    maxValue: num(r.max_value),
    totalVolume: num(r.total_volume),
    hiThreshold: num(r.hi_threshold),
    hiHiThreshold: num(r.hi_hi_threshold),
    criticalThreshold: num(r.critical_threshold),
    slidingWindowSizeInHours: num(r.sliding_window_hours),
    device: r.device_name,
    deviceType: r.device_type,
    // Sources come from emissions, which alarms on device measurements do not have.
    mostProbableSource: null,
    topEmittingSource: null,
    alarmComments: comments,
    workflowId: r.workflow_id,
    workflowType: r.workflow_type,
    workflowResolvedAt: r.workflow_resolved_at === null ? null : iso(r.workflow_resolved_at),
  };
}

/** One alarm of the organization, or null. */
export async function loadAlarm(db: Queryable, organizationId: number, alarmId: number): Promise<Alarm | null> {
  const [row] = await db.query<AlarmRow>(`SELECT ${ALARM_COLUMNS} ${ALARM_FROM} WHERE a.id = $2`, [
    organizationId,
    alarmId,
  ]);
  return row ? toAlarm(row) : null;
}

/** The organization an alarm belongs to (for links opened without one). */
export async function alarmOrganization(db: Queryable, alarmId: number): Promise<number | null> {
  const [row] = await db.query<{ organization_id: number }>(
    'SELECT s.organization_id FROM alarms a JOIN sites s ON s.id = a.site_id AND s.deleted_at IS NULL WHERE a.id = $1',
    [alarmId],
  );
  return row?.organization_id ?? null;
}
