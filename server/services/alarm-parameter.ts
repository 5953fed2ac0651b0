// Alarm parameter templates and site alarm parameters on the server (spec 2 §3, §4, §5): reading them with their
// warnings, saving with history snapshots, and the sensors a site has.
import type { AlarmParameterTemplate, ParameterHistoryRow, SiteAlarmParameter } from '@/contracts/alarm-parameter';
import { WARNINGS } from '@/domain/alarm-parameter';
import { AlarmType, SiteAlarmParameterStatus } from '@/domain/enums';
import { MEASUREMENT_TYPES, measurementType } from '@/domain/measurement-type';
import type { Queryable } from '../db/client';

export interface DetailColumns {
  calculation_method: number | null;
  hi_threshold: number | null;
  hi_hi_threshold: number | null;
  critical_threshold: number | null;
  sliding_window_hours: number | null;
  reset_evaluation_period_hours: number | null;
  triggers_ldar_workflow: boolean;
}

const n = (v: number | null) => (v === null ? null : Number(v));
export const detailOf = (r: DetailColumns) => ({
  calculationMethod: r.calculation_method,
  hiThreshold: n(r.hi_threshold),
  hiHiThreshold: n(r.hi_hi_threshold),
  criticalThreshold: n(r.critical_threshold),
  slidingWindowSizeInHours: n(r.sliding_window_hours),
  resetEvaluationPeriodInHours: n(r.reset_evaluation_period_hours),
  triggersLdarWorkflow: r.triggers_ldar_workflow,
});

const GAS_IDS = new Map(MEASUREMENT_TYPES.filter((m) => m.gas !== null).map((m) => [m.key.toUpperCase(), m.id]));

/** Each site's gas sensors (from the installed devices' hardware) and whether it can calculate an emission rate (CH4 and an anemometer). */
export async function siteSensors(
  db: Queryable,
  siteIds: readonly number[],
): Promise<Map<number, { sensors: Set<number>; emissionRate: boolean }>> {
  const rows = await db.query<{ site_id: number; hardware_content: string | null; anemometer: boolean }>(
    `SELECT i.site_id, d.hardware_content, (d.hardware ? 'anemometer') AS anemometer
       FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.ended_at IS NULL AND i.site_id = ANY($1::int[]) AND d.device_type <> 'QubeCamera'`,
    [[...siteIds]],
  );
  const out = new Map<number, { sensors: Set<number>; emissionRate: boolean }>();
  for (const id of siteIds) out.set(id, { sensors: new Set(), emissionRate: false });
  for (const r of rows) {
    const site = out.get(r.site_id)!;
    const gases = (r.hardware_content ?? '')
      .split(',')
      .map((g) => GAS_IDS.get(g.trim().toUpperCase()))
      .filter((g): g is number => g !== undefined);
    for (const g of gases) site.sensors.add(g);
    if (r.anemometer && gases.includes(1)) site.emissionRate = true;
  }
  return out;
}

export function parameterWarnings(
  p: { alarmType: number; measurementTypeId: number },
  site: { sensors: Set<number>; emissionRate: boolean },
): string[] {
  if (p.alarmType === AlarmType.values.SiteRate || p.alarmType === AlarmType.values.SiteVolume)
    return site.emissionRate ? [] : [WARNINGS.siteRate];
  return site.sensors.has(p.measurementTypeId) ? [] : [WARNINGS.gas(measurementType(p.measurementTypeId).label)];
}

