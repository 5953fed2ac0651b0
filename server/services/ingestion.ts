// The one ingestion path (the API, the live simulator): store the samples, evaluate the alarms of the sites the
// devices stand at over the batch's time span, and queue the instantaneous mails for the alarms raised.
import type { Database, Queryable } from '../db/client';
import { evaluateAlarms, sitesOfDevices } from './alarm-engine/run';
import { ingestSamples, type Sample } from './measurement-store';
import { noteSamplesForModel } from './modelling/service/late-data';
import { notifyRaisedAlarms } from './notification/alarm-mails';
import { DomainError } from './errors';
import type { SiteRef } from './site';

export async function ingestAndEvaluate(
  database: Database,
  samples: readonly Sample[],
  publicUrl: string,
): Promise<{ chunks: number; alarmsRaised: number[] }> {
  const chunks = await database.transaction((tx) => ingestSamples(tx, samples));
  // Sites whose model has read these times already rewind to them; the scheduler is nudged either way.
  await noteSamplesForModel(database, samples);
  let from = Infinity;
  let to = -Infinity;
  for (const s of samples) {
    if (s.time < from) from = s.time;
    if (s.time > to) to = s.time;
  }
  if (!(to >= from)) return { chunks, alarmsRaised: [] };
  const deviceIds = [...new Set(samples.map((s) => s.deviceId))];
  const raised = await evaluateAlarms(database, await sitesOfDevices(database, deviceIds, from, to + 1), from, to + 1);
  await notifyRaisedAlarms(database, raised, publicUrl);
  return { chunks, alarmsRaised: raised };
}

export interface SiteRatePoint {
  time: number;
  rate: number;
  lower: number;
  upper: number;
}

/**
 * The modelling pipeline's output for a site: rates stored once per site and time (a repeat replaces), the model's
 * processed-up-to moved forward, then the site's alarms evaluated over the batch and their mails queued.
 */
export async function ingestSiteRates(
  database: Database,
  siteId: number,
  points: readonly SiteRatePoint[],
  publicUrl: string,
): Promise<{ stored: number; alarmsRaised: number[] }> {
  if (points.length === 0) return { stored: 0, alarmsRaised: [] };
  await database.transaction((tx) => storeSiteRates(tx, siteId, points));
  const from = Math.min(...points.map((p) => p.time));
  const to = Math.max(...points.map((p) => p.time)) + 1;
  const raised = await evaluateSiteRateAlarms(database, siteId, from, to, publicUrl);
  return { stored: points.length, alarmsRaised: raised };
}

/** Stores rates (a repeat replaces) and moves the model's processed-up-to forward; the pipeline calls it inside its step transaction. */
export async function storeSiteRates(tx: Queryable, siteId: number, points: readonly SiteRatePoint[]): Promise<void> {
  if (points.length === 0) return;
  await tx.query(
    `INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) SELECT $1, * FROM unnest($2::timestamptz[], $3::float8[], $4::float8[], $5::float8[])
     ON CONFLICT (site_id, time) DO UPDATE SET rate = excluded.rate, lower_bound = excluded.lower_bound, upper_bound = excluded.upper_bound`,
    [
      siteId,
      points.map((p) => new Date(p.time).toISOString()),
      points.map((p) => p.rate),
      points.map((p) => p.lower),
      points.map((p) => p.upper),
    ],
  );
  const last = Math.max(...points.map((p) => p.time));
  await tx.query(
    'UPDATE sites SET model_processed_up_to = greatest(coalesce(model_processed_up_to, $2), $2), model_last_run_time = now() WHERE id = $1',
    [siteId, new Date(last).toISOString()],
  );
}

/** The site's alarms over [from, to) after new rates, and the mails of those raised. */
export async function evaluateSiteRateAlarms(
  database: Database,
  siteId: number,
  from: number,
  to: number,
  publicUrl: string,
): Promise<number[]> {
  const raised = await evaluateAlarms(database, [siteId], from, to);
  await notifyRaisedAlarms(database, raised, publicUrl);
  return raised;
}

/** The ingest call: every device of the batch must be the organization's. */
export async function ingestOrganizationSamples(
  database: Database,
  organizationId: number,
  body: { samples: readonly { deviceId: number; measurementTypeId: number; time: string; value: number }[] },
  publicUrl: string,
): Promise<{ samples: number; chunks: number; alarmsRaised: number }> {
  const deviceIds = [...new Set(body.samples.map((s) => s.deviceId))];
  const owned = await database.query<{ id: number }>(
    'SELECT id FROM devices WHERE id = ANY($1::int[]) AND organization_id = $2',
    [deviceIds, organizationId],
  );
  if (owned.length !== deviceIds.length)
    throw new DomainError('NotFound', 'A device was not found in this organization');
  const samples = body.samples.map((s) => ({
    deviceId: s.deviceId,
    measurementType: s.measurementTypeId,
    time: Date.parse(s.time),
    value: s.value,
  }));
  const { chunks, alarmsRaised } = await ingestAndEvaluate(database, samples, publicUrl);
  return { samples: samples.length, chunks, alarmsRaised: alarmsRaised.length };
}

/** The site rates call: the site must be the organization's and not deleted. */
export async function ingestOrganizationSiteRates(
  database: Database,
  { organizationId, siteId }: SiteRef,
  rates: readonly { time: string; rate: number; lower: number; upper: number }[],
  publicUrl: string,
): Promise<{ stored: number; alarmsRaised: number }> {
  const [site] = await database.query<{ id: number }>(
    'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
    [siteId, organizationId],
  );
  if (!site) throw new DomainError('NotFound', 'Site not found');
  const { stored, alarmsRaised } = await ingestSiteRates(
    database,
    site.id,
    rates.map((r) => ({ time: Date.parse(r.time), rate: r.rate, lower: r.lower, upper: r.upper })),
    publicUrl,
  );
  return { stored, alarmsRaised: alarmsRaised.length };
}
