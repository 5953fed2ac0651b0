// The answer cache of hot GET routes (server/http/answer-cache.ts): answers are reused until a table they read is
// written by anyone (another process on PostgreSQL writes through its own connection, as the direct SQL here does),
// served compressed with an ETag, and never shared across callers.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSeriesArrow } from '../../src/codec/series-arrow';
import { ingestSamples } from '../../server/services/measurement-store';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('answer cache on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let padOne = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    padOne = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
  });
  afterAll(() => t.close());

  const siteList = (user: number, headers: Record<string, string> = {}) =>
    t.as(user, { method: 'GET', url: `/api/site/siteList/?organizationId=${f.orgA}`, headers });
  const names = (body: string) => (JSON.parse(body) as { name: string }[]).map((r) => r.name);

  it('tracks every table: a migration that adds a table must call track_data_version', async () => {
    const untracked = await t.database.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname NOT IN ('data_versions', 'schema_migrations')
          AND NOT EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'data_version')`,
    );
    expect(untracked.map((r) => r.relname)).toEqual([]);
  });

  it('reuses an answer until a table it read is written, then answers the new data', async () => {
    const first = await siteList(f.admin);
    expect(first.statusCode).toBe(200);
    const second = await siteList(f.admin);
    expect(second.headers['x-answer-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // A write through another connection (another process on PostgreSQL) invalidates it at once.
    await t.database.query("UPDATE sites SET name = 'Pad 1 renamed' WHERE id = $1", [padOne]);
    const third = await siteList(f.admin);
    expect(third.headers['x-answer-cache']).toBe('miss');
    expect(names(third.body)).toContain('Pad 1 renamed');
    expect(third.headers.etag).not.toBe(first.headers.etag);
    // A table joined in (the site's groups) counts too.
    const [group] = await t.database.query<{ id: number }>(
      "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'East') RETURNING id",
      [f.orgA],
    );
    await t.database.query('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [
      padOne,
      group!.id,
    ]);
    const fourth = await siteList(f.admin);
    expect(
      (JSON.parse(fourth.body) as { id: number; siteGroupNames: string[] }[]).find((r) => r.id === padOne)
        ?.siteGroupNames,
    ).toEqual(['East']);
  });

  it("keeps the site list through the model's progress, which Site Health shows", async () => {
    const health = () =>
      t.as(f.provider, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` });
    await siteList(f.provider);
    expect((await health()).statusCode).toBe(200);
    await t.database.query("UPDATE sites SET model_processed_up_to = '2026-01-01T00:00:00Z' WHERE id = $1", [padOne]);
    expect((await siteList(f.provider)).headers['x-answer-cache']).toBe('hit');
    const after = await health();
    expect(after.headers['x-answer-cache']).toBe('miss');
    expect(
      (JSON.parse(after.body) as { id: number; modellingPipeline: { processedUpTo: string | null } }[]).find(
        (r) => r.id === padOne,
      )?.modellingPipeline.processedUpTo,
    ).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers 304 to the ETag the client holds, and br or gzip as negotiated', async () => {
    const plain = await siteList(f.admin);
    const notModified = await siteList(f.admin, { 'if-none-match': plain.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const br = await siteList(f.admin, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await siteList(f.admin, { 'accept-encoding': 'gzip;q=1.0, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.headers.vary).toBe('accept-encoding');
  });

  it('never shares an answer across callers, and checks access on every request', async () => {
    await siteList(f.admin);
    const viewer = await siteList(f.viewer);
    expect(viewer.headers['x-answer-cache']).toBe('miss');
    // Taking the viewer out of the organization refuses the next call, cached answer or not.
    await t.database.query('DELETE FROM user_organizations WHERE user_id = $1 AND organization_id = $2', [
      f.viewer,
      f.orgA,
    ]);
    expect((await siteList(f.viewer)).statusCode).toBe(403);
  });

  it('sends a large answer whole in slices, with its length, plain and compressed', async () => {
    const [device] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-LARGE', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    // 61 days of one-minute data with values that do not compress: ~1 MB of Arrow, ~0.4 MB as br.
    const t0 = Date.UTC(2026, 1, 1);
    const n = 61 * 1440;
    const values = Array.from({ length: n }, (_, i) => Math.fround(Math.sin(i * 12.9898) * 43758.5453) % 1000);
    await ingestSamples(
      t.database,
      values.map((value, i) => ({ deviceId: device!.id, measurementType: 1, time: t0 + i * 60_000, value })),
    );
    const get = (encoding: string) =>
      t.as(f.provider, {
        method: 'GET',
        url: `/api/data/deviceRawData/?organizationId=${f.orgA}&deviceId=${device!.id}&measurementTypeId=1&startTime=${new Date(t0).toISOString()}&endTime=${new Date(t0 + 61 * 86_400_000).toISOString()}`,
        headers: { accept: 'application/vnd.apache.arrow.stream', 'accept-encoding': encoding },
      });
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024 * 1024);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.byteLength);
    const series = decodeSeriesArrow(plain.rawPayload);
    expect(series.times.length).toBe(n);
    expect(Array.from(series.values)).toEqual(values);
    // The first br caller of a large answer gets it plain while it is compressed; a later one gets br.
    let br = await get('br');
    for (let i = 0; i < 50 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      br = await get('br');
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.byteLength).toBeGreaterThan(256 * 1024);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.byteLength);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('keeps an Arrow series until one of its chunks is written, and sends a foreign device nothing', async () => {
    const [device] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-CACHE', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    const t0 = Date.UTC(2026, 0, 10);
    await ingestSamples(
      t.database,
      Array.from({ length: 120 }, (_, i) => ({
        deviceId: device!.id,
        measurementType: 1,
        time: t0 + i * 60_000,
        value: i,
      })),
    );
    const url = (org: number) =>
      `/api/data/deviceRawData/?organizationId=${org}&deviceId=${device!.id}&measurementTypeId=1&startTime=${new Date(t0).toISOString()}&endTime=${new Date(t0 + 86_400_000).toISOString()}`;
    const arrow = (org = f.orgA) =>
      t.as(f.provider, { method: 'GET', url: url(org), headers: { accept: 'application/vnd.apache.arrow.stream' } });
    const first = await arrow();
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-answer-cache']).toBe('miss');
    expect(decodeSeriesArrow(first.rawPayload).times.length).toBe(120);
    expect((await arrow()).headers['x-answer-cache']).toBe('hit');
    // One more sample in the same day's chunk: the next read has it.
    await ingestSamples(t.database, [{ deviceId: device!.id, measurementType: 1, time: t0 + 200 * 60_000, value: 7 }]);
    const after = await arrow();
    expect(after.headers['x-answer-cache']).toBe('miss');
    const series = decodeSeriesArrow(after.rawPayload);
    expect(series.times.length).toBe(121);
    expect(series.values.at(-1)).toBe(7);
    // The device check runs before the cache: asked under another organization, the device is not found.
    expect((await arrow(f.orgB)).statusCode).toBe(404);
  });
});
