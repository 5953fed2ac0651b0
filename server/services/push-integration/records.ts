// What a push integration sends: the records of its data type after its bookmark, from the integration's sites, in its
// CH4 rate and volume units. The bookmark says what was last delivered:
// - Alarms: the highest alarm id delivered (an alarm is pushed once, when it is raised);
// - Emissions: the highest emission id delivered (an emission still processing goes out with its end empty);
// - Emission Rates: per site, the last 15-minute step delivered, since the modelling pipeline reaches each site at its
//   own pace; a site not yet delivered starts from the integration's creation.
import { AlarmLevel, AlarmType, Aggregation, WorkflowType } from '@/domain/enums';
import { alarmValueInDisplayUnit } from '@/domain/alarm';
import { IntegrationDataType } from '@/domain/integration';
import { measurementType } from '@/domain/measurement-type';
import { DEFAULT_UNIT_CONFIGURATION, toDisplayUnit, unitById, type UnitConfiguration } from '@/domain/units';
import type { Queryable } from '../../db/client';
import { ALARM_COLUMNS, ALARM_FROM, toAlarm, type AlarmRow } from '../alarm-rows';

export type Bookmark = { alarmId: number } | { emissionId: number } | { from: string; sites: Record<string, string> };

export interface IntegrationTarget {
  id: number;
  organizationId: number;
  dataType: number;
  ch4RateDisplayUnitId: number;
  ch4VolumeDisplayUnitId: number;
  bookmark: Bookmark;
}

export interface RecordBatch {
  records: Record<string, unknown>[];
  /** The bookmark once these records are delivered. */
  next: Bookmark;
}

/** Where a new integration starts: after every record that exists now. */
export async function initialBookmark(
  db: Queryable,
  organizationId: number,
  dataType: number,
  now: Date,
): Promise<Bookmark> {
  if (dataType === IntegrationDataType.values.Alarms) {
    const [row] = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM alarms');
    return { alarmId: row?.id ?? 0 };
  }
  if (dataType === IntegrationDataType.values.Emissions) {
    const [row] = await db.query<{ id: number | null }>('SELECT max(id) AS id FROM emissions');
    return { emissionId: row?.id ?? 0 };
  }
  const rows = await db.query<{ site_id: number; last: Date | string }>(
    `SELECT s.id AS site_id, (SELECT max(r.time) FROM site_rates r WHERE r.site_id = s.id) AS last FROM sites s WHERE s.organization_id = $1`,
    [organizationId],
  );
  return {
    from: now.toISOString(),
    sites: Object.fromEntries(
      rows.filter((r) => r.last !== null).map((r) => [String(r.site_id), new Date(r.last).toISOString()]),
    ),
  };
}

/** The integration's sites: those of its groups, or every site of the organization when it names none. */
const SCOPE_SQL = `SELECT s.id FROM sites s WHERE s.organization_id = $1 AND s.deleted_at IS NULL
   AND (NOT EXISTS (SELECT 1 FROM integration_site_groups WHERE integration_id = $2)
        OR s.id IN (SELECT sg.site_id FROM site_site_groups sg JOIN integration_site_groups ig ON ig.site_group_id = sg.site_group_id WHERE ig.integration_id = $2))`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const label = (unitId: number) => unitById(unitId)?.label ?? '';

export function unitsOf(t: IntegrationTarget): UnitConfiguration {
  return {
    ...DEFAULT_UNIT_CONFIGURATION,
    ch4RateDisplayUnitId: t.ch4RateDisplayUnitId,
    ch4VolumeDisplayUnitId: t.ch4VolumeDisplayUnitId,
  };
}

async function alarmBatch(db: Queryable, t: IntegrationTarget, after: number, limit: number): Promise<RecordBatch> {
  const rows = await db.query<AlarmRow>(
    `SELECT ${ALARM_COLUMNS} ${ALARM_FROM} WHERE a.id > $3 AND a.site_id IN (${SCOPE_SQL}) ORDER BY a.id LIMIT $4`,
    [t.organizationId, t.id, after, limit],
  );
  const units = unitsOf(t);
  const inUnit = (v: number | null, a: { alarmType: number; measurementTypeId: number }) =>
    v === null ? null : alarmValueInDisplayUnit(v, a, units).value;
  const records = rows.map((row) => {
    const a = toAlarm(row);
    return {
      alarmId: a.id,
      encodedAlarmId: a.encodedId,
      siteId: a.siteId,
      siteName: a.siteName,
      siteAlias: a.siteAlias,
      level: AlarmLevel.label(a.level),
      alarmType: AlarmType.label(a.alarmType),
      measurement: measurementType(a.measurementTypeId).label,
      calculationMethod: a.calculationMethod === null ? null : Aggregation.label(a.calculationMethod),
      startTime: a.startTime,
      endTime: a.endTime,
      maxValue: inUnit(a.maxValue, a),
      hiThreshold: inUnit(a.hiThreshold, a),
      hiHiThreshold: inUnit(a.hiHiThreshold, a),
      criticalThreshold: inUnit(a.criticalThreshold, a),
      valueUnit: alarmValueInDisplayUnit(0, a, units).label,
      totalVolume: a.totalVolume === null ? null : toDisplayUnit(a.totalVolume, t.ch4VolumeDisplayUnitId),
      slidingWindowSizeInHours: a.slidingWindowSizeInHours,
      device: a.device,
      workflowType: WorkflowType.label(a.workflowType),
    };
  });
  return { records, next: { alarmId: rows.length ? rows[rows.length - 1]!.id : after } };
}

