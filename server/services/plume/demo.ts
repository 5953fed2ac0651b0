// The demo's simulated plume (README 'Simulated plumes'): the seed asks for the plume of a modelled site's newest
// ended emission whose readings cover it (wind from half an hour before it), as Generate Plume would. It must start
// inside the dashboard's default range (the last 30 days) or a first-time user never sees it; the featured site's
// seeded emissions all end at its model start, SEED_DAYS back, so such an emission is usually at a history site. The
// plume worker generates it with the real job once the server runs, so the layer has a plume at first start.
import { PlumeStatus } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { WIND_SPEED_TYPE } from '@/domain/measurement-type';

/** The dashboard's default range ('Last 30 days'), less a day so the plume stays in view the day after the seed. */
export const DEMO_PLUME_WITHIN_MS = 29 * 86_400_000;

export interface DemoPlume {
  siteId: number;
  emissionId: number;
  startTime: string;
}

/**
 * Queues the plume of the newest ended emission with wind around it among `siteIds`: one starting within
 * DEMO_PLUME_WITHIN_MS of `now` first, the first site (the featured one) on a tie of that; null when none has wind.
 */
export async function queueDemoPlume(db: Queryable, siteIds: readonly number[], now: Date): Promise<DemoPlume | null> {
  if (siteIds.length === 0) return null;
  const [e] = await db.query<{ id: number; site_id: number; start_time: Date | string }>(
    `SELECT e.id, e.site_id, e.start_time FROM emissions e
      WHERE e.site_id = ANY($1::int[]) AND e.end_time IS NOT NULL AND e.source_id IS NOT NULL
        AND e.end_time - e.start_time >= interval '15 minutes' AND e.end_time <= $3
        AND EXISTS (SELECT 1 FROM measurement_chunks c JOIN device_installations i ON i.device_id = c.device_id
                     WHERE i.site_id = e.site_id AND c.measurement_type = $2
                       AND c.first_time <= e.start_time - interval '30 minutes')
      ORDER BY e.start_time >= $4 DESC, e.site_id = $5 DESC, e.end_time DESC, e.id DESC LIMIT 1`,
    [siteIds, WIND_SPEED_TYPE, now, new Date(now.getTime() - DEMO_PLUME_WITHIN_MS), siteIds[0]],
  );
  if (!e) return null;
  await db.query(
    'INSERT INTO plumes (emission_id, site_id, status) VALUES ($1, $2, $3) ON CONFLICT (emission_id) DO NOTHING',
    [e.id, e.site_id, PlumeStatus.values.InProgress],
  );
  return { siteId: e.site_id, emissionId: e.id, startTime: new Date(e.start_time).toISOString() };
}
