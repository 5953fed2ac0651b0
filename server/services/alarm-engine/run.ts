// The alarm engine over the stored data (spec 2 §4): for each enabled Measurement parameter of a site, every device
// its filter picks (while installed there and not quarantined) is evaluated over a time range; each episode becomes a
// new alarm with a Basic or LDAR workflow, or widens the alarm it continues. Re-running a range changes nothing, and a
// per-parameter lock keeps two runs (ingestion and on demand) from raising the same alarm twice.
import { AlarmDeviceFilter, AlarmType, DeviceInstallationType, SiteAlarmParameterStatus, WorkflowType } from '@/domain/enums';
import type { Database, Queryable } from '../../db/client';
import { readSamples } from '../measurement-store';
import { findEpisodes, HOUR_MS, withoutIntervals, type AlarmDetail, type Episode } from './episodes';

export interface EffectiveParameter extends AlarmDetail {
  id: number;
  siteId: number;
  measurementTypeId: number;
  deviceFilter: number;
  deviceIds: number[];
  triggersLdarWorkflow: boolean;
}

interface ParameterRow extends Record<string, unknown> {
  id: number;
  site_id: number;
  measurement_type_id: number;
  device_filter: number | null;
  device_ids: number[];
  calculation_method: number;
  hi_threshold: number;
  hi_hi_threshold: number | null;
  critical_threshold: number | null;
  sliding_window_hours: number;
  reset_evaluation_period_hours: number | null;
  triggers_ldar_workflow: boolean;
}

/** Enabled Measurement parameters with their detail (from the template when one is chosen). */
export async function effectiveParameters(db: Queryable, siteIds: readonly number[] | null): Promise<EffectiveParameter[]> {
  const rows = await db.query<ParameterRow>(
    `SELECT p.id, p.site_id, p.measurement_type_id, p.device_filter, p.device_ids,
            coalesce(t.calculation_method, p.calculation_method) AS calculation_method,
            coalesce(t.hi_threshold, p.hi_threshold) AS hi_threshold,
            CASE WHEN t.id IS NULL THEN p.hi_hi_threshold ELSE t.hi_hi_threshold END AS hi_hi_threshold,
            CASE WHEN t.id IS NULL THEN p.critical_threshold ELSE t.critical_threshold END AS critical_threshold,
            coalesce(t.sliding_window_hours, p.sliding_window_hours) AS sliding_window_hours,
            CASE WHEN t.id IS NULL THEN p.reset_evaluation_period_hours ELSE t.reset_evaluation_period_hours END AS reset_evaluation_period_hours,
            CASE WHEN t.id IS NULL THEN p.triggers_ldar_workflow ELSE t.triggers_ldar_workflow END AS triggers_ldar_workflow
       FROM site_alarm_parameters p
       JOIN sites s ON s.id = p.site_id AND s.deleted_at IS NULL
       -- A deleted organization raises no alarms (spec 1 §3) until it is restored.
       JOIN organizations o ON o.id = s.organization_id AND o.deleted_at IS NULL
       LEFT JOIN alarm_parameter_templates t ON t.id = p.template_id AND t.deleted_at IS NULL
      WHERE p.deleted_at IS NULL AND p.status = $1 AND p.alarm_type = $2 AND ($3::int[] IS NULL OR p.site_id = ANY($3::int[]))
        AND (p.template_id IS NULL OR t.id IS NOT NULL)
      ORDER BY p.id`,
    [SiteAlarmParameterStatus.values.On, AlarmType.values.Measurement, siteIds === null ? null : [...siteIds]],
  );
  return rows
    .filter((r) => r.hi_threshold !== null && r.sliding_window_hours !== null && r.calculation_method !== null)
    .map((r) => ({
      id: r.id,
      siteId: r.site_id,
      measurementTypeId: r.measurement_type_id,
      deviceFilter: r.device_filter ?? AlarmDeviceFilter.values.AllQube,
      deviceIds: r.device_ids ?? [],
      calculationMethod: r.calculation_method,
      hiThreshold: Number(r.hi_threshold),
      hiHiThreshold: r.hi_hi_threshold === null ? null : Number(r.hi_hi_threshold),
      criticalThreshold: r.critical_threshold === null ? null : Number(r.critical_threshold),
      slidingWindowSizeInHours: Number(r.sliding_window_hours),
      resetEvaluationPeriodInHours: r.reset_evaluation_period_hours === null ? null : Number(r.reset_evaluation_period_hours),
      triggersLdarWorkflow: r.triggers_ldar_workflow,
    }));
}

interface Stay {
  deviceId: number;
  from: number;
  to: number;
  quarantinedFrom: number | null;
}

