// npm run bench: every row first proves that ours and its peer give the same result (exactly, or within a stated
// tolerance and metric), then times both in the same run and prints the ratio. Yardsticks write into buffers
// allocated once, as the wasm side does.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sumF64 as referenceSum } from '../asm/reference/checksum';
import { m4 as referenceM4 } from '../asm/reference/m4';
import { aggregate as referenceAggregate } from '../asm/reference/aggregate';
import { splitGaps as referenceSplitGaps } from '../asm/reference/gaps';
import { gapThreshold } from '../src/domain/chart-gaps';
import { lttb as referenceLttb, minMaxLttb as referenceMinMaxLttb, validIndices } from '../asm/reference/lttb';
import { binRose as referenceRose } from '../asm/reference/rose';
import { idw as referenceIdw } from '../asm/reference/windfield';
import interpolate from '@turf/interpolate';
import distance from '@turf/distance';
import { featureCollection, point } from '@turf/helpers';
import { median } from '../src/compute/kernel-benchmarks';
import { fileBenchmarks } from './files';
import { measurementStoreBenchmarks } from './measurement-store';
import { puffKernelBenchmarks } from './puff-kernel';
import { decodeSeriesArrow, decodeSeriesJson, encodeSeriesArrow } from '../src/codec/series-arrow';
import { loadWasmCoreFromDisk } from '../src/compute/wasm-core-node';

interface Result {
  name: string;
  peer: string;
  /** What was compared before timing, and how it came out. */
  check: string;
  medianMs: number;
  peerMedianMs: number;
  ratio: number;
}

/** Stops the run when ours and the peer disagree: a timing of different answers means nothing. */
function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(`Equality check failed: ${what}`);
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
}

/** Mean absolute vertical distance of every non-NaN sample from the line through the chosen points (the downsampled chart's error). */
function lineError(times: Float64Array, values: Float32Array, chosen: Int32Array): number {
  let sum = 0;
  let count = 0;
  for (let s = 0; s + 1 < chosen.length; s++) {
    const a = chosen[s]!;
    const b = chosen[s + 1]!;
    const ta = times[a]!;
    const va = values[a]!;
    const slope = (values[b]! - va) / (times[b]! - ta);
    for (let i = a; i < b; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      sum += Math.abs(v - (va + slope * (times[i]! - ta)));
      count++;
    }
  }
  return count > 0 ? sum / count : 0;
}

