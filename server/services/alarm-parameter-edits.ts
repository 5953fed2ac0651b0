// Alarm parameters (spec 2 §7 'Alarms' parameter calls): the organization's templates (list, edit, soft delete that
// turns off the parameters using it, restore, history) and each site's parameters (the grid, the edit of one column
// with errors by index and property, history).
import {
  PARAMETER_MESSAGES,
  siteParameterProblems,
  templateProblems,
  type SiteParameterForm,
} from '@/domain/alarm-parameter';
import { AlarmType, SiteAlarmParameterStatus } from '@/domain/enums';
import { MEASUREMENT_TYPES } from '@/domain/measurement-type';
import type { Database, Queryable } from '../db/client';
import { DomainError } from './errors';
import {
  loadHistory,
  loadSiteParameters,
  loadTemplates,
  parameterSnapshot,
  recordHistory,
  siteSensors,
  templateSnapshot,
  toSiteParameter,
} from './alarm-parameter';
import type { z } from 'zod';
import type { SignedInUser } from './callers';
import type {
  parameterEditEndpoint,
  parameterHistoryEndpoint,
  saveParameterEditEndpoint,
  templateEditEndpoint,
  templateEndpoint,
  templateHistoryEndpoint,
  templateListEndpoint,
} from '@/contracts/alarm-parameter';

const GAS_IDS = new Set(MEASUREMENT_TYPES.filter((m) => m.gas !== null).map((m) => m.id));
const invalid = (errors: Record<string, string[]>) => new DomainError('Invalid', 'The request is not valid.', errors);

async function templateOf(db: Queryable, organizationId: number, id: number) {
  const [t] = await db.query<{ id: number; deleted_at: Date | null }>(
    'SELECT id, deleted_at FROM alarm_parameter_templates WHERE id = $1 AND organization_id = $2',
    [id, organizationId],
  );
  if (!t) throw new DomainError('NotFound', 'Template not found');
  return t;
}

/** A live site of the organization; ids as one object, so the two cannot be swapped. */
async function siteOf(db: Queryable, { organizationId, siteId }: { organizationId: number; siteId: number }) {
  const [s] = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
    [siteId, organizationId],
  );
  if (!s) throw new DomainError('NotFound', 'Site not found');
  return s;
}

/** Soft-deletes a template (turning off the site parameters using it) or restores it (they stay off). */
export async function setTemplateDeleted(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  id: number,
  deleted: boolean,
) {
  return database.transaction(async (tx) => {
    const t = await templateOf(tx, organizationId, id);
    if (deleted && !t.deleted_at) {
      await tx.query('UPDATE alarm_parameter_templates SET deleted_at = now() WHERE id = $1', [t.id]);
      const off = await tx.query<{ id: number }>(
        'UPDATE site_alarm_parameters SET status = 0, updated_at = now() WHERE template_id = $1 AND status = 1 AND deleted_at IS NULL RETURNING id',
        [t.id],
      );
      for (const p of off)
        await recordHistory(tx, 'site_alarm_parameter_history', p.id, await parameterSnapshot(tx, p.id), user.email);
    }
    if (!deleted && t.deleted_at)
      await tx.query('UPDATE alarm_parameter_templates SET deleted_at = NULL WHERE id = $1', [t.id]);
    return (await loadTemplates(tx, organizationId, { id: t.id }))[0]!;
  });
}

export async function templateList(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof templateListEndpoint)['query']>>,
) {
  return loadTemplates(database, organizationId, { showDeleted: query.showDeleted === 'true' });
}

export async function templateForm(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof templateEndpoint)['query']>>,
) {
  const [t] = await loadTemplates(database, organizationId, { id: query.id });
  if (!t) throw new DomainError('NotFound', 'Template not found');
  return t;
}

export async function saveTemplate(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof templateEditEndpoint)['body']>>,
) {
  const problems = templateProblems({
    ...body.detail,
    id: body.id,
    name: body.name,
    alarmType: body.alarmType,
    measurementTypeId: body.measurementTypeId,
  });
  if (body.measurementTypeId !== null && !GAS_IDS.has(body.measurementTypeId))
    problems.measurementTypeId = 'Choose a gas';
  if (Object.keys(problems).length)
    throw invalid(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])));
  const d = body.detail;
  const values = [
    body.name.trim(),
    body.alarmType,
    body.measurementTypeId,
    d.calculationMethod,
    d.hiThreshold,
    d.hiHiThreshold,
    d.criticalThreshold,
    d.slidingWindowSizeInHours,
    d.resetEvaluationPeriodInHours,
    d.triggersLdarWorkflow,
  ];
  return database.transaction(async (tx) => {
    let id = body.id;
    if (id === 0) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO alarm_parameter_templates (name, alarm_type, measurement_type_id, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours,
                                                    reset_evaluation_period_hours, triggers_ldar_workflow, organization_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [...values, organizationId],
      );
      id = row!.id;
    } else {
      const t = await templateOf(tx, organizationId, id);
      if (t.deleted_at) throw new DomainError('Invalid', 'A deleted template cannot be edited; restore it first');
      await tx.query(
        `UPDATE alarm_parameter_templates SET name = $1, alarm_type = $2, measurement_type_id = $3, calculation_method = $4, hi_threshold = $5, hi_hi_threshold = $6,
                    critical_threshold = $7, sliding_window_hours = $8, reset_evaluation_period_hours = $9, triggers_ldar_workflow = $10 WHERE id = $11`,
        [...values, id],
      );
    }
    await recordHistory(tx, 'alarm_parameter_template_history', id, await templateSnapshot(tx, id), user.email);
    return (await loadTemplates(tx, organizationId, { id }))[0]!;
  });
}

