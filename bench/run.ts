// npm run bench: each benchmark names its peer, measures both in the same run and prints the ratio.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sumF64 as referenceSum } from '../asm/reference/checksum';
import { m4 as referenceM4 } from '../asm/reference/m4';
import { aggregate as referenceAggregate } from '../asm/reference/aggregate';
import { gapThreshold, splitGaps as referenceSplitGaps } from '../asm/reference/gaps';
import { LTTB } from 'downsample';
import interpolate from '@turf/interpolate';
import { featureCollection, point } from '@turf/helpers';
import { binRose as referenceRose } from '../asm/reference/rose';
import { idw as referenceIdw } from '../asm/reference/windfield';
import { median } from '../workers/lib/kernel-benchmarks';
import { fileBenchmarks } from './files';
import { measurementStoreBenchmarks } from './measurement-store';
import { decodeSeriesArrow, decodeSeriesJson, encodeSeriesArrow } from '../workers/lib/series-arrow';
import { loadWasmCoreFromDisk } from '../workers/lib/wasm-core-node';

interface Result {
  name: string;
  peer: string;
  medianMs: number;
  peerMedianMs: number;
  ratio: number;
}

async function main() {
  const core = await loadWasmCoreFromDisk();
  const n = 10_000_000;
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = Math.sin(i / 1000) * 5 + (i % 97 === 0 ? Number.NaN : 0);

  const results: Result[] = [];
  const ours = median(() => core.sumF64(data), 11);
  const peer = median(() => referenceSum(data), 11);
  results.push({ name: 'wasm sumF64, 10M float64 incl. copy-in', peer: 'TypeScript reference loop', medianMs: ours, peerMedianMs: peer, ratio: peer / ours });
  const copy = median(() => data.slice(), 11);
  results.push({ name: 'wasm sumF64, 10M float64 incl. copy-in', peer: 'Float64Array copy (memory-bandwidth yardstick)', medianMs: ours, peerMedianMs: copy, ratio: copy / ours });

  // M4 of 10M float32 points (about 19 years of one-minute data) to 2,000 pixels.
  const times = new Float64Array(n);
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = 1_700_000_000_000 + i * 60_000;
    values[i] = 2 + Math.sin(i / 1440) + (i % 5003 === 0 ? 40 : 0);
  }
  let loaded = core.loadSeries(times, values);
  // Load = copy in + validate + pyramid build, against copying the same bytes.
  const loadMs = median(() => (loaded = core.loadSeries(times, values)), 5);
  results.push({ name: 'series load incl. pyramid build, 10M points', peer: 'copy of times + values (bandwidth yardstick)', medianMs: loadMs, peerMedianMs: median(() => [times.slice(), values.slice()], 5), ratio: 0 });
  const t0 = times[0]!;
  const t1 = times[n - 1]! + 1;
  const m4Ours = median(() => loaded.m4(t0, t1, 2000), 11);
  results.push({ name: 'wasm M4 via pyramid, 10M points to 2,000 px', peer: 'plain-JS M4 (asm/reference/m4.ts)', medianMs: m4Ours, peerMedianMs: median(() => referenceM4(times, values, t0, t1, 2000), 5), ratio: 0 });
  results.push({ name: 'wasm M4 via pyramid, 10M points to 2,000 px', peer: 'Float32Array copy of the values (bandwidth yardstick)', medianMs: m4Ours, peerMedianMs: median(() => values.slice(), 11), ratio: 0 });
  results.push({ name: 'wasm M4 via pyramid, 10M points to 2,000 px', peer: 'wasm M4 full scan', medianMs: m4Ours, peerMedianMs: median(() => loaded.m4Scan(t0, t1, 2000), 11), ratio: 0 });
  // Any window of a year of one-minute data.
  const year = 525_600;
  const yearMs = median(() => loaded.m4(t0 + 200 * 86_400_000, t0 + 200 * 86_400_000 + year * 60_000, 2000), 51);
  results.push({ name: 'wasm M4 via pyramid, 1-year window', peer: 'plain-JS M4 on the same window', medianMs: yearMs, peerMedianMs: median(() => referenceM4(times, values, t0 + 200 * 86_400_000, t0 + 200 * 86_400_000 + year * 60_000, 2000), 11), ratio: 0 });
  // One day of a year of one-minute data: the viewport query a chart makes while scrubbing.
  const dayOurs = median(() => loaded.m4(t0 + 100 * 86_400_000, t0 + 101 * 86_400_000, 2000), 101);
  results.push({ name: 'wasm M4 viewport query, 1 day window', peer: 'plain-JS M4 on the same window', medianMs: dayOurs, peerMedianMs: median(() => referenceM4(times, values, t0 + 100 * 86_400_000, t0 + 101 * 86_400_000, 2000), 101), ratio: 0 });
  // Chart modes and gap splitting over the same 10M points.
  results.push({ name: 'wasm 1-hour averages, 10M points', peer: 'plain-JS averages (asm/reference/aggregate.ts)', medianMs: median(() => loaded.aggregate(3_600_000, 0, 'average'), 5), peerMedianMs: median(() => referenceAggregate(times, values, 3_600_000, 0, 'average'), 3), ratio: 0 });
  results.push({ name: 'wasm gap splitting, 10M points', peer: 'plain-JS gap splitting (asm/reference/gaps.ts)', medianMs: median(() => loaded.splitGaps(gapThreshold(60_000)), 5), peerMedianMs: median(() => referenceSplitGaps(times, gapThreshold(60_000)), 3), ratio: 0 });
  // MinMaxLTTB of 10M points to 2,000 against the downsample package's LTTB, input conversion included.
  const mmOurs = median(() => loaded.minMaxLttb(2000), 11);
  const peerLttb = median(() => {
    const points: [number, number][] = new Array(n);
    for (let i = 0; i < n; i++) points[i] = [times[i]!, values[i]!];
    return LTTB(points, 2000);
  }, 3);
  results.push({ name: 'wasm MinMaxLTTB, 10M points to 2,000', peer: "downsample package's LTTB incl. input conversion", medianMs: mmOurs, peerMedianMs: peerLttb, ratio: 0 });
  results.push({ name: 'wasm M4 via pyramid, 10M points to 2,000 px', peer: "downsample package's LTTB incl. input conversion", medianMs: m4Ours, peerMedianMs: peerLttb, ratio: 0 });
  results.push({ name: 'series load incl. pyramid build, 10M points', peer: "downsample package's LTTB incl. input conversion", medianMs: loadMs, peerMedianMs: peerLttb, ratio: 0 });
  results.push({ name: 'wasm LTTB over every sample, 10M points to 2,000', peer: "downsample package's LTTB incl. input conversion", medianMs: median(() => loaded.lttb(2000), 3), peerMedianMs: peerLttb, ratio: 0 });
  // Rose binning of 10M samples into 16 sectors x 4 CH4 classes.
  const dirs = new Float32Array(n);
  const conc = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    dirs[i] = (i * 7.3) % 360;
    conc[i] = (i % 1000) / 5;
  }
  const thr = Float32Array.of(5, 25, 125);
  results.push({ name: 'wasm rose binning, 10M samples', peer: 'plain-JS rose binning (asm/reference/rose.ts)', medianMs: median(() => core.binRose(dirs, conc, 16, thr), 7), peerMedianMs: median(() => referenceRose(dirs, conc, 16, thr), 3), ratio: 0 });

  // IDW of 200 stations onto a 256 x 256 grid.
  const m = 200;
  const sx = new Float64Array(m);
  const sy = new Float64Array(m);
  const su = new Float64Array(m);
  const sv = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    sx[k] = ((k * 9301 + 49297) % 233280) / 233280 * 6400;
    sy[k] = ((k * 4271 + 1231) % 233280) / 233280 * 6400;
    su[k] = Math.sin(k) * 10;
    sv[k] = Math.cos(k) * 10;
  }
  const grid = { x0: 0, y0: 0, spacing: 25, nx: 256, ny: 256, maxSpeed: 0 };
  const idwOurs = median(() => core.idw(sx, sy, su, sv, grid), 11);
  results.push({ name: 'wasm IDW wind field, 200 stations to 256x256', peer: 'plain-JS IDW (asm/reference/windfield.ts)', medianMs: idwOurs, peerMedianMs: median(() => referenceIdw({ x: sx, y: sy, u: su, v: sv }, grid), 3), ratio: 0 });
  // @turf/interpolate works in degrees: the same layout near 51°N, both components.
  const metresPerDegLat = 111_320;
  const metresPerDegLng = 111_320 * Math.cos((51 * Math.PI) / 180);
  const stations = featureCollection(Array.from({ length: m }, (_, k) => point([-114 + sx[k]! / metresPerDegLng, 51 + sy[k]! / metresPerDegLat], { u: su[k]!, v: sv[k]! })));
  const turfMs = median(() => {
    interpolate(stations, 0.025, { gridType: 'point', property: 'u', units: 'kilometers', weight: 2 });
    interpolate(stations, 0.025, { gridType: 'point', property: 'v', units: 'kilometers', weight: 2 });
  }, 1);
  results.push({ name: 'wasm IDW wind field, 200 stations to 256x256', peer: '@turf/interpolate (u and v, 25 m point grid)', medianMs: idwOurs, peerMedianMs: turfMs, ratio: 0 });
  // One year of one-minute data over the wire: Arrow IPC decode against JSON.parse of [time, value] pairs.
  const yearTimes = times.slice(0, 525_600);
  const yearValues = values.slice(0, 525_600);
  const arrowBytes = encodeSeriesArrow({ times: yearTimes, values: yearValues });
  const jsonText = JSON.stringify(Array.from(yearTimes, (t, i) => [t, yearValues[i]]));
  results.push({ name: 'decode one year of one-minute data (Arrow IPC)', peer: 'JSON.parse of [time, value] pairs', medianMs: median(() => decodeSeriesArrow(arrowBytes), 11), peerMedianMs: median(() => decodeSeriesJson(jsonText), 5), ratio: 0 });
  for (const r of results) r.ratio = r.peerMedianMs / r.medianMs;
  // File parsers (CSV, KML, GeoTIFF); their notes carry the sizes and the CSV correctness probe.
  const files = await fileBenchmarks();
  results.push(...files.map(({ note: _note, ...r }) => r));
  for (const f of files) if (f.note) console.log(`${f.name}: ${f.note}`);
  // The measurement store: a year of one-minute data read back, against one row per sample.
  for (const m of await measurementStoreBenchmarks()) {
    results.push({ name: `read one year of one-minute data, day chunks (${m.engine})`, peer: 'one row per sample, indexed', medianMs: m['read year, chunks (ms)'], peerMedianMs: m['read year, row per sample (ms)'], ratio: m['peer / chunks'] });
  }

  console.table(results.map((r) => ({ benchmark: r.name, peer: r.peer, 'ours ms': r.medianMs.toFixed(2), 'peer ms': r.peerMedianMs.toFixed(2), 'peer/ours': r.ratio.toFixed(2) })));
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  writeFileSync(new URL('./results/latest.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), machine, results }, null, 2));
}

void main();