async function main() {
  const core = await loadWasmCoreFromDisk();
  const results: Result[] = [];
  const add = (name: string, peer: string, check: string, medianMs: number, peerMedianMs: number) => {
    results.push({ name, peer, check, medianMs, peerMedianMs, ratio: peerMedianMs / medianMs });
    console.log(`${name} | ${peer} | ${check} | ${medianMs.toFixed(2)} ms vs ${peerMedianMs.toFixed(2)} ms`);
  };

  const n = 10_000_000;
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = Math.sin(i / 1000) * 5 + (i % 97 === 0 ? Number.NaN : 0);
  const sumOurs = core.sumF64(data);
  const sumPeer = referenceSum(data);
  // Same additions in the same order in both: exact.
  expect(Object.is(sumOurs, sumPeer), `sumF64 ${sumOurs} vs ${sumPeer}`);
  const oursSum = median(() => core.sumF64(data), 11);
  add(
    'wasm sumF64, 10M float64 incl. copy-in',
    'TypeScript reference loop',
    'sum identical',
    oursSum,
    median(() => referenceSum(data), 11),
  );
  const copyInto = new Float64Array(n);
  copyInto.set(data);
  expect(sameArray(copyInto.subarray(0, 1000), data.subarray(0, 1000)), 'copy yardstick');
  add(
    'wasm sumF64, 10M float64 incl. copy-in',
    'copy into a preallocated Float64Array (bandwidth yardstick)',
    'n/a (yardstick)',
    oursSum,
    median(() => copyInto.set(data), 11),
  );

  // A series of 10M float32 points (about 19 years of one-minute data).
  const times = new Float64Array(n);
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = 1_700_000_000_000 + i * 60_000;
    values[i] = 2 + Math.sin(i / 1440) + (i % 5003 === 0 ? 40 : 0) + (i % 7919 === 0 ? Number.NaN : 0);
  }
  const timesInto = new Float64Array(n);
  const valuesInto = new Float32Array(n);
  let loaded = core.loadSeries(times, values);
  // The pyramid is the index the M4 and MinMaxLTTB queries below use: its build is reported first, beside them.
  const loadMs = median(() => (loaded = core.loadSeries(times, values)), 5);
  add(
    'series load: copy in, validate, build the min/max pyramid (the index of the M4/MinMaxLTTB rows), 10M points',
    'copy of times + values into preallocated arrays',
    'n/a (yardstick)',
    loadMs,
    median(() => {
      timesInto.set(times);
      valuesInto.set(values);
    }, 5),
  );

  const t0 = times[0]!;
  const t1 = times[n - 1]! + 1;
  const windows: [string, number, number, number][] = [
    ['10M points to 2,000 px', t0, t1, 11],
    [
      'a 1-year window (525,600 points) to 2,000 px',
      t0 + 200 * 86_400_000,
      t0 + 200 * 86_400_000 + 525_600 * 60_000,
      51,
    ],
    ['a 1-day window to 2,000 px', t0 + 100 * 86_400_000, t0 + 101 * 86_400_000, 101],
  ];
  for (const [label, a, b, runs] of windows) {
    const ours = loaded.m4(a, b, 2000);
    const peer = referenceM4(times, values, a, b, 2000);
    const scan = loaded.m4Scan(a, b, 2000);
    expect(
      sameArray(ours.times, peer.times) && sameArray(ours.values, peer.values),
      `M4 pyramid vs TypeScript M4, ${label}`,
    );
    expect(
      sameArray(ours.times, scan.times) && sameArray(ours.values, scan.values),
      `M4 pyramid vs wasm scan, ${label}`,
    );
    const oursMs = median(() => loaded.m4(a, b, 2000), runs);
    const check = `same ${ours.times.length} points, exact`;
    add(
      `wasm M4 via the pyramid, ${label}`,
      'plain-JS M4 (asm/reference/m4.ts)',
      check,
      oursMs,
      median(() => referenceM4(times, values, a, b, 2000), Math.min(runs, 11)),
    );
    add(
      `wasm M4 via the pyramid, ${label}`,
      'wasm M4 scanning every sample',
      check,
      oursMs,
      median(() => loaded.m4Scan(a, b, 2000), Math.min(runs, 11)),
    );
  }

  // Chart modes and gap splitting over the same 10M points.
  {
    const ours = loaded.aggregate(3_600_000, 0, 'average');
    const peer = referenceAggregate(times, values, 3_600_000, 0, 'average');
    expect(sameArray(ours.times, peer.times) && sameArray(ours.values, peer.values), '1-hour averages');
    add(
      'wasm 1-hour averages, 10M points',
      'plain-JS averages (asm/reference/aggregate.ts)',
      `same ${ours.times.length} buckets, exact`,
      median(() => loaded.aggregate(3_600_000, 0, 'average'), 5),
      median(() => referenceAggregate(times, values, 3_600_000, 0, 'average'), 3),
    );
  }
  {
    // One-minute data with an outage every ~5 days so the split has something to find.
    const gapTimes = Float64Array.from(times, (t, i) => t + Math.floor(i / 7_001) * 3 * 3_600_000);
    const gapSeries = await loadWasmCoreFromDisk();
    const gl = gapSeries.loadSeries(gapTimes, values);
    const ours = gl.splitGaps(gapThreshold(60_000));
    const peer = referenceSplitGaps(gapTimes, gapThreshold(60_000));
    expect(sameArray(ours, peer) && ours.length > 0, 'gap splitting');
    add(
      'wasm gap splitting, 10M points',
      'plain-JS gap splitting (asm/reference/gaps.ts)',
      `same ${ours.length} splits, exact`,
      median(() => gl.splitGaps(gapThreshold(60_000)), 5),
      median(() => referenceSplitGaps(gapTimes, gapThreshold(60_000)), 3),
    );
  }

  // MinMaxLTTB: the like-for-like peer is the same algorithm in TypeScript; full LTTB shows what the preselection costs in fidelity.
  {
    const ours = loaded.minMaxLttb(2000);
    const peer = referenceMinMaxLttb(times, values, 2000);
    expect(sameArray(ours, peer), 'MinMaxLTTB wasm vs TypeScript');
    const oursMs = median(() => loaded.minMaxLttb(2000), 11);
    add(
      'wasm MinMaxLTTB (ratio 4), 10M points to 2,000',
      'TypeScript MinMaxLTTB (asm/reference/lttb.ts)',
      `same ${ours.length} indices, exact`,
      oursMs,
      median(() => referenceMinMaxLttb(times, values, 2000), 3),
    );
    const full = loaded.lttb(2000);
    const fullPeer = referenceLttb(times, values, validIndices(values), 2000);
    expect(sameArray(full, fullPeer), 'LTTB wasm vs TypeScript');
    const shared = new Set(full);
    let agree = 0;
    for (const i of ours) if (shared.has(i)) agree++;
    const errOurs = lineError(times, values, ours);
    const errFull = lineError(times, values, full);
    const approx = `approximation: ${agree} of ${ours.length} indices as full LTTB; mean |line − sample| ${errOurs.toFixed(4)} vs ${errFull.toFixed(4)} (${((errOurs / errFull - 1) * 100).toFixed(1)} %)`;
    add(
      'wasm MinMaxLTTB (ratio 4), 10M points to 2,000',
      'wasm LTTB over every non-NaN sample',
      approx,
      oursMs,
      median(() => loaded.lttb(2000), 3),
    );
    add(
      'wasm LTTB over every non-NaN sample, 10M points to 2,000',
      'TypeScript LTTB (asm/reference/lttb.ts)',
      `same ${full.length} indices, exact`,
      median(() => loaded.lttb(2000), 3),
      median(() => referenceLttb(times, values, validIndices(values), 2000), 3),
    );
  }

  // Rose binning of 10M samples into 16 sectors x 4 CH4 classes.
  {
    const dirs = new Float32Array(n);
    const conc = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      dirs[i] = ((i * 7.3) % 360) + (i % 1009 === 0 ? Number.NaN : 0);
      conc[i] = (i % 1000) / 5;
    }
    const thr = Float32Array.of(5, 25, 125);
    const peer = referenceRose(dirs, conc, 16, thr);
    // The columns live in wasm memory (as the geo worker keeps them); their copy-in is reported beside the binning.
    let cols = core.loadRoseColumns(dirs, conc);
    const ours = cols.bin(16, thr);
    expect(ours.counted === peer.counted && sameArray(ours.counts, peer.counts), 'rose counts');
    const check = `same 64 counts (${ours.counted} samples), exact`;
    const peerMs = median(() => referenceRose(dirs, conc, 16, thr), 5);
    add(
      'wasm rose binning, 10M samples, columns resident in wasm memory',
      'plain-JS rose binning (asm/reference/rose.ts)',
      check,
      median(() => cols.bin(16, thr), 21),
      peerMs,
    );
    add(
      'copy the 10M directions + values into wasm memory (once per column pair)',
      'plain-JS rose binning (asm/reference/rose.ts)',
      'n/a (load)',
      median(() => (cols = core.loadRoseColumns(dirs, conc)), 5),
      peerMs,
    );
    expect(sameArray(core.binRose(dirs, conc, 16, thr).counts, peer.counts), 'rose counts incl. copy-in');
    add(
      'wasm rose binning, 10M samples incl. copy-in',
      'plain-JS rose binning (asm/reference/rose.ts)',
      check,
      median(() => core.binRose(dirs, conc, 16, thr), 7),
      peerMs,
    );
  }

  // IDW of 200 stations onto 256 x 256 cells, against the TypeScript twin and against @turf/interpolate on the same grid.
  {
    const m = 200;
    const west = -114;
    const south = 51;
    // Metres per degree as turf measures them along the bbox edges, so that its degree grid is our metre grid.
    const kx = distance([west, south], [west + 0.1, south], { units: 'meters' }) / 0.1;
    const ky = distance([west, south], [west, south + 0.1], { units: 'meters' }) / 0.1;
    const cell = 25;
    // A bbox 255.5 cells wide: turf puts 256 points a quarter cell in from each edge.
    const box: [number, number, number, number] = [
      west,
      south,
      west + (255.5 * cell) / kx,
      south + (255.5 * cell) / ky,
    ];
    const lon = new Float64Array(m);
    const lat = new Float64Array(m);
    const sx = new Float64Array(m);
    const sy = new Float64Array(m);
    const su = new Float64Array(m);
    const sv = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      // Stations off the grid points (turf divides by zero on a station that sits on one).
      sx[k] = (((k * 9301 + 49297) % 233280) / 233280) * 6380 + 3.1;
      sy[k] = (((k * 4271 + 1231) % 233280) / 233280) * 6380 + 4.7;
      lon[k] = west + sx[k]! / kx;
      lat[k] = south + sy[k]! / ky;
      su[k] = Math.sin(k) * 10;
      sv[k] = Math.cos(k) * 10;
    }
    const grid = {
      x0: 0.25 * cell - cell / 2,
      y0: 0.25 * cell - cell / 2,
      spacing: cell,
      nx: 256,
      ny: 256,
      maxSpeed: 0,
    };
    const ours = core.idw(sx, sy, su, sv, grid);
    const twin = referenceIdw({ x: sx, y: sy, u: su, v: sv }, grid);
    const twinDiff = Math.max(maxAbsDiff(ours.u, twin.u), maxAbsDiff(ours.v, twin.v));
    // The kernel weighs in float32 lanes: agreement to 1 mm/s on 10 m/s winds is the stated tolerance.
    expect(twinDiff <= 1e-3, `IDW vs TypeScript twin: max |Δ| ${twinDiff}`);
    const idwOurs = median(() => core.idw(sx, sy, su, sv, grid), 11);
    add(
      'wasm IDW wind field, 200 stations to 256x256 (u and v)',
      'plain-JS IDW (asm/reference/windfield.ts)',
      `max |Δu|,|Δv| ${twinDiff.toExponential(1)} m/s (tolerance 1e-3)`,
      idwOurs,
      median(() => referenceIdw({ x: sx, y: sy, u: su, v: sv }, grid), 3),
    );

    const stations = featureCollection(
      Array.from({ length: m }, (_, k) => point([lon[k]!, lat[k]!], { u: su[k]!, v: sv[k]! })),
    );
    const turf = () =>
      [
        interpolate(stations, cell / 1000, {
          gridType: 'point',
          property: 'u',
          units: 'kilometers',
          weight: 2,
          bbox: box,
        }),
        interpolate(stations, cell / 1000, {
          gridType: 'point',
          property: 'v',
          units: 'kilometers',
          weight: 2,
          bbox: box,
        }),
      ] as const;
    const [tu, tv] = turf();
    expect(tu.features.length === 256 * 256, `turf grid has ${tu.features.length} points, not 256 x 256`);
    // turf's grid is column-major (x outer); ours is row-major.
    let worst = 0;
    let sq = 0;
    let worstPlace = 0;
    for (let f = 0; f < tu.features.length; f++) {
      const [x, y] = tu.features[f]!.geometry.coordinates as [number, number];
      const i = Math.round(((x - west) * kx - 0.25 * cell) / cell);
      const j = Math.round(((y - south) * ky - 0.25 * cell) / cell);
      const at = j * 256 + i;
      const du = Math.abs(ours.u[at]! - (tu.features[f]!.properties as { u: number }).u);
      const dv = Math.abs(ours.v[at]! - (tv.features[f]!.properties as { v: number }).v);
      sq += du * du + dv * dv;
      if (Math.max(du, dv) > worst) {
        worst = Math.max(du, dv);
        worstPlace = Math.hypot((x - west) * kx, (y - south) * ky);
      }
    }
    const rms = Math.sqrt(sq / (2 * tu.features.length));
    // turf measures great-circle distances, we a local plane 6.4 km across: 0.1 m/s is the stated tolerance.
    expect(worst <= 0.1, `IDW vs turf: max |Δ| ${worst} m/s`);
    add(
      'wasm IDW wind field, 200 stations to 256x256 (u and v)',
      '@turf/interpolate on the same 256 x 256 points (u and v, haversine distances)',
      `max |Δ| ${worst.toFixed(4)} m/s, RMS ${rms.toExponential(1)} (tolerance 0.1; plane vs sphere)`,
      idwOurs,
      median(turf, 3),
    );
    void worstPlace;
  }

  // One year of one-minute data over the wire: Arrow IPC decode against JSON.parse of [time, value] pairs.
  {
    const yearTimes = times.slice(0, 525_600);
    const yearValues = values.slice(0, 525_600);
    for (let i = 0; i < yearValues.length; i++) if (Number.isNaN(yearValues[i]!)) yearValues[i] = 0;
    const arrowBytes = encodeSeriesArrow({ times: yearTimes, values: yearValues });
    const jsonText = JSON.stringify(Array.from(yearTimes, (t, i) => [t, yearValues[i]]));
    const a = decodeSeriesArrow(arrowBytes);
    const j = decodeSeriesJson(jsonText);
    expect(
      sameArray(a.times, j.times) && sameArray(a.values, j.values) && sameArray(a.times, yearTimes),
      'Arrow vs JSON decode',
    );
    add(
      'decode one year of one-minute data (Arrow IPC)',
      'JSON.parse of [time, value] pairs',
      `same ${a.times.length} samples, exact`,
      median(() => decodeSeriesArrow(arrowBytes), 11),
      median(() => decodeSeriesJson(jsonText), 5),
    );
  }

  // File parsers (CSV, KML, GeoTIFF): each checks its peer reads the same before timing; notes carry the sizes.
  const files = await fileBenchmarks();
  results.push(...files.map(({ note, ...r }) => ({ ...r, check: note || 'same rows as the row above' })));
  // The modelling pipeline's hot loop: the wasm puff kernel against its TypeScript twin (equal within 1e-9 first).
  for (const row of await puffKernelBenchmarks()) {
    add(row.name, 'TypeScript twin (asm/reference/puff.ts)', row.check, row.medianMs, row.peerMedianMs);
  }
  // The measurement store: a year of one-minute data read back, against one row per sample.
  for (const m of await measurementStoreBenchmarks()) {
    results.push({
      name: `read one year of one-minute data, day chunks (${m.engine})`,
      peer: 'one row per sample, indexed',
      check: m.check,
      medianMs: m['read year, chunks (ms)'],
      peerMedianMs: m['read year, row per sample (ms)'],
      ratio: m['peer / chunks'],
    });
  }

  console.table(
    results.map((r) => ({
      benchmark: r.name,
      peer: r.peer,
      check: r.check,
      'ours ms': r.medianMs.toFixed(2),
      'peer ms': r.peerMedianMs.toFixed(2),
      'peer/ours': r.ratio.toFixed(2),
    })),
  );
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: os.loadavg(),
  };
  writeFileSync(
    new URL('./results/latest.json', import.meta.url),
    JSON.stringify({ at: new Date().toISOString(), machine, results }, null, 2),
  );
}

void main();
