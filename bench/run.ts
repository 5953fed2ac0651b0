// npm run bench: every row first proves that ours and its peer give the same result (exactly, or within a stated
// tolerance and metric), then times both in the same run and prints the ratio. Yardsticks write into buffers
// allocated once, as the wasm side does.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sumF64 as referenceSum } from '../asm/reference/checksum';
import interpolate from '@turf/interpolate';
import distance from '@turf/distance';
import { featureCollection, point } from '@turf/helpers';
import { idwCase, median, runKernelBenchmarks } from '../src/compute/kernel-benchmarks';
import { fileBenchmarks } from './files';
import { measurementStoreBenchmarks } from './measurement-store';
import { puffKernelBenchmarks } from './puff-kernel';
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

  // The compute core's rows: the same suite the /benchmarks page runs in its worker (src/compute/kernel-benchmarks.ts),
  // here over 10M one-minute points (about 19 years).
  for (const r of await runKernelBenchmarks(core, n, (done, total) => console.log(`kernels ${done}/${total}`))) {
    add(r.kernel, r.peer, r.check, r.oursMs, r.peerMs);
  }

  // IDW against @turf/interpolate on the same 256 x 256 points (Node only: turf is not shipped to the browser).
  {
    const { x: sx, y: sy, u: su, v: sv, grid, cell } = idwCase();
    const m = sx.length;
    const west = -114;
    const south = 51;
    // Metres per degree as turf measures them along the bbox edges, so that its degree grid is our metre grid.
    const kx = distance([west, south], [west + 0.1, south], { units: 'meters' }) / 0.1;
    const ky = distance([west, south], [west, south + 0.1], { units: 'meters' }) / 0.1;
    // A bbox 255.5 cells wide: turf puts 256 points a quarter cell in from each edge, where idwCase's cells centre.
    const box: [number, number, number, number] = [
      west,
      south,
      west + (255.5 * cell) / kx,
      south + (255.5 * cell) / ky,
    ];
    const ours = core.idw(sx, sy, su, sv, grid);
    const stations = featureCollection(
      Array.from({ length: m }, (_, k) => point([west + sx[k]! / kx, south + sy[k]! / ky], { u: su[k]!, v: sv[k]! })),
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
    for (let f = 0; f < tu.features.length; f++) {
      const [x, y] = tu.features[f]!.geometry.coordinates as [number, number];
      const i = Math.round(((x - west) * kx - 0.25 * cell) / cell);
      const j = Math.round(((y - south) * ky - 0.25 * cell) / cell);
      const at = j * 256 + i;
      const du = Math.abs(ours.u[at]! - (tu.features[f]!.properties as { u: number }).u);
      const dv = Math.abs(ours.v[at]! - (tv.features[f]!.properties as { v: number }).v);
      sq += du * du + dv * dv;
      worst = Math.max(worst, du, dv);
    }
    const rms = Math.sqrt(sq / (2 * tu.features.length));
    // turf measures great-circle distances, we a local plane 6.4 km across: 0.1 m/s is the stated tolerance.
    expect(worst <= 0.1, `IDW vs turf: max |Δ| ${worst} m/s`);
    add(
      'IDW wind field, 200 stations to 256 × 256 (u and v)',
      '@turf/interpolate on the same 256 x 256 points (u and v, haversine distances)',
      `max |Δ| ${worst.toFixed(4)} m/s, RMS ${rms.toExponential(1)} (tolerance 0.1; plane vs sphere)`,
      median(() => core.idw(sx, sy, su, sv, grid), 11),
      median(turf, 3),
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
    // The index each read uses, built first: ours the day chunks, the peer's table with its primary key.
    results.push({
      name: `write one year of one-minute data into day chunks (${m.engine}; the index the read below uses)`,
      peer: 'bulk insert into the row-per-sample table with its primary key (device, type, time)',
      check: 'n/a (build)',
      medianMs: m['write year (ms)'],
      peerMedianMs: m['peer bulk insert (ms)'],
      ratio: m['peer bulk insert (ms)'] / m['write year (ms)'],
    });
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
