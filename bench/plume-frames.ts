// Plume frames answer benchmark (`npx tsx bench/plume-frames.ts`; README 'Simulated plumes', rule: no request holds the
// event loop over 50 ms). Twenty saved 6-hour plumes at one frame a minute (7,200 frames) at one site, the range
// asking for all of them. The peer is the answer as it was (every frame up to 7,200, each row with its plume's
// columns and a Date to parse); ours thins the range to MAX_FRAMES (a longer period for every plume) and reads the
// plumes once. First: ours equals the peer's frames at the thinned period, and equals the peer exactly for a range
// under the cap. Then both are timed in the same run: the service call (query and building), the contract's response
// check and JSON.stringify, the last two one synchronous turn of the loop with the building's tail. Ours also goes
// through the real route (authentication, check, Fastify's encoding) while a 1 ms ticker measures the longest the
// event loop went without a turn. On PGlite the query itself runs on the loop too (in-process wasm); set
// TEST_DATABASE_URL to run on PostgreSQL as well, where the query waits on the socket. Medians of 15 runs after 3
// warm-ups.
import { performance } from 'node:perf_hooks';
import { plumeFramesEndpoint, plumeFrameSchema, plumeImageEndpoint, type PlumeFrame } from '../src/contracts/plume';
import type { Queryable } from '../server/db/client';
import { PlumeStatus } from '../src/domain/plume';
import { Permission } from '../src/domain/permissions';
import { MAX_FRAMES, plumeFrames } from '../server/services/plume/reads';
import { addMember, createTestApp, insertFixtures } from '../tests/helpers/test-app';
import { testEngines } from '../tests/helpers/test-db';

