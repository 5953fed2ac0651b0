// npm run bench: each benchmark names its peer, measures both in the same run and prints the ratio.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sumF64 as referenceSum } from '../asm/reference/checksum';
import { loadWasmCoreFromDisk } from '../workers/lib/wasm-core-node';

interface Result {
  name: string;
  peer: string;
  medianMs: number;
  peerMedianMs: number;
  ratio: number;
}

function median(fn: () => unknown, runs = 21): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
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

  console.table(results.map((r) => ({ benchmark: r.name, peer: r.peer, 'ours ms': r.medianMs.toFixed(2), 'peer ms': r.peerMedianMs.toFixed(2), 'peer/ours': r.ratio.toFixed(2) })));
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  writeFileSync(new URL('./results/latest.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), machine, results }, null, 2));
}

void main();
