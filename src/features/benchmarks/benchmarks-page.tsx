// Benchmarks (/benchmarks): runs the wasm kernels against their TypeScript twins in this browser's worker.
import { useMemo, useState } from 'react';
import { KERNEL_BENCHMARK_COUNT, timeseriesClient, type KernelBenchmark } from '@/compute/timeseries-client';
import { UplotChart } from '@/ui/chart/uplot-chart';
import { PageHeader } from '@/ui/page-header';
import { buildRatioChart } from './ratio-chart';

const SIZES = [1_000_000, 5_000_000] as const;

/** Two significant digits below 100x, so a yardstick's 0.04x does not read as 0. */
const formatRatio = (r: number) => `${r >= 100 ? r.toFixed(0) : r.toPrecision(2)}x`;

export default function BenchmarksPage() {
  const [points, setPoints] = useState<number>(SIZES[0]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<KernelBenchmark[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chart = useMemo(() => (results ? buildRatioChart(results) : null), [results]);

  async function run() {
    setError(null);
    setResults(null);
    setProgress({ done: 0, total: KERNEL_BENCHMARK_COUNT });
    try {
      setResults(await timeseriesClient.runBenchmarks(points, (done, total) => setProgress({ done, total })));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <PageHeader title="Benchmarks">
        <label className="flex items-center gap-2 text-sm">
          <span>Points</span>
          <select
            className="select select-sm"
            value={points}
            onChange={(e) => setPoints(Number(e.target.value))}
            disabled={progress !== null}
          >
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s.toLocaleString('en-US')}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void run()}
          disabled={progress !== null}
        >
          {progress ? 'Running…' : 'Run benchmarks'}
        </button>
      </PageHeader>
      <div className="grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <p className="text-sm text-base-content/80">
          Each kernel of the WebAssembly compute core runs in a Web Worker on this machine against its peer on the same
          data: its plain TypeScript twin, the full algorithm it approximates, or a copy of the same bytes (a yardstick,
          below 1x by nature). These are the rows of <code>npm run bench</code>. Each row first checks that both give
          the same answer (the Check column), then times both; the bars show the row's peer / wasm time (medians of
          several runs).
        </p>
        {progress && (
          <div>
            <progress
              className="progress progress-primary w-full"
              value={progress.done}
              max={progress.total}
              aria-label="Benchmark progress"
            />
            <p className="text-xs text-base-content/70">
              {progress.done} of {progress.total} kernels measured
            </p>
          </div>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        {!results && !progress && !error && (
          <p className="text-base-content/70">No results yet: choose a size and run the benchmarks.</p>
        )}
        {results && chart && (
          <>
            <section className="rounded-box border border-base-300 p-3">
              <h2 className="mb-2 font-semibold">Speed-up of wasm over each row's peer</h2>
              <UplotChart
                options={chart.options}
                data={chart.data}
                label="Bar chart of the speed-up of wasm over each row's peer, by row number"
              />
            </section>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table table-sm">
                <thead className="bg-base-200 text-base-content">
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Kernel</th>
                    <th scope="col">Peer</th>
                    <th scope="col">Check</th>
                    <th scope="col" className="text-right">
                      wasm (ms)
                    </th>
                    <th scope="col" className="text-right">
                      Peer (ms)
                    </th>
                    <th scope="col" className="text-right">
                      Peer / wasm
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {results.map((r, i) => (
                    <tr key={`${r.kernel} ${r.peer}`}>
                      <td className="tabular-nums">{i + 1}</td>
                      <td>{r.kernel}</td>
                      <td>{r.peer}</td>
                      <td>{r.check}</td>
                      <td className="text-right tabular-nums">{r.oursMs.toFixed(2)}</td>
                      <td className="text-right tabular-nums">{r.peerMs.toFixed(2)}</td>
                      <td className="text-right font-semibold tabular-nums">{formatRatio(r.ratio)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </>
  );
}