const MIN = 60_000;
const T0 = Date.UTC(2026, 8, 1);
const PLUMES = 20;
const FRAMES = 360;
const RUNS = 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The peer: the answer as it was before the cap and thinning (one query, every row with its plume's columns). */
async function peerFrames(
  db: Queryable,
  ref: { organizationId: number; siteId: number },
  range: { start: number; end: number },
  samplePeriodMinutes: number,
): Promise<{ frames: PlumeFrame[]; mapMs: number }> {
  const rows = await db.query<{
    id: number;
    plume_id: number;
    emission_id: number;
    frame_index: number;
    time: Date | string;
    south: number;
    west: number;
    north: number;
    east: number;
    frame_size: number;
    sheet_columns: number;
    updated_at: Date | string;
  }>(
    `SELECT f.id, f.plume_id, p.emission_id, f.frame_index, f.time, p.south, p.west, p.north, p.east, p.frame_size,
            p.sheet_columns, p.updated_at
       FROM plume_frames f JOIN plumes p ON p.id = f.plume_id AND p.status = $5
      WHERE f.site_id = $1 AND f.time >= $2 AND f.time <= $3 AND f.frame_index % $4 = 0
      ORDER BY f.time, f.plume_id
      LIMIT 7200`,
    [
      ref.siteId,
      new Date(range.start).toISOString(),
      new Date(range.end).toISOString(),
      samplePeriodMinutes,
      PlumeStatus.values.Saved,
    ],
  );
  const m0 = performance.now();
  const frames = rows.map((r) => ({
    id: r.id,
    plumeId: r.plume_id,
    emissionId: r.emission_id,
    time: new Date(r.time).toISOString(),
    bounds: { southWest: { lat: r.south, lng: r.west }, northEast: { lat: r.north, lng: r.east } },
    imageUrl: `${plumeImageEndpoint.path}?${new URLSearchParams({
      organizationId: String(ref.organizationId),
      plumeId: String(r.plume_id),
      v: String(new Date(r.updated_at).getTime()),
    })}`,
    sheetIndex: r.frame_index,
    sheetColumns: r.sheet_columns,
    frameSize: r.frame_size,
  }));
  return { frames, mapMs: performance.now() - m0 };
}

async function benchOn(engine: (typeof testEngines)[number]) {
  const t = await createTestApp(engine);
  try {
    const f = await insertFixtures(t.database);
    const member = await addMember(t.database, f.orgA, 'plume-bench@example.com', [Permission.DeviceView]);
    const [site] = await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'");
    const [source] = await t.database.query<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude, height) VALUES ($1, 'Tank', 31.9, -102.1, 3) RETURNING id",
      [site!.id],
    );
    for (let p = 0; p < PLUMES; p++) {
      const start = T0 + p * FRAMES * MIN;
      const [e] = await t.database.query<{ id: number }>(
        'INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, $4, 4, 2) RETURNING id',
        [site!.id, source!.id, new Date(start).toISOString(), new Date(start + FRAMES * MIN).toISOString()],
      );
      const [plume] = await t.database.query<{ id: number }>(
        `INSERT INTO plumes (emission_id, site_id, status, south, west, north, east, frame_size, sheet_columns, frame_sheet)
         VALUES ($1, $2, $3, 31.898, -102.102, 31.902, -102.098, 128, 19, '\\x00') RETURNING id`,
        [e!.id, site!.id, PlumeStatus.values.Saved],
      );
      await t.database.query(
        `INSERT INTO plume_frames (plume_id, site_id, frame_index, time)
         SELECT $1, $2, k, $3::timestamptz + k * interval '1 minute' FROM generate_series(0, $4 - 1) k`,
        [plume!.id, site!.id, new Date(start).toISOString(), FRAMES],
      );
    }
    const range = { start: T0, end: T0 + PLUMES * FRAMES * MIN };
    const url = `${plumeFramesEndpoint.path}?${new URLSearchParams({
      organizationId: String(f.orgA),
      siteId: String(site!.id),
      startTime: new Date(range.start).toISOString(),
      endTime: new Date(range.end).toISOString(),
      samplePeriod: '1',
    })}`;

    const ref = { organizationId: f.orgA, siteId: site!.id };
    // Same answer: ours is the peer's at the thinned period; under the cap (five plumes) the peer's exactly.
    const ours = await plumeFrames(t.database, ref, range, 1);
    const peer = (await peerFrames(t.database, ref, range, 1)).frames;
    const period = (PLUMES * FRAMES) / MAX_FRAMES;
    if (peer.length !== PLUMES * FRAMES) throw new Error(`The peer answered ${peer.length} frames`);
    if (JSON.stringify(ours) !== JSON.stringify(peer.filter((p) => p.sheetIndex % period === 0)))
      throw new Error('Ours is not the peer thinned to every fourth frame');
    const five = { start: range.start, end: range.start + 5 * FRAMES * MIN - 1 };
    const oursFive = await plumeFrames(t.database, ref, five, 1);
    if (oursFive.length !== 5 * FRAMES) throw new Error(`Ours answered ${oursFive.length} frames under the cap`);
    if (JSON.stringify(oursFive) !== JSON.stringify((await peerFrames(t.database, ref, five, 1)).frames))
      throw new Error('Ours and the peer differ under the cap');
    const routed = await t.as(member, { method: 'GET', url });
    if (routed.statusCode !== 200) throw new Error(`plumeFrames answered ${routed.statusCode}: ${routed.body}`);
    if (routed.body !== JSON.stringify(ours)) throw new Error('The route and the service answer differently');

    const schema = plumeFramesEndpoint.response ?? plumeFrameSchema.array();
    const timed = { ours: [] as number[][], peer: [] as number[][] };
    const held: number[] = [];
    const idle: number[] = [];
    const floor: number[] = [];
    // The route's own floor: the same request for a range of one frame.
    const oneFrameUrl = `${plumeFramesEndpoint.path}?${new URLSearchParams({
      organizationId: String(f.orgA),
      siteId: String(site!.id),
      startTime: new Date(range.start - 60 * MIN).toISOString(),
      endTime: new Date(range.start).toISOString(),
      samplePeriod: '1',
    })}`;
    /** The longest gap between turns of the loop while `work` runs (a 1 ms ticker). */
    const longestGap = async (work: () => Promise<unknown>) => {
      let last = performance.now();
      let longest = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 1);
      await work();
      await new Promise((resolve) => setTimeout(resolve, 5));
      clearInterval(ticker);
      return longest;
    };
    for (let run = 0; run < RUNS + 3; run++) {
      // Our request through the route, and as long again with nothing running: the machine's own gaps (other
      // processes taking the cores) for comparison.
      let statusCode = 0;
      const r0 = performance.now();
      const gap = await longestGap(async () => {
        statusCode = (await t.as(member, { method: 'GET', url })).statusCode;
      });
      const quiet = await longestGap(() => new Promise((resolve) => setTimeout(resolve, performance.now() - r0)));
      let small = '';
      const least = await longestGap(async () => {
        small = (await t.as(member, { method: 'GET', url: oneFrameUrl })).body;
      });
      if ((JSON.parse(small) as unknown[]).length !== 1) throw new Error(`The one-frame range answered ${small}`);
      if (statusCode !== 200) throw new Error(`plumeFrames answered ${statusCode}`);
      for (const who of ['peer', 'ours'] as const) {
        const s0 = performance.now();
        const answer =
          who === 'ours'
            ? { frames: await plumeFrames(t.database, ref, range, 1), mapMs: Number.NaN }
            : await peerFrames(t.database, ref, range, 1);
        const s1 = performance.now();
        const body = JSON.stringify(schema.parse(answer.frames));
        const s2 = performance.now();
        if (run >= 3) timed[who].push([s1 - s0, answer.mapMs, s2 - s1, body.length]);
      }
      if (run >= 3) {
        held.push(gap);
        idle.push(quiet);
        floor.push(least);
      }
    }
    const col = (who: 'ours' | 'peer', i: number) => median(timed[who].map((x) => x[i]!));
    const side = (who: 'ours' | 'peer') => ({
      frames: who === 'ours' ? ours.length : peer.length,
      megabytes: col(who, 3) / 1e6,
      serviceMs: col(who, 0),
      buildMs: col(who, 1),
      checkAndStringifyMs: col(who, 2),
    });
    return {
      engine,
      ours: side('ours'),
      peer: side('peer'),
      routeLongestLoopHoldMs: median(held),
      routeWorstLoopHoldMs: Math.max(...held),
      idleLongestGapMs: median(idle),
      oneFrameLoopHoldMs: median(floor),
    };
  } finally {
    await t.close();
  }
}

const results = [];
for (const engine of testEngines) results.push(await benchOn(engine));
const fmt = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
for (const r of results) {
  for (const who of ['peer', 'ours'] as const) {
    const x = r[who];
    console.log(
      `${r.engine} ${who}: ${x.frames} frames, ${x.megabytes.toFixed(2)} MB; service ${fmt(x.serviceMs)} ms (building ${fmt(x.buildMs)}); check + JSON.stringify ${fmt(x.checkAndStringifyMs)} ms`,
    );
  }
  console.log(
    `${r.engine}: peer / ours service ${(r.peer.serviceMs / r.ours.serviceMs).toFixed(1)}x, check + stringify ${(r.peer.checkAndStringifyMs / r.ours.checkAndStringifyMs).toFixed(1)}x; ours through the route: longest loop hold ${r.routeLongestLoopHoldMs.toFixed(1)} ms (worst of ${RUNS} ${r.routeWorstLoopHoldMs.toFixed(1)} ms); the same route for one frame ${r.oneFrameLoopHoldMs.toFixed(1)} ms; the idle loop's longest gap over as long ${r.idleLongestGapMs.toFixed(1)} ms`,
  );
}