export async function templateHistory(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof templateHistoryEndpoint)['query']>>,
) {
  return loadHistory(
    database,
    'alarm_parameter_template_history',
    (await templateOf(database, organizationId, query.id)).id,
  );
}

export async function siteAlarmParameterRows(database: Database, organizationId: number) {
  const sites = await database.query<{
    id: number;
    name: string;
    business_unit: string | null;
    asset_area: string | null;
    groups: string[] | null;
  }>(
    `SELECT s.id, s.name, bu.name AS business_unit, aa.name AS asset_area,
                (SELECT array_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS groups
           FROM sites s LEFT JOIN site_options bu ON bu.id = s.business_unit_id LEFT JOIN site_options aa ON aa.id = s.asset_area_id
          WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY s.name`,
    [organizationId],
  );
  const ids = sites.map((s) => s.id);
  const sensors = await siteSensors(database, ids);
  const params = await loadSiteParameters(database, ids);
  return sites.map((s) => {
    const site = sensors.get(s.id)!;
    const own = params.filter((p) => p.site_id === s.id).map((p) => toSiteParameter(p, site));
    return {
      siteId: s.id,
      siteName: s.name,
      businessUnit: s.business_unit,
      assetArea: s.asset_area,
      siteGroups: s.groups ?? [],
      sensors: [...site.sensors].sort((a, b) => a - b),
      canCalculateEmissionRate: site.emissionRate,
      alarmParameters: own,
      alarmParameterWarnings: [
        ...new Set(own.filter((p) => p.status === SiteAlarmParameterStatus.values.On).flatMap((p) => p.warnings)),
      ],
    };
  });
}

export async function parameterEdit(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof parameterEditEndpoint)['query']>>,
) {
  const s = await siteOf(database, { organizationId, siteId: query.siteId });
  const site = (await siteSensors(database, [s.id])).get(s.id)!;
  const rows = (await loadSiteParameters(database, [s.id])).filter(
    (p) => p.alarm_type === query.alarmType && p.measurement_type_id === query.measurementTypeId,
  );
  const devices = await database.query<{ id: number; name: string; device_type: string }>(
    "SELECT d.id, d.name, d.device_type FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.site_id = $1 AND i.ended_at IS NULL AND d.device_type <> 'QubeCamera' ORDER BY d.name",
    [s.id],
  );
  const sensorPresent =
    query.alarmType === AlarmType.values.Measurement ? site.sensors.has(query.measurementTypeId) : site.emissionRate;
  return {
    siteId: s.id,
    siteName: s.name,
    alarmType: query.alarmType,
    measurementTypeId: query.measurementTypeId,
    sensorPresent,
    parameters: rows.map((r) => toSiteParameter(r, site)),
    devices: devices.map((d) => ({ id: d.id, name: d.name, deviceType: d.device_type })),
  };
}

