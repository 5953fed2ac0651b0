// Plume job benchmark (issue 22): one 360-frame plume (6 hours, one frame a minute, 128 × 128 cells) of a source at
// 5 kg/h under a meandering 3 m/s wind, simulated by the plume job's own code (server/services/plume/frames.ts) with
// the wasm puff kernel and with its TypeScript twin (the peer). First both must give the same frame sheet (every
// encoded cell within 1, i.e. 0.1 ppm); then both are timed in the same run and the ratio printed. The 360 frames
// then play without a request per frame: tests/e2e/plumes.test.ts counts the requests while the layer plays.
import { inflateSync } from 'node:zlib';
import { loadPuffKernel, setPuffKernel } from '../server/services/modelling/puff-kernel';
import { tsPuffKernel } from './puff-twin';
import { plumeGrid, runPlume, type PlumeRunInput } from '../server/services/plume/frames';

const FRAMES = 360;
const SPIN_UP = 20;
const minutes = FRAMES + SPIN_UP + 1;
const start = Date.UTC(2026, 5, 1, 9);
const sensors = [
  { deviceId: 1, east: 60, north: -30, height: 2.4 },
  { deviceId: 2, east: 60, north: 30, height: 2.4 },
  { deviceId: 3, east: -70, north: 10, height: 2.4 },
];
const input: PlumeRunInput = {
  latitude: 31.9,
  longitude: -102.1,
  sensors,
  source: { x: 0, y: 0, z: 2 },
  rateKgH: 5,
  grid: plumeGrid([{ east: 0, north: 0 }, ...sensors], 150),
  wind: {
    start,
    minutes,
    directionDeg: sensors.map((_, i) =>
      Float64Array.from({ length: minutes }, (_, k) => 270 + 40 * Math.sin(k / 23) + 8 * Math.sin(k / 3 + i)),
    ),
    speedMs: sensors.map(() => Float64Array.from({ length: minutes }, (_, k) => 3 + Math.sin(k / 41))),
  },
  temperatureC: 20,
  frameMinutes: Array.from({ length: FRAMES }, (_, i) => SPIN_UP + 1 + i),
};

function cells(png: Uint8Array): Uint16Array {
  const b = Buffer.from(png);
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < b.length;) {
    const len = b.readUInt32BE(at);
    if (b.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const out = new Uint16Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      out[y * width + x] = (raw[o]! << 8) | raw[o + 1]!;
    }
  return out;
}

function timed(label: string) {
  const t0 = performance.now();
  const result = runPlume(input);
  const ms = performance.now() - t0;
  if (!result.ok) throw new Error(`${label}: ${result.reason}`);
  return { ms, result };
}

const wasm = await loadPuffKernel();
setPuffKernel(tsPuffKernel);
const ts = timed('TypeScript');
setPuffKernel(wasm);
const wa = timed('wasm');
const a = cells(ts.result.png);
const b = cells(wa.result.png);
let worst = 0;
let drawn = 0;
for (let i = 0; i < a.length; i++) {
  worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  if (b[i]! >= 5) drawn++;
}
if (a.length !== b.length || worst > 1)
  throw new Error(`the kernels disagree: sheets of ${a.length} and ${b.length} cells, worst cell ${worst}`);
console.log(
  `same frames: ${FRAMES} frames, ${a.length} cells, worst difference ${worst} (0.1 ppm units), ${drawn} cells ≥ 0.5 ppm, peak ${wa.result.maxPpm.toFixed(1)} ppm`,
);
console.log(`sheet PNG: ${(wa.result.png.length / 1024).toFixed(0)} KB`);
console.log(
  `wasm kernel: ${(wa.ms / 1000).toFixed(2)} s (${(wa.ms / FRAMES).toFixed(1)} ms a frame), ${(wa.result.evaluations / 1e6).toFixed(0)} M puff-cell evaluations`,
);
console.log(`TypeScript kernel: ${(ts.ms / 1000).toFixed(2)} s (${(ts.ms / FRAMES).toFixed(1)} ms a frame)`);
console.log(`ratio TypeScript / wasm: ${(ts.ms / wa.ms).toFixed(2)}`);
