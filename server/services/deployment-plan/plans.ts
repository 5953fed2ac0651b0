// Deployment plans in the database (spec 3 §7 'Deployment plan'): the site and its sources as the optimizer needs
// them, the wind source options, a run of the optimizer, saved revisions and whether the saved plan is still valid.
import { createHash } from 'node:crypto';
import {
  devicePlacementResultSchema,
  type DeploymentPlanForSite,
  type DevicePlacementResult,
  type PlanSource,
  type SavedDeploymentPlan,
  type WindSiteSource,
  type WindSourceOptions,
} from '@/contracts/deployment-plan';
import {
  DEPLOYMENT_PLAN_MESSAGES,
  devicePlacementRequestSchema,
  importanceWeight,
  sourceCountWarnings,
  type DevicePlacementRequest,
} from '@/domain/deployment-plan';
import type { Queryable } from '../../db/client';
import { DomainError } from '../errors';
import { readSamples } from '../measurement-store';
import { CALM_SPEED, optimizePlacement, WIND_SECTORS, type LngLat } from './optimizer';
import { windRoseProbabilities } from '../wind-sector';
import { inTransaction } from '../transaction';
import type { SiteRef } from '../site';
import { WIND_DIRECTION_TYPE as WIND_DIRECTION, WIND_SPEED_TYPE as WIND_SPEED } from '@/domain/measurement-type';

const DAY_MS = 86_400_000;
/** The wind rose is built from the wind source's last 90 days of readings (up to its latest reading). */
export const WIND_ROSE_DAYS = 90;

interface SiteRow extends Record<string, unknown> {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  deleted_at: Date | string | null;
}
export interface PlanSite {
  id: number;
  name: string;
  location: LngLat;
  deleted: boolean;
}

/** The site in the organization; another organization's site is as unknown as a missing one. */
async function loadPlanSite(db: Queryable, { organizationId, siteId }: SiteRef, forWrite: boolean): Promise<PlanSite> {
  const [s] = await db.query<SiteRow>(
    'SELECT id, name, latitude, longitude, deleted_at FROM sites WHERE id = $1 AND organization_id = $2',
    [siteId, organizationId],
  );
  if (!s) throw new DomainError('NotFound', 'Site not found');
  if (forWrite && s.deleted_at !== null) throw new DomainError('Conflict', DEPLOYMENT_PLAN_MESSAGES.siteDeleted);
  return { id: s.id, name: s.name, location: [s.longitude, s.latitude], deleted: s.deleted_at !== null };
}

export async function planSources(db: Queryable, siteId: number): Promise<PlanSource[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    latitude: number;
    longitude: number;
    relative_importance: number;
    category: string | null;
  }>(
    `SELECT s.id, s.name, s.latitude, s.longitude, s.relative_importance, c.name AS category
       FROM sources s LEFT JOIN source_categories c ON c.id = s.source_category_id
      WHERE s.site_id = $1 AND s.deleted_at IS NULL ORDER BY s.id`,
    [siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: [r.longitude, r.latitude],
    relativeImportance: r.relative_importance,
    sourceCategoryName: r.category,
  }));
}

/**
 * What the plan depends on in the site's sources: which are active, where, and how much they weigh. A plan stores it
 * and is valid while it matches, whichever route or tool changed the sources (no timestamp column to keep honest).
 */