export async function saveParameterEdit(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof saveParameterEditEndpoint)['body']>>,
) {
  const s = await siteOf(database, { organizationId, siteId: body.siteId });
  if (!GAS_IDS.has(body.measurementTypeId)) throw invalid({ GlobalErrors: ['Choose a gas'] });
  const site = (await siteSensors(database, [s.id])).get(s.id)!;
  const sensorPresent =
    body.alarmType === AlarmType.values.Measurement ? site.sensors.has(body.measurementTypeId) : site.emissionRate;
  const existing = new Map(
    (await loadSiteParameters(database, [s.id]))
      .filter((p) => p.alarm_type === body.alarmType && p.measurement_type_id === body.measurementTypeId)
      .map((p) => [p.id, p]),
  );
  const templates = new Map((await loadTemplates(database, organizationId)).map((t) => [t.id, t]));
  const installed = new Set(
    (
      await database.query<{ device_id: number }>(
        'SELECT device_id FROM device_installations WHERE site_id = $1 AND ended_at IS NULL',
        [s.id],
      )
    ).map((r) => r.device_id),
  );
  const errors: Record<string, string[]> = {};
  const global: string[] = [];
  body.parameters.forEach((p, i) => {
    const form: SiteParameterForm = {
      ...p.detail,
      id: p.id,
      alarmType: body.alarmType,
      measurementTypeId: body.measurementTypeId,
      status: p.status,
      alarmParameterTemplateId: p.alarmParameterTemplateId,
      alarmDeviceType: p.alarmDeviceType,
      deviceIds: p.deviceIds,
    };
    const problems = siteParameterProblems(form);
    if (p.id !== 0 && !existing.has(p.id)) problems.id = 'This parameter is not one of this site';
    if (p.id === 0 && p.status === SiteAlarmParameterStatus.values.Off)
      problems.status = 'A parameter can be turned off only once it has been saved';
    if (p.status === SiteAlarmParameterStatus.values.On && !sensorPresent)
      problems.status = PARAMETER_MESSAGES.noSensor(
        MEASUREMENT_TYPES.find((m) => m.id === body.measurementTypeId)!.label,
      );
    if (p.status === SiteAlarmParameterStatus.values.On && p.alarmParameterTemplateId !== null) {
      const t = templates.get(p.alarmParameterTemplateId);
      if (!t || t.alarmType !== body.alarmType || t.measurementTypeId !== body.measurementTypeId)
        problems.alarmParameterTemplateId = 'Choose a template of this alarm type and gas';
    }
    if (p.deviceIds.some((d) => !installed.has(d))) problems.deviceIds = 'Choose devices installed at this site';
    for (const [k, v] of Object.entries(problems)) errors[`${i}.${k}`] = [v];
  });
  if (Object.keys(errors).length) {
    global.push(PARAMETER_MESSAGES.invalidSelection);
    throw invalid({ ...errors, GlobalErrors: global });
  }
  return database.transaction(async (tx) => {
    for (const p of body.parameters) {
      const off = p.status === SiteAlarmParameterStatus.values.Off;
      const before = p.id === 0 ? null : existing.get(p.id)!;
      // Saved as Off: the detail and template are left as they were (spec 2 §4).
      if (off && before) {
        if (before.status !== p.status) {
          await tx.query('UPDATE site_alarm_parameters SET status = 0, updated_at = now() WHERE id = $1', [p.id]);
          await recordHistory(tx, 'site_alarm_parameter_history', p.id, await parameterSnapshot(tx, p.id), user.email);
        }
        continue;
      }
      // A template supplies the detail; without one the detail is kept on the parameter.
      const d = p.alarmParameterTemplateId !== null ? null : p.detail;
      const values = [
        p.status,
        p.alarmParameterTemplateId,
        body.alarmType === AlarmType.values.Measurement ? p.alarmDeviceType : null,
        p.deviceIds,
        d?.calculationMethod ?? null,
        d?.hiThreshold ?? null,
        d?.hiHiThreshold ?? null,
        d?.criticalThreshold ?? null,
        d?.slidingWindowSizeInHours ?? null,
        d?.resetEvaluationPeriodInHours ?? null,
        d?.triggersLdarWorkflow ?? false,
      ];
      let id = p.id;
      if (id === 0) {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO site_alarm_parameters (status, template_id, device_filter, device_ids, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold,
                                                  sliding_window_hours, reset_evaluation_period_hours, triggers_ldar_workflow, site_id, alarm_type, measurement_type_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
          [...values, s.id, body.alarmType, body.measurementTypeId],
        );
        id = row!.id;
      } else {
        await tx.query(
          `UPDATE site_alarm_parameters SET status = $1, template_id = $2, device_filter = $3, device_ids = $4, calculation_method = $5, hi_threshold = $6, hi_hi_threshold = $7,
                      critical_threshold = $8, sliding_window_hours = $9, reset_evaluation_period_hours = $10, triggers_ldar_workflow = $11, updated_at = now() WHERE id = $12`,
          [...values, id],
        );
      }
      await recordHistory(tx, 'site_alarm_parameter_history', id, await parameterSnapshot(tx, id), user.email);
    }
    const rows = (await loadSiteParameters(tx, [s.id])).filter(
      (p) => p.alarm_type === body.alarmType && p.measurement_type_id === body.measurementTypeId,
    );
    return rows.map((r) => toSiteParameter(r, site));
  });
}

export async function parameterHistory(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof parameterHistoryEndpoint)['query']>>,
) {
  const [p] = await database.query<{ id: number }>(
    'SELECT p.id FROM site_alarm_parameters p JOIN sites s ON s.id = p.site_id AND s.organization_id = $1 WHERE p.id = $2',
    [organizationId, query.alarmParameterId],
  );
  if (!p) throw new DomainError('NotFound', 'Alarm parameter not found');
  return loadHistory(database, 'site_alarm_parameter_history', p.id);
}