interface ParameterRow extends DetailColumns, Record<string, unknown> {
  id: number;
  site_id: number;
  alarm_type: number;
  measurement_type_id: number;
  status: number;
  template_id: number | null;
  template_name: string | null;
  device_filter: number | null;
  device_ids: number[];
  device_names: string[] | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

export const PARAMETER_SELECT = `SELECT p.id, p.site_id, p.alarm_type, p.measurement_type_id, p.status, p.template_id, t.name AS template_name, p.device_filter, p.device_ids,
    (SELECT array_agg(d.name ORDER BY d.name) FROM devices d WHERE d.id = ANY(p.device_ids)) AS device_names,
    coalesce(t.calculation_method, p.calculation_method) AS calculation_method, coalesce(t.hi_threshold, p.hi_threshold) AS hi_threshold,
    CASE WHEN t.id IS NULL THEN p.hi_hi_threshold ELSE t.hi_hi_threshold END AS hi_hi_threshold,
    CASE WHEN t.id IS NULL THEN p.critical_threshold ELSE t.critical_threshold END AS critical_threshold,
    coalesce(t.sliding_window_hours, p.sliding_window_hours) AS sliding_window_hours,
    CASE WHEN t.id IS NULL THEN p.reset_evaluation_period_hours ELSE t.reset_evaluation_period_hours END AS reset_evaluation_period_hours,
    CASE WHEN t.id IS NULL THEN p.triggers_ldar_workflow ELSE t.triggers_ldar_workflow END AS triggers_ldar_workflow,
    p.created_at, p.deleted_at
  FROM site_alarm_parameters p LEFT JOIN alarm_parameter_templates t ON t.id = p.template_id`;

export function toSiteParameter(
  r: ParameterRow,
  site: { sensors: Set<number>; emissionRate: boolean } | undefined,
): SiteAlarmParameter {
  const p = {
    id: r.id,
    siteId: r.site_id,
    alarmType: r.alarm_type,
    measurementTypeId: r.measurement_type_id,
    status: r.status,
    alarmParameterTemplateId: r.template_id,
    alarmParameterTemplateName: r.template_name,
    alarmDeviceType: r.device_filter,
    deviceIds: r.device_ids ?? [],
    deviceNames: r.device_names ?? [],
    detail: detailOf(r),
    createdAt: new Date(r.created_at).toISOString(),
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
    warnings: [] as string[],
  };
  p.warnings = site ? parameterWarnings(p, site) : [];
  return p;
}

/** On Measurement parameters of live sites of live organizations whose template (if any) is not deleted — what the engine evaluates. */
/** Enabled parameters the engine evaluates: Measurement (device readings), SiteRate and SiteVolume (the site rate). */
export async function loadEnabledEvaluatedParameters(
  db: Queryable,
  siteIds: readonly number[] | null,
): Promise<SiteAlarmParameter[]> {
  const rows = await db.query<ParameterRow>(
    `${PARAMETER_SELECT}
       JOIN sites s ON s.id = p.site_id AND s.deleted_at IS NULL
       -- A deleted organization raises no alarms (spec 1 §3) until it is restored.
       JOIN organizations o ON o.id = s.organization_id AND o.deleted_at IS NULL
      WHERE p.deleted_at IS NULL AND p.status = $1 AND p.alarm_type = ANY($2::int[]) AND ($3::int[] IS NULL OR p.site_id = ANY($3::int[]))
        AND (p.template_id IS NULL OR t.deleted_at IS NULL)
      ORDER BY p.id`,
    [
      SiteAlarmParameterStatus.values.On,
      [AlarmType.values.Measurement, AlarmType.values.SiteRate, AlarmType.values.SiteVolume],
      siteIds === null ? null : [...siteIds],
    ],
  );
  return rows.map((r) => toSiteParameter(r, undefined));
}

/** A template's state for its history. */
export async function templateSnapshot(db: Queryable, id: number) {
  const [t] = await db.query<{ organization_id: number }>(
    'SELECT organization_id FROM alarm_parameter_templates WHERE id = $1',
    [id],
  );
  const [full] = await loadTemplates(db, t!.organization_id, { id });
  return { alarmType: full!.alarmType, measurementTypeId: full!.measurementTypeId, detail: full!.detail };
}

/** A site parameter's state for its history. */
export async function parameterSnapshot(db: Queryable, id: number) {
  const [r] = await db.query<ParameterRow>(`${PARAMETER_SELECT} WHERE p.id = $1`, [id]);
  const p = toSiteParameter(r!, undefined);
  return {
    alarmType: p.alarmType,
    measurementTypeId: p.measurementTypeId,
    detail: p.detail,
    status: p.status,
    deviceType: p.alarmDeviceType,
    deviceNames: p.deviceNames,
    templateName: p.alarmParameterTemplateName,
  };
}

export async function loadSiteParameters(db: Queryable, siteIds: readonly number[]): Promise<ParameterRow[]> {
  return db.query<ParameterRow>(
    `${PARAMETER_SELECT} WHERE p.site_id = ANY($1::int[]) AND p.deleted_at IS NULL ORDER BY p.site_id, p.alarm_type, p.measurement_type_id, p.id`,
    [[...siteIds]],
  );
}

interface TemplateRow extends DetailColumns, Record<string, unknown> {
  id: number;
  organization_id: number;
  name: string;
  alarm_type: number;
  measurement_type_id: number;
  deleted_at: Date | string | null;
  site_names: string[] | null;
}

export async function loadTemplates(
  db: Queryable,
  organizationId: number,
  opts: { id?: number; showDeleted?: boolean } = {},
): Promise<AlarmParameterTemplate[]> {
  const rows = await db.query<TemplateRow>(
    `SELECT t.*, (SELECT array_agg(DISTINCT s.name ORDER BY s.name) FROM site_alarm_parameters p JOIN sites s ON s.id = p.site_id AND s.deleted_at IS NULL
                   WHERE p.template_id = t.id AND p.deleted_at IS NULL AND p.status = 1) AS site_names
       FROM alarm_parameter_templates t
      WHERE t.organization_id = $1 AND ($2::int IS NULL OR t.id = $2) AND ($3 OR t.deleted_at IS NULL)
      ORDER BY t.name, t.id`,
    [organizationId, opts.id ?? null, opts.showDeleted ?? opts.id !== undefined],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    alarmType: r.alarm_type,
    measurementTypeId: r.measurement_type_id,
    detail: detailOf(r),
    siteReferenceCount: r.site_names?.length ?? 0,
    siteReferenceNames: r.site_names ?? [],
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
    organizationId: r.organization_id,
  }));
}

