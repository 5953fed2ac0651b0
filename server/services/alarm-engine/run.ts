// The alarm engine over the stored data (spec 2 §4): for each enabled Measurement parameter of a site, every device
// its filter picks (while installed there and not quarantined) is evaluated over a time range, and each Emission Rate
// (SiteRate) parameter over the site's modelled rate; each episode becomes a new alarm with a Basic or LDAR workflow,
// or widens the alarm it continues. Re-running a range changes nothing, and a per-parameter lock keeps two runs
// (ingestion and on demand) from raising the same alarm twice.
import { AlarmDeviceFilter, AlarmType, DeviceInstallationType, WorkflowType } from '@/domain/enums';
import type { Database, Queryable } from '../../db/client';
import { loadEnabledEvaluatedParameters } from '../alarm-parameter';
import { readSamples } from '../measurement-store';
import {
  CALCULATION_AVERAGE,
  episodeVolume,
  findEpisodes,
  HOUR_MS,
  withoutIntervals,
  type AlarmDetail,
  type Episode,
} from './episodes';
import type { Samples } from '../measurement-chunk';
import { SITE_RATE_STEP_MS } from '@/domain/emission';

export interface EffectiveParameter extends AlarmDetail {
  id: number;
  alarmType: number;
  siteId: number;
  measurementTypeId: number;
  deviceFilter: number;
  deviceIds: number[];
  triggersLdarWorkflow: boolean;
}

/** Enabled Measurement parameters with their detail (the template's when one is chosen), ready to evaluate. */
export async function effectiveParameters(
  db: Queryable,
  siteIds: readonly number[] | null,
): Promise<EffectiveParameter[]> {
  return (await loadEnabledEvaluatedParameters(db, siteIds)).flatMap((p) => {
    const d = p.detail;
    if (d.hiThreshold === null || d.slidingWindowSizeInHours === null || d.calculationMethod === null) return [];
    return [
      {
        id: p.id,
        alarmType: p.alarmType,
        siteId: p.siteId,
        measurementTypeId: p.measurementTypeId,
        deviceFilter: p.alarmDeviceType ?? AlarmDeviceFilter.values.AllQube,
        deviceIds: p.deviceIds,
        calculationMethod: d.calculationMethod,
        hiThreshold: d.hiThreshold,
        hiHiThreshold: d.hiHiThreshold,
        criticalThreshold: d.criticalThreshold,
        slidingWindowSizeInHours: d.slidingWindowSizeInHours,
        resetEvaluationPeriodInHours: d.resetEvaluationPeriodInHours,
        triggersLdarWorkflow: d.triggersLdarWorkflow,
      },
    ];
  });
}

interface Stay {
  deviceId: number;
  from: number;
  to: number;
  quarantinedFrom: number | null;
}

/** Where the parameter's devices stood at the site inside [from, to), with the time a full quarantine began. */
async function staysFor(db: Queryable, p: EffectiveParameter, from: number, to: number): Promise<Stay[]> {
  const lite =
    p.deviceFilter === AlarmDeviceFilter.values.AllQubeLite ||
    p.deviceFilter === AlarmDeviceFilter.values.SelectedQubeLite;
  const selected =
    p.deviceFilter === AlarmDeviceFilter.values.SelectedQube ||
    p.deviceFilter === AlarmDeviceFilter.values.SelectedQubeLite;
  const rows = await db.query<{
    device_id: number;
    started_at: Date | string;
    ended_at: Date | string | null;
    installation_type: number;
    quarantined_at: Date | string | null;
  }>(
    `SELECT i.device_id, i.started_at, i.ended_at, i.installation_type, i.quarantined_at
       FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND d.device_type = $2 AND i.started_at < $4 AND (i.ended_at IS NULL OR i.ended_at > $3)
        AND ($5::int[] IS NULL OR i.device_id = ANY($5::int[]))
      ORDER BY i.device_id, i.started_at`,
    [
      p.siteId,
      lite ? 'QubeLite' : 'Qube',
      new Date(from).toISOString(),
      new Date(to).toISOString(),
      selected ? p.deviceIds : null,
    ],
  );
  return rows.map((r) => ({
    deviceId: r.device_id,
    from: Math.max(from, new Date(r.started_at).getTime()),
    to: Math.min(to, r.ended_at === null ? Infinity : new Date(r.ended_at).getTime()),
    // A wind quarantine keeps gas readings valid; only a full quarantine silences the device.
    quarantinedFrom:
      r.installation_type === DeviceInstallationType.values.Quarantine
        ? r.quarantined_at === null
          ? -Infinity
          : new Date(r.quarantined_at).getTime()
        : null,
  }));
}

