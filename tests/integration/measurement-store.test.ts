// The measurement store on the real databases: no sample lost or doubled under concurrent and replayed batches,
// and range reads exact at day edges and across a daylight-saving change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSamples, readSamples, type Sample } from '../../server/services/measurement-store';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

const CH4 = 1;
const minute = 60_000;

describe.each(testEngines)('measurement store on %s', (engine) => {
  let t: TestDatabase;
  let device = 0;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const [org] = await t.database.query<{ id: number }>(
      "INSERT INTO organizations (name) VALUES ('Store Org') RETURNING id",
    );
    device = (
      await t.database.query<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-STORE', 'Qube', $1) RETURNING id",
        [org!.id],
      )
    )[0]!.id;
  });
  afterAll(() => t.drop());

  const batch = (from: number, count: number, value: (i: number) => number, type = CH4): Sample[] =>
    Array.from({ length: count }, (_, i) => ({
      deviceId: device,
      measurementType: type,
      time: from + i * minute,
      value: value(i),
    }));

  it('keeps every sample exactly once under concurrent, overlapping and replayed batches', async () => {
    const start = Date.UTC(2026, 0, 10, 22, 0);
    // Five writers over four hours that cross midnight, each overlapping the next by an hour.
    const writers = Array.from({ length: 5 }, (_, w) => batch(start + w * 60 * minute, 120, (i) => w * 1000 + i, 26));
    await Promise.all(writers.map((b) => t.database.transaction((tx) => ingestSamples(tx, b))));
    await Promise.all(writers.slice(0, 2).map((b) => t.database.transaction((tx) => ingestSamples(tx, b))));
    const read = await readSamples(t.database, device, 26, start, start + 10 * 60 * minute);
    expect(read.times.length).toBe(6 * 60);
    expect(new Set(read.times).size).toBe(read.times.length);
    for (let i = 1; i < read.times.length; i++) expect(read.times[i]! - read.times[i - 1]!).toBe(minute);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT sum(sample_count)::int AS n FROM measurement_chunks WHERE device_id = $1 AND measurement_type = 26',
      [device],
    )) as [{ n: number }];
    expect(n).toBe(360);
  });

  it('reads exactly the asked range at day edges', async () => {
    const midnight = Date.UTC(2026, 1, 2);
    await ingestSamples(
      t.database,
      batch(midnight - 5 * minute, 10, (i) => i),
    );
    const before = await readSamples(t.database, device, CH4, midnight - 5 * minute, midnight);
    expect(Array.from(before.values)).toEqual([0, 1, 2, 3, 4]);
    const after = await readSamples(t.database, device, CH4, midnight, midnight + 5 * minute);
    expect(Array.from(after.values)).toEqual([5, 6, 7, 8, 9]);
    const across = await readSamples(t.database, device, CH4, midnight - minute, midnight + minute);
    expect(Array.from(across.times)).toEqual([midnight - minute, midnight]);
    expect((await readSamples(t.database, device, CH4, midnight, midnight)).times.length).toBe(0);
  });

  it('counts the hours of a daylight-saving day as they were measured', async () => {
    // America/Edmonton springs forward at 2026-03-08 09:00 UTC: the local day has 23 hours, the samples do not care.
    const localMidnight = Date.UTC(2026, 2, 8, 7);
    const nextLocalMidnight = Date.UTC(2026, 2, 9, 6);
    await ingestSamples(
      t.database,
      batch(localMidnight - 60 * minute, 26 * 60, () => 2),
    );
    const day = await readSamples(t.database, device, CH4, localMidnight, nextLocalMidnight);
    expect(day.times.length).toBe(23 * 60);
  });

  it('ignores samples that are not numbers and answers nothing for a type never measured', async () => {
    await ingestSamples(t.database, [
      { deviceId: device, measurementType: CH4, time: Date.UTC(2026, 4, 1), value: Number.NaN },
    ]);
    expect((await readSamples(t.database, device, CH4, Date.UTC(2026, 4, 1), Date.UTC(2026, 4, 2))).times.length).toBe(
      0,
    );
    expect((await readSamples(t.database, device, 99, 0, Date.UTC(2030, 0, 1))).times.length).toBe(0);
  });
});

describe.each(testEngines)('live simulator on %s', (engine) => {
  it('adds one reading a minute for each live device, through the ingestion path, and never twice', async () => {
    const { liveSites, minuteSamples } = await import('../../server/seed/simulator');
    const t = await createTestDatabase(engine);
    try {
      const [org] = await t.database.query<{ id: number }>(
        "INSERT INTO organizations (name) VALUES ('Sim') RETURNING id",
      );
      const [site] = await t.database.query<{ id: number }>(
        "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Sim Pad', 31.9, -102.1) RETURNING id",
        [org!.id],
      );
      const [live] = await t.database.query<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ('QB-LIVE', 'Qube', $1, true) RETURNING id",
        [org!.id],
      );
      const [quiet] = await t.database.query<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, particle_online_status) VALUES ('QB-QUIET', 'Qube', $1, false) RETURNING id",
        [org!.id],
      );
      for (const d of [live!.id, quiet!.id])
        await t.database.query(
          "INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9005, -102.1, now() - interval '10 days')",
          [d, site!.id],
        );
      const now = Math.floor(Date.now() / minute) * minute;
      for (const d of [live!.id, quiet!.id])
        await ingestSamples(
          t.database,
          [1, 16, 15].map((type) => ({ deviceId: d, measurementType: type, time: now - 10 * minute, value: 2 })),
        );
      const sites = await liveSites(t.database, now);
      expect(sites.flatMap((s) => s.devices.map((d) => d.deviceId))).toEqual([live!.id]);
      const samples = minuteSamples(sites, now);
      expect(samples.map((s) => s.measurementType).sort((a, b) => a - b)).toEqual([1, 15, 16]);
      await t.database.transaction((tx) => ingestSamples(tx, samples));
      await t.database.transaction((tx) => ingestSamples(tx, minuteSamples(sites, now)));
      const read = await readSamples(t.database, live!.id, 1, now - 20 * minute, now + minute);
      expect(Array.from(read.times)).toEqual([now - 10 * minute, now]);
    } finally {
      await t.drop();
    }
  });
});