export function sourcesFingerprint(sources: readonly PlanSource[]): string {
  const parts = [...sources]
    .sort((a, b) => a.id - b.id)
    .map((s) => [s.id, s.location[0].toFixed(7), s.location[1].toFixed(7), s.relativeImportance]);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function distanceMeters(a: LngLat, b: LngLat): number {
  const R = 6_371_000;
  const toRad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * toRad;
  const dLng = (b[0] - a[0]) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * toRad) * Math.cos(b[1] * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/**
 * Sites of the organization whose installed devices recorded wind, nearest first, with the number of UTC days that
 * hold wind readings. There is no weather-station feed in this product, so that list is always empty.
 */
/** The wind sources for a site's plan. */
export async function windSourcesForSite(db: Queryable, ref: SiteRef): Promise<WindSourceOptions> {
  return windSourceOptions(db, ref.organizationId, await loadPlanSite(db, ref, false));
}

async function windSourceOptions(
  db: Queryable,
  organizationId: number,
  site: PlanSite,
  onlySiteId?: number,
): Promise<WindSourceOptions> {
  const rows = await db.query<{ id: number; name: string; latitude: number; longitude: number; days: number | string }>(
    `SELECT s.id, s.name, s.latitude, s.longitude, count(DISTINCT mc.chunk_start) AS days
       FROM sites s
       JOIN device_installations di ON di.site_id = s.id
       JOIN measurement_chunks mc ON mc.device_id = di.device_id AND mc.measurement_type = $2
                                 AND mc.chunk_start + interval '1 day' > di.started_at
                                 AND (di.ended_at IS NULL OR mc.chunk_start < di.ended_at)
      WHERE s.organization_id = $1 AND s.deleted_at IS NULL ${onlySiteId ? 'AND s.id = $3' : ''}
      GROUP BY s.id, s.name, s.latitude, s.longitude`,
    onlySiteId ? [organizationId, WIND_DIRECTION, onlySiteId] : [organizationId, WIND_DIRECTION],
  );
  const siteSources: WindSiteSource[] = rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      distanceFromSiteInMeters: Math.round(distanceMeters(site.location, [r.longitude, r.latitude])),
      daysOfAvailableData: Number(r.days),
    }))
    .sort((a, b) => a.distanceFromSiteInMeters - b.distanceFromSiteInMeters || a.id - b.id);
  return { siteSources, weatherStationSources: [] };
}

/** The wind source site's last WIND_ROSE_DAYS of wind (every installation there), as sector probabilities. */
export async function windRoseForSite(
  db: Queryable,
  windSiteId: number,
): Promise<{ rose: number[]; readings: number }> {
  const stays = await db.query<{ device_id: number; started_at: Date | string; ended_at: Date | string | null }>(
    'SELECT device_id, started_at, ended_at FROM device_installations WHERE site_id = $1',
    [windSiteId],
  );
  if (stays.length === 0) return { rose: await windRoseProbabilities([], null, WIND_SECTORS, CALM_SPEED), readings: 0 };
  const [latest] = await db.query<{ last: Date | string | null }>(
    'SELECT max(last_time) AS last FROM measurement_chunks WHERE device_id = ANY($1::int[]) AND measurement_type = $2',
    [[...new Set(stays.map((s) => s.device_id))], WIND_DIRECTION],
  );
  if (!latest?.last) return { rose: await windRoseProbabilities([], null, WIND_SECTORS, CALM_SPEED), readings: 0 };
  const end = new Date(latest.last).getTime() + 1;
  const start = end - WIND_ROSE_DAYS * DAY_MS;
  const directions: number[] = [];
  const speeds: number[] = [];
  for (const stay of stays) {
    const from = Math.max(start, new Date(stay.started_at).getTime());
    const to = Math.min(end, stay.ended_at ? new Date(stay.ended_at).getTime() : end);
    if (!(to > from)) continue;
    const [dir, spd] = await Promise.all([
      readSamples(db, stay.device_id, WIND_DIRECTION, from, to),
      readSamples(db, stay.device_id, WIND_SPEED, from, to),
    ]);
    // Speeds pair with directions by time; a direction without a speed still counts.
    let j = 0;
    for (let i = 0; i < dir.times.length; i++) {
      const t = dir.times[i]!;
      while (j < spd.times.length && spd.times[j]! < t) j++;
      directions.push(dir.values[i]!);
      speeds.push(j < spd.times.length && spd.times[j] === t ? spd.values[j]! : Number.POSITIVE_INFINITY);
    }
  }
  return {
    rose: await windRoseProbabilities(directions, speeds, WIND_SECTORS, CALM_SPEED),
    readings: directions.length,
  };
}