/** Saves an episode as a new alarm, or widens the alarm it continues; answers the new alarm's id, or null. */
async function saveEpisode(
  tx: Queryable,
  p: EffectiveParameter,
  deviceId: number | null,
  e: Episode,
  totalVolume: number | null = null,
): Promise<number | null> {
  const resetMs = (p.resetEvaluationPeriodInHours ?? p.slidingWindowSizeInHours) * HOUR_MS;
  const [existing] = await tx.query<{ id: number }>(
    `SELECT id FROM alarms WHERE site_alarm_parameter_id = $1 AND device_id IS NOT DISTINCT FROM $2::int AND start_time <= $3 AND end_time >= $4 ORDER BY start_time LIMIT 1`,
    [p.id, deviceId, new Date(e.end + resetMs).toISOString(), new Date(e.start - resetMs).toISOString()],
  );
  if (existing) {
    await tx.query(
      `UPDATE alarms SET start_time = least(start_time, $2), end_time = greatest(end_time, $3), max_value = greatest(max_value, $4), level = greatest(level, $5),
              total_volume = CASE WHEN $6::float8 IS NULL THEN total_volume ELSE greatest(coalesce(total_volume, 0), $6::float8) END
        WHERE id = $1 AND (start_time > $2 OR end_time < $3 OR max_value < $4 OR level < $5 OR coalesce(total_volume, 0) < coalesce($6::float8, 0))`,
      [existing.id, new Date(e.start).toISOString(), new Date(e.end).toISOString(), e.maxValue, e.level, totalVolume],
    );
    return null;
  }
  const [workflow] = await tx.query<{ id: number }>('INSERT INTO workflows (workflow_type) VALUES ($1) RETURNING id', [
    p.triggersLdarWorkflow ? WorkflowType.values.LDAR : WorkflowType.values.Basic,
  ]);
  const [alarm] = await tx.query<{ id: number }>(
    `INSERT INTO alarms (site_id, site_alarm_parameter_id, device_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value,
                         hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, workflow_id, total_volume)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      p.siteId,
      p.id,
      deviceId,
      e.level,
      p.alarmType,
      p.measurementTypeId,
      p.calculationMethod,
      new Date(e.start).toISOString(),
      new Date(e.end).toISOString(),
      e.maxValue,
      p.hiThreshold,
      p.hiHiThreshold,
      p.criticalThreshold,
      p.slidingWindowSizeInHours,
      workflow!.id,
      totalVolume,
    ],
  );
  return alarm!.id;
}

/**
 * SiteVolume: the volume emitted over the sliding window (its average rate times its hours, in kg) against the
 * thresholds, found as the equivalent average rate.
 */
function volumeEpisodes(rates: Samples, p: EffectiveParameter): Episode[] {
  const hours = p.slidingWindowSizeInHours;
  const perHour = (v: number | null) => (v === null ? null : v / hours);
  const detail = {
    ...p,
    calculationMethod: CALCULATION_AVERAGE,
    hiThreshold: p.hiThreshold / hours,
    hiHiThreshold: perHour(p.hiHiThreshold),
    criticalThreshold: perHour(p.criticalThreshold),
  };
  return findEpisodes(rates, detail).map((e) => ({ ...e, maxValue: e.maxValue * hours }));
}

/** The site's modelled rate (kg/h) in [from, to) as a series. */
async function siteRates(db: Queryable, siteId: number, from: number, to: number): Promise<Samples> {
  const rows = await db.query<{ t: number; rate: number }>(
    'SELECT extract(epoch FROM time) * 1000 AS t, rate FROM site_rates WHERE site_id = $1 AND time >= $2 AND time < $3 ORDER BY time',
    [siteId, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return {
    times: Float64Array.from(rows.map((r) => Number(r.t))),
    values: Float32Array.from(rows.map((r) => Number(r.rate))),
  };
}

/** Evaluates one parameter over [from, to); answers the ids of the alarms it raised. */
export async function evaluateParameter(
  database: Database,
  p: EffectiveParameter,
  from: number,
  to: number,
): Promise<number[]> {
  // New samples change the window statistic up to a window later, and an event continues through the reset period:
  // read that far on both sides so a late batch joins the alarm around it.
  const margin =
    (p.slidingWindowSizeInHours + (p.resetEvaluationPeriodInHours ?? p.slidingWindowSizeInHours)) * HOUR_MS;
  return database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(8, $1)', [p.id]);
    const raised: number[] = [];
    if (p.alarmType === AlarmType.values.SiteRate || p.alarmType === AlarmType.values.SiteVolume) {
      const rates = await siteRates(tx, p.siteId, from - margin, to + margin);
      for (const episode of p.alarmType === AlarmType.values.SiteRate
        ? findEpisodes(rates, p)
        : volumeEpisodes(rates, p)) {
        const id = await saveEpisode(
          tx,
          p,
          null,
          episode,
          episodeVolume(rates, episode.start, episode.end, SITE_RATE_STEP_MS),
        );
        if (id !== null) raised.push(id);
      }
      return raised;
    }
    for (const stay of await staysFor(tx, p, from - margin, to + margin)) {
      if (!(stay.to > stay.from)) continue;
      const samples = await readSamples(tx, stay.deviceId, p.measurementTypeId, stay.from, stay.to);
      const usable =
        stay.quarantinedFrom === null ? samples : withoutIntervals(samples, [[stay.quarantinedFrom, Infinity]]);
      for (const episode of findEpisodes(usable, p)) {
        const id = await saveEpisode(tx, p, stay.deviceId, episode);
        if (id !== null) raised.push(id);
      }
    }
    return raised;
  });
}

/** Evaluates every enabled parameter of the sites (all sites when null) over [from, to). */
export async function evaluateAlarms(
  database: Database,
  siteIds: readonly number[] | null,
  from: number,
  to: number,
): Promise<number[]> {
  const raised: number[] = [];
  for (const p of await effectiveParameters(database, siteIds))
    raised.push(...(await evaluateParameter(database, p, from, to)));
  return raised;
}

/** The sites where these devices stand, for evaluating after an ingestion. */
export async function sitesOfDevices(
  db: Queryable,
  deviceIds: readonly number[],
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db.query<{ site_id: number }>(
    'SELECT DISTINCT site_id FROM device_installations WHERE device_id = ANY($1::int[]) AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2)',
    [[...deviceIds], new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows.map((r) => r.site_id);
}