async function emissionBatch(db: Queryable, t: IntegrationTarget, after: number, limit: number): Promise<RecordBatch> {
  const rows = await db.query<{
    id: number;
    site_id: number;
    site_name: string;
    source_id: number | null;
    source: string | null;
    source_group: string | null;
    category: string | null;
    start_time: Date | string;
    end_time: Date | string | null;
    total_volume: number;
    rate: number;
    severity: number | null;
    classification: string | null;
    root_cause: string | null;
  }>(
    `SELECT e.id, e.site_id, s.name AS site_name, e.source_id, src.name AS source, g.name AS source_group, c.name AS category, e.start_time, e.end_time, e.total_volume, e.rate,
            e.severity, e.classification, rc.description AS root_cause
       FROM emissions e JOIN sites s ON s.id = e.site_id LEFT JOIN sources src ON src.id = e.source_id LEFT JOIN source_groups g ON g.id = src.source_group_id
       LEFT JOIN source_categories c ON c.id = src.source_category_id LEFT JOIN root_causes rc ON rc.id = e.root_cause_id
      WHERE e.id > $3 AND e.site_id IN (${SCOPE_SQL}) ORDER BY e.id LIMIT $4`,
    [t.organizationId, t.id, after, limit],
  );
  const records = rows.map((e) => ({
    emissionId: e.id,
    siteId: e.site_id,
    siteName: e.site_name,
    sourceId: e.source_id,
    sourceName: e.source,
    sourceGroup: e.source_group,
    sourceCategory: e.category,
    startTime: iso(e.start_time),
    endTime: iso(e.end_time),
    volume: toDisplayUnit(Number(e.total_volume), t.ch4VolumeDisplayUnitId),
    rate: toDisplayUnit(Number(e.rate), t.ch4RateDisplayUnitId),
    severity: e.severity === null ? null : AlarmLevel.label(e.severity),
    classification: e.classification,
    rootCause: e.root_cause,
  }));
  return { records, next: { emissionId: rows.length ? rows[rows.length - 1]!.id : after } };
}

async function rateBatch(
  db: Queryable,
  t: IntegrationTarget,
  bookmark: { from: string; sites: Record<string, string> },
  limit: number,
): Promise<RecordBatch> {
  // Ordered by time then site, so what one batch takes of each site is that site's earliest steps: a per-site bookmark.
  const rows = await db.query<{
    site_id: number;
    site_name: string;
    time: Date | string;
    rate: number;
    lower_bound: number;
    upper_bound: number;
  }>(
    `SELECT r.site_id, s.name AS site_name, r.time, r.rate, r.lower_bound, r.upper_bound
       FROM site_rates r JOIN sites s ON s.id = r.site_id
      WHERE r.site_id IN (${SCOPE_SQL}) AND r.time > coalesce(($3::jsonb ->> r.site_id::text)::timestamptz, $4::timestamptz)
      ORDER BY r.time, r.site_id LIMIT $5`,
    [t.organizationId, t.id, JSON.stringify(bookmark.sites), bookmark.from, limit],
  );
  const sites = { ...bookmark.sites };
  const records = rows.map((r) => {
    const time = new Date(r.time).toISOString();
    sites[String(r.site_id)] = time;
    return {
      siteId: r.site_id,
      siteName: r.site_name,
      time,
      rate: toDisplayUnit(Number(r.rate), t.ch4RateDisplayUnitId),
      lowerBound: toDisplayUnit(Number(r.lower_bound), t.ch4RateDisplayUnitId),
      upperBound: toDisplayUnit(Number(r.upper_bound), t.ch4RateDisplayUnitId),
    };
  });
  return { records, next: { from: bookmark.from, sites } };
}

/** The next records after the bookmark, at most `limit`. */
export function nextBatch(db: Queryable, t: IntegrationTarget, limit: number): Promise<RecordBatch> {
  const b = t.bookmark;
  if (t.dataType === IntegrationDataType.values.Alarms && 'alarmId' in b) return alarmBatch(db, t, b.alarmId, limit);
  if (t.dataType === IntegrationDataType.values.Emissions && 'emissionId' in b)
    return emissionBatch(db, t, b.emissionId, limit);
  if (t.dataType === IntegrationDataType.values.EmissionRates && 'sites' in b) return rateBatch(db, t, b, limit);
  throw new Error(
    `Integration ${t.id}: the bookmark ${JSON.stringify(b)} does not fit data type ${IntegrationDataType.label(t.dataType)}`,
  );
}

/** What every request body carries besides its records. */
export function envelopeOf(t: IntegrationTarget): Record<string, unknown> {
  return {
    integrationId: t.id,
    dataType: IntegrationDataType.label(t.dataType),
    ch4RateUnit: label(t.ch4RateDisplayUnitId),
    ch4VolumeUnit: label(t.ch4VolumeDisplayUnitId),
  };
}