/** Runs the optimizer for a validated request (Preview, and the first half of Save). */
export async function runPlacement(
  db: Queryable,
  organizationId: number,
  request: DevicePlacementRequest,
  now = new Date(),
): Promise<{ result: DevicePlacementResult; sources: PlanSource[]; site: PlanSite }> {
  const site = await loadPlanSite(db, { organizationId, siteId: request.siteId }, true);
  const sources = await planSources(db, site.id);
  if (!request.windSource || !('siteId' in request.windSource))
    throw new DomainError('Invalid', 'The request is not valid.', {
      windSource: [DEPLOYMENT_PLAN_MESSAGES.windSourceUnknown],
    });
  const windSiteId = request.windSource.siteId;
  const [windSite] = await db.query<{ id: number }>(
    'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
    [windSiteId, organizationId],
  );
  if (!windSite)
    throw new DomainError('Invalid', 'The request is not valid.', {
      windSource: [DEPLOYMENT_PLAN_MESSAGES.windSourceUnknown],
    });
  const { rose, readings } = await windRoseForSite(db, windSiteId);
  if (readings === 0)
    throw new DomainError('Invalid', 'The request is not valid.', {
      windSource: [DEPLOYMENT_PLAN_MESSAGES.windSourceNoData],
    });
  const out = optimizePlacement({
    origin: site.location,
    sources: sources.map((s) => ({ id: s.id, location: s.location, weight: importanceWeight(s.relativeImportance) })),
    windRose: rose,
    lines: request.possiblePlacements,
    mandatory: request.mandatoryPlacements,
    deviceBudget: request.deviceBudget,
  });
  const result: DevicePlacementResult = {
    devicePlacements: out.devicePlacements.map((p) => [p[0], p[1]]),
    mandatory: out.mandatory,
    modelRunAt: now.toISOString(),
    messages: [...sourceCountWarnings(sources.length), ...out.messages],
    sourceCoverage: out.sourceCoverage,
    totalCoverage: out.totalCoverage,
    totalCoverageWithOneLessDevice: out.totalCoverageWithOneLessDevice,
    totalCoverageWithOneMoreDevice: out.totalCoverageWithOneMoreDevice,
    windRoseProbability: rose.map((probability, k) => ({ angle: (k * 360) / WIND_SECTORS, probability })),
  };
  return { result, sources, site };
}

/** Runs and saves a revision; the latest revision is the site's plan. */
export async function savePlan(
  db: Queryable,
  organizationId: number,
  request: DevicePlacementRequest,
  user: { id: number; email: string },
  now = new Date(),
): Promise<{ request: DevicePlacementRequest; result: DevicePlacementResult; plan: SavedDeploymentPlan }> {
  return inTransaction(db, async (db) => {
    const { result, sources, site } = await runPlacement(db, organizationId, request, now);
    await db.query(
      `INSERT INTO deployment_plans (site_id, request, result, notes, sources_fingerprint, modified_by_user_id, modified_by_email, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        site.id,
        JSON.stringify(request),
        JSON.stringify(result),
        request.notes,
        sourcesFingerprint(sources),
        user.id,
        user.email,
        now.toISOString(),
      ],
    );
    const saved = await deploymentPlanForSite(db, { organizationId, siteId: site.id });
    return { request, result, plan: saved.plan! };
  });
}

interface PlanRow extends Record<string, unknown> {
  id: number;
  request: unknown;
  result: unknown;
  notes: string;
  sources_fingerprint: string;
  modified_by_email: string;
  modified_at: Date | string;
}
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export async function deploymentPlanForSite(db: Queryable, ref: SiteRef): Promise<DeploymentPlanForSite> {
  const { organizationId } = ref;
  const site = await loadPlanSite(db, ref, false);
  const sources = await planSources(db, site.id);
  const [row] = await db.query<PlanRow>(
    'SELECT id, request, result, notes, sources_fingerprint, modified_by_email, modified_at FROM deployment_plans WHERE site_id = $1 ORDER BY modified_at DESC, id DESC LIMIT 1',
    [site.id],
  );
  if (!row) return { plan: null, sources };
  const request = devicePlacementRequestSchema.parse(json(row.request));
  const windSiteId = request.windSource && 'siteId' in request.windSource ? request.windSource.siteId : null;
  const details = windSiteId
    ? ((await windSourceOptions(db, organizationId, site, windSiteId)).siteSources[0] ?? null)
    : null;
  return {
    plan: {
      id: row.id,
      request,
      result: devicePlacementResultSchema.parse(json(row.result)),
      notes: row.notes,
      modifiedByUserEmail: row.modified_by_email,
      modifiedAt: new Date(row.modified_at).toISOString(),
      isValid: row.sources_fingerprint === sourcesFingerprint(sources),
      devicePlacementRequestWindSourceDetails: details,
    },
    sources,
  };
}