/** Where the parameter's devices stood at the site inside [from, to), with the time a full quarantine began. */
async function staysFor(db: Queryable, p: EffectiveParameter, from: number, to: number): Promise<Stay[]> {
  const lite = p.deviceFilter === AlarmDeviceFilter.values.AllQubeLite || p.deviceFilter === AlarmDeviceFilter.values.SelectedQubeLite;
  const selected = p.deviceFilter === AlarmDeviceFilter.values.SelectedQube || p.deviceFilter === AlarmDeviceFilter.values.SelectedQubeLite;
  const rows = await db.query<{ device_id: number; started_at: Date | string; ended_at: Date | string | null; installation_type: number; quarantined_at: Date | string | null }>(
    `SELECT i.device_id, i.started_at, i.ended_at, i.installation_type, i.quarantined_at
       FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND d.device_type = $2 AND i.started_at < $4 AND (i.ended_at IS NULL OR i.ended_at > $3)
        AND ($5::int[] IS NULL OR i.device_id = ANY($5::int[]))
      ORDER BY i.device_id, i.started_at`,
    [p.siteId, lite ? 'QubeLite' : 'Qube', new Date(from).toISOString(), new Date(to).toISOString(), selected ? p.deviceIds : null],
  );
  return rows.map((r) => ({
    deviceId: r.device_id,
    from: Math.max(from, new Date(r.started_at).getTime()),
    to: Math.min(to, r.ended_at === null ? Infinity : new Date(r.ended_at).getTime()),
    // A wind quarantine keeps gas readings valid; only a full quarantine silences the device.
    quarantinedFrom: r.installation_type === DeviceInstallationType.values.Quarantine ? (r.quarantined_at === null ? -Infinity : new Date(r.quarantined_at).getTime()) : null,
  }));
}

/** Saves an episode as a new alarm, or widens the alarm it continues; answers the new alarm's id, or null. */
async function saveEpisode(tx: Queryable, p: EffectiveParameter, deviceId: number, e: Episode): Promise<number | null> {
  const resetMs = (p.resetEvaluationPeriodInHours ?? p.slidingWindowSizeInHours) * HOUR_MS;
  const [existing] = await tx.query<{ id: number }>(
    `SELECT id FROM alarms WHERE site_alarm_parameter_id = $1 AND device_id = $2 AND start_time <= $3 AND end_time >= $4 ORDER BY start_time LIMIT 1`,
    [p.id, deviceId, new Date(e.end + resetMs).toISOString(), new Date(e.start - resetMs).toISOString()],
  );
  if (existing) {
    await tx.query(
      `UPDATE alarms SET start_time = least(start_time, $2), end_time = greatest(end_time, $3), max_value = greatest(max_value, $4), level = greatest(level, $5)
        WHERE id = $1 AND (start_time > $2 OR end_time < $3 OR max_value < $4 OR level < $5)`,
      [existing.id, new Date(e.start).toISOString(), new Date(e.end).toISOString(), e.maxValue, e.level],
    );
    return null;
  }
  const [workflow] = await tx.query<{ id: number }>('INSERT INTO workflows (workflow_type) VALUES ($1) RETURNING id', [
    p.triggersLdarWorkflow ? WorkflowType.values.LDAR : WorkflowType.values.Basic,
  ]);
  const [alarm] = await tx.query<{ id: number }>(
    `INSERT INTO alarms (site_id, site_alarm_parameter_id, device_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value,
                         hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, workflow_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      p.siteId, p.id, deviceId, e.level, AlarmType.values.Measurement, p.measurementTypeId, p.calculationMethod, new Date(e.start).toISOString(), new Date(e.end).toISOString(), e.maxValue,
      p.hiThreshold, p.hiHiThreshold, p.criticalThreshold, p.slidingWindowSizeInHours, workflow!.id,
    ],
  );
  return alarm!.id;
}

/** Evaluates one parameter over [from, to); answers the ids of the alarms it raised. */
export async function evaluateParameter(database: Database, p: EffectiveParameter, from: number, to: number): Promise<number[]> {
  // New samples change the window statistic up to a window later, and an event continues through the reset period:
  // read that far on both sides so a late batch joins the alarm around it.
  const margin = (p.slidingWindowSizeInHours + (p.resetEvaluationPeriodInHours ?? p.slidingWindowSizeInHours)) * HOUR_MS;
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(8, $1)', [p.id]);
    const raised: number[] = [];
    for (const stay of await staysFor(tx, p, from - margin, to + margin)) {
      if (!(stay.to > stay.from)) continue;
      const samples = await readSamples(tx, stay.deviceId, p.measurementTypeId, stay.from, stay.to);
      const usable = stay.quarantinedFrom === null ? samples : withoutIntervals(samples, [[stay.quarantinedFrom, Infinity]]);
      for (const episode of findEpisodes(usable, p)) {
        const id = await saveEpisode(tx, p, stay.deviceId, episode);
        if (id !== null) raised.push(id);
      }
    }
    return raised;
  });
}

/** Evaluates every enabled parameter of the sites (all sites when null) over [from, to). */
export async function evaluateAlarms(database: Database, siteIds: readonly number[] | null, from: number, to: number): Promise<number[]> {
  const raised: number[] = [];
  for (const p of await effectiveParameters(database, siteIds)) raised.push(...(await evaluateParameter(database, p, from, to)));
  return raised;
}

/** The sites where these devices stand, for evaluating after an ingestion. */
export async function sitesOfDevices(db: Queryable, deviceIds: readonly number[], from: number, to: number): Promise<number[]> {
  const rows = await db.query<{ site_id: number }>(
    'SELECT DISTINCT site_id FROM device_installations WHERE device_id = ANY($1::int[]) AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2)',
    [[...deviceIds], new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows.map((r) => r.site_id);
}
