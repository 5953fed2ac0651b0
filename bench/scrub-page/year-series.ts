// The scrub bench's data, made alike on the page and in its drawing workers: a year of one-minute samples per chart.
export const N = 525_600;
export const MINUTE = 60_000;
export const T0 = Date.UTC(2025, 10, 1);

export function series(k: number): { times: Float64Array; values: Float32Array } {
  const times = new Float64Array(N);
  const values = new Float32Array(N);
  let seed = 1234 + k;
  for (let i = 0; i < N; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    times[i] = T0 + i * MINUTE;
    values[i] = 2 + Math.sin(i / 1440 + k) * 0.3 + ((seed >>> 8) % 1000) / 10000 + (i % (997 + k * 13) === 0 ? 20 : 0);
  }
  return { times, values };
}