/** Closes the open history row of an entity and opens one with its state now. */
export async function recordHistory(
  db: Queryable,
  table: 'alarm_parameter_template_history' | 'site_alarm_parameter_history',
  id: number,
  snapshot: Record<string, unknown>,
  changedBy: string,
): Promise<void> {
  const key = table === 'alarm_parameter_template_history' ? 'template_id' : 'site_alarm_parameter_id';
  await db.query(`UPDATE ${table} SET date_ended = now() WHERE ${key} = $1 AND date_ended IS NULL`, [id]);
  await db.query(`INSERT INTO ${table} (${key}, snapshot, changed_by) VALUES ($1, $2::jsonb, $3)`, [
    id,
    JSON.stringify(snapshot),
    changedBy,
  ]);
}

export async function loadHistory(
  db: Queryable,
  table: 'alarm_parameter_template_history' | 'site_alarm_parameter_history',
  id: number,
): Promise<ParameterHistoryRow[]> {
  const key = table === 'alarm_parameter_template_history' ? 'template_id' : 'site_alarm_parameter_id';
  const rows = await db.query<{
    effective_from: Date | string;
    date_ended: Date | string | null;
    snapshot: ParameterHistoryRow;
    changed_by: string;
  }>(
    `SELECT effective_from, date_ended, snapshot, changed_by FROM ${table} WHERE ${key} = $1 ORDER BY effective_from DESC, id DESC`,
    [id],
  );
  return rows.map((r) => ({
    ...r.snapshot,
    effectiveFrom: new Date(r.effective_from).toISOString(),
    dateEnded: r.date_ended === null ? null : new Date(r.date_ended).toISOString(),
    changedBy: r.changed_by,
  }));
}
