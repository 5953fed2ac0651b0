// The demo's simulated plume (issue 22, README 'Simulated plumes'): the seed queues the plume of an ended emission
// with wind around it that starts inside the dashboard's default 30 days, preferring the featured site, so a
// first-time user sees it without changing the range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlumeStatus } from '@/domain/plume';
import { queueDemoPlume } from '../../server/services/plume/demo';
import { WIND_SPEED_TYPE } from '@/domain/measurement-type';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';

const MIN = 60_000;
const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 10, 25, 12));
const iso = (t: number) => new Date(t).toISOString();

describe('the demo plume', () => {
  let t: TestApp;
  let featured = 0;
  let other = 0;
  const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<T>(sql, params);
  const emission = async (site: number, startDaysBack: number, ended = true, placed = true) => {
    const [src] = await q<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Tank', 31.9, -102.1) RETURNING id",
      [site],
    );
    const start = NOW.getTime() - startDaysBack * DAY;
    const [row] = await q<{ id: number }>(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 4, 5) RETURNING id',
      [site, placed ? src!.id : null, iso(start), ended ? iso(start + 40 * MIN) : null],
    );
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const f = await insertFixtures(t.database);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites WHERE organization_id = $1', [
      f.orgA,
    ]);
    featured = sites.find((s) => s.name === 'Pad 1')!.id;
    other = sites.find((s) => s.name === 'Pad 2')!.id;
    // Wind at both sites over the last 60 days, hourly (the check wants readings from half an hour before).
    const samples: Sample[] = [];
    for (const [k, site] of [featured, other].entries()) {
      const [dev] = await q<{ id: number }>(
        "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
        [`W-90${k}`, f.orgA],
      );
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3)',
        [dev!.id, site, iso(NOW.getTime() - 61 * DAY)],
      );
      for (let m = NOW.getTime() - 60 * DAY; m < NOW.getTime(); m += 60 * MIN)
        samples.push({ deviceId: dev!.id, measurementType: WIND_SPEED_TYPE, time: m, value: 10 });
    }
    await ingestSamples(t.database, samples);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('picks an ended, placed emission inside the default 30 days over a newer-ending one at the featured site outside it', async () => {
    // The featured site's seeded history ends at its model start, 30 days back: outside the default range.
    await emission(featured, 30.2);
    await emission(other, 70); // before any wind
    await emission(other, 1, false); // still open
    await emission(other, 0.5, true, false); // no source
    const inRange = await emission(other, 3);
    const picked = await queueDemoPlume(t.database, [featured, other], NOW);
    expect(picked).toEqual({ siteId: other, emissionId: inRange, startTime: iso(NOW.getTime() - 3 * DAY) });
    const plumes = await q<{ emission_id: number; site_id: number; status: number }>(
      'SELECT emission_id, site_id, status FROM plumes',
    );
    expect(plumes).toEqual([{ emission_id: inRange, site_id: other, status: PlumeStatus.values.InProgress }]);
  });

  it('prefers the featured site when it has an emission in the range, and queues a plume once', async () => {
    const featuredInRange = await emission(featured, 10);
    const picked = await queueDemoPlume(t.database, [featured, other], NOW);
    expect(picked?.emissionId).toBe(featuredInRange);
    await queueDemoPlume(t.database, [featured, other], NOW);
    const rows = await q<{ n: number }>('SELECT count(*)::int AS n FROM plumes WHERE emission_id = $1', [
      featuredInRange,
    ]);
    expect(rows[0]!.n).toBe(1);
    expect(await queueDemoPlume(t.database, [], NOW)).toBeNull();
  });
});
