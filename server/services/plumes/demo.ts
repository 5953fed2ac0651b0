// The demo's simulated plume (README 'Simulated plumes'): the seed asks for the plume of the featured site's newest
// ended emission whose readings cover it (wind from half an hour before it), as Generate Plume would. The plume
// worker generates it with the real job once the server runs, so the layer has a plume at first start.
import { PlumeStatus } from '@/domain/plumes';
import type { Queryable } from '../../db/client';
import { WIND_SPEED } from '../modelling/service/inputs';

/** Queues the plume; answers the emission and its start, or null when no emission of the site has wind around it. */
export async function queueDemoPlume(
  db: Queryable,
  siteId: number,
): Promise<{ emissionId: number; startTime: string } | null> {
  const [e] = await db.query<{ id: number; start_time: Date | string }>(
    `SELECT e.id, e.start_time FROM emissions e
      WHERE e.site_id = $1 AND e.end_time IS NOT NULL AND e.source_id IS NOT NULL
        AND e.end_time - e.start_time >= interval '15 minutes'
        AND EXISTS (SELECT 1 FROM measurement_chunks c JOIN device_installations i ON i.device_id = c.device_id
                     WHERE i.site_id = e.site_id AND c.measurement_type = $2
                       AND c.first_time <= e.start_time - interval '30 minutes')
      ORDER BY e.end_time DESC, e.id DESC LIMIT 1`,
    [siteId, WIND_SPEED],
  );
  if (!e) return null;
  await db.query(
    'INSERT INTO plumes (emission_id, site_id, status) VALUES ($1, $2, $3) ON CONFLICT (emission_id) DO NOTHING',
    [e.id, siteId, PlumeStatus.values.InProgress],
  );
  return { emissionId: e.id, startTime: new Date(e.start_time).toISOString() };
}
