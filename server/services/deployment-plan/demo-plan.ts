// The demo's deployment plan: the featured site gets a plan saved through the real service (its own wind, a fence
// line 30 m outside its sources, the default budget), so the Deployment Plan tab opens on a saved plan.
import { DEFAULT_DEVICE_BUDGET } from '@/domain/deployment-plan';
import type { Queryable } from '../../db/client';
import { fromLocal, toLocal, type LngLat } from './optimizer';
import { planSources, savePlan } from './plans';

const FENCE_MARGIN_METERS = 30;

export async function seedDemoDeploymentPlan(
  db: Queryable,
  featuredDeviceIds: readonly number[],
  author: { id: number; email: string },
  now: Date,
): Promise<number> {
  if (featuredDeviceIds.length === 0) return 0;
  const [site] = await db.query<{ id: number; organization_id: number; latitude: number; longitude: number }>(
    `SELECT s.id, s.organization_id, s.latitude, s.longitude FROM device_installations i JOIN sites s ON s.id = i.site_id
      WHERE i.device_id = $1 AND i.ended_at IS NULL AND s.deleted_at IS NULL LIMIT 1`,
    [featuredDeviceIds[0]],
  );
  if (!site) return 0;
  const origin: LngLat = [site.longitude, site.latitude];
  const local = [origin, ...(await planSources(db, site.id)).map((s) => s.location)].map((p) => toLocal(origin, p));
  const minX = Math.min(...local.map((p) => p[0])) - FENCE_MARGIN_METERS;
  const maxX = Math.max(...local.map((p) => p[0])) + FENCE_MARGIN_METERS;
  const minY = Math.min(...local.map((p) => p[1])) - FENCE_MARGIN_METERS;
  const maxY = Math.max(...local.map((p) => p[1])) + FENCE_MARGIN_METERS;
  const round = (p: [number, number]): [number, number] => [Math.round(p[0] * 1e7) / 1e7, Math.round(p[1] * 1e7) / 1e7];
  const fence = (
    [
      [minX, minY],
      [maxX, minY],
      [maxX, maxY],
      [minX, maxY],
      [minX, minY],
    ] as [number, number][]
  ).map((p) => round(fromLocal(origin, p)));
  await savePlan(
    db,
    site.organization_id,
    {
      siteId: site.id,
      deviceBudget: DEFAULT_DEVICE_BUDGET,
      windSource: { siteId: site.id },
      mandatoryPlacements: [],
      possiblePlacements: [fence],
      notes: 'Fence line around the pad, wind from the site itself.',
    },
    author,
    now,
  );
  return 1;
}
