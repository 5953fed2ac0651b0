// `npm run bench:science`: the controlled-release benchmark, scored through the console only (modelling.md §2).
// Exit codes: 0 scored, 1 the run failed (the message names the step), 2 bad arguments.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LayoutName, Scenario } from '../truth/types';
import { ArgError, parseArgs, USAGE, type Options } from './args';
import { startConsole, type RunningConsole } from './console';
import { runDlqMethod } from './dlq-method';
import { replayAndExplain, type SiteExplanation } from './explain';
import { loadDlq, loadTruth, type RunDlq } from './engines';
import type { PostedSeries } from './feed';
import { layoutTable, GOAL, PUBLISHED, type Row } from './report';
import { runSite } from './run-site';
import { emptyMetrics, score, type SiteRun } from './score';
import { CAUSES } from './verdicts';
import { firstOrganization } from './setup';
import { paritySvg, podSvg } from './svg';

const DAY_MS = 86_400_000;
const ROOT = path.resolve(import.meta.dirname, '../..');
const log = (m: string) => process.stderr.write(`${m}\n`);

/** UTC midnight of (today − days − 1): the whole scenario lies in the past, as the console's reads require. */
export function scenarioStart(days: number, now = Date.now()): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (days + 1) * DAY_MS;
}

interface LayoutRuns {
  pipeline: SiteRun[];
  dlq: SiteRun[];
  pipelineCpuS: number;
  dlqCpuS: number;
  pipelinePresent: boolean;
  explain: SiteExplanation[];
}

async function runBenchmark(opts: Options, started: number): Promise<void> {
  const truth = await loadTruth();
  const runDlq: RunDlq | null = opts.methods.includes('dlq') ? await loadDlq() : null;
  const start = opts.start ?? scenarioStart(opts.days);
  log(
    `bench:science ${opts.label} run: layouts ${opts.layouts.join(', ')}, ${opts.seeds.length} seed(s) ${opts.test ? `(SHA-256 ${opts.seedHash})` : opts.seeds.join(', ')}, ${opts.days} days from ${new Date(start).toISOString()}`,
  );

  let con: RunningConsole | null = null;
  const stopConsole = async () => {
    const c = con;
    con = null;
    await c?.stop();
  };
  const onSignal = () => {
    log('interrupted: stopping the console');
    void stopConsole().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const byLayout = new Map<LayoutName, LayoutRuns>();
  const dlqSites: {
    runs: LayoutRuns;
    label: string;
    scenario: Scenario;
    posted: PostedSeries;
    base: Omit<SiteRun, 'reports' | 'siteRates'>;
  }[] = [];
  const replaySites: { runs: LayoutRuns; label: string; scenario: Scenario; posted: PostedSeries; run: SiteRun }[] = [];
  let sourceRatesApi = false;
  let engine = '';
  try {
    con = await startConsole(log);
    engine = con.engine;
    log(
      `console up at ${con.origin} (${con.engine}, pid ${con.pid}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const orgId = await firstOrganization(con.api);
    let siteNumber = 0;
    for (const layout of opts.layouts) {
      const runs: LayoutRuns = {
        pipeline: [],
        dlq: [],
        pipelineCpuS: 0,
        dlqCpuS: 0,
        pipelinePresent: false,
        explain: [],
      };
      byLayout.set(layout, runs);
      for (const [i, seed] of opts.seeds.entries()) {
        siteNumber++;
        const label = opts.test ? `${layout} test site ${i + 1}` : `${layout} seed ${seed}`;
        const scenario = truth.createScenario(layout, seed, 0, start, opts.days);
        const result = await runSite(con, truth, scenario, orgId, siteNumber, {
          batchMin: opts.batchMin,
          stepTimeoutS: opts.stepTimeoutS,
          pipeline: opts.methods.includes('pipeline'),
          label,
          log,
        });
        runs.pipelinePresent ||= result.pipelinePresent;
        sourceRatesApi ||= result.sourceRates;
        const base = {
          label,
          start: scenario.start,
          end: scenario.end,
          sources: scenario.site.sources.map((s) => ({ key: s.key, group: s.group })),
          releases: scenario.truth.releases,
        };
        if (result.pipelineReports) {
          const run = { ...base, reports: result.pipelineReports, siteRates: result.pipelineRates };
          runs.pipeline.push(run);
          runs.pipelineCpuS += result.consoleCpuS;
          replaySites.push({ runs, label, scenario, posted: result.posted, run });
        }
        log(
          `[${label}] posted ${result.postedSamples} samples in ${result.wallS.toFixed(0)} s wall (truth ${result.truthS.toFixed(0)} s, ingest ${result.ingestS.toFixed(0)} s, pipeline wait ${result.waitS.toFixed(0)} s; console CPU ${result.consoleCpuS.toFixed(1)} s; up to ${result.maxHeldLate} readings held back as late)`,
        );
        if (runDlq) dlqSites.push({ runs, label, scenario, posted: result.posted, base });
      }
    }
  } finally {
    await stopConsole();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  // The DLQ port runs synchronously for tens of seconds per 7-day site: between two sites it held this process's
  // event loop past the console's 72 s keep-alive, the console closed the idle pooled socket, and the next call went
  // out on it and failed ('fetch failed', other side closed). So it runs once the console is stopped.
  for (const site of dlqSites) {
    if (!runDlq) break;
    const wall0 = Date.now();
    const dlq = runDlqMethod(runDlq, site.scenario, site.posted);
    site.runs.dlq.push({ ...site.base, reports: dlq.reports, siteRates: null });
    site.runs.dlqCpuS += dlq.cpuS;
    log(
      `[${site.label}] DLQ port: ${dlq.reports.length} emissions, ${dlq.cpuS.toFixed(1)} CPU s, ${((Date.now() - wall0) / 1000).toFixed(0)} s wall`,
    );
  }

  // Why the console's pipeline missed what it missed: its stages replayed offline on the same posted readings, with
  // the detection tests of every step (bench/science/replay.ts, verdicts.ts). Explains the scores, never changes them.
  for (const site of replaySites) {
    const { explanation } = await replayAndExplain(site.label, site.scenario, site.posted, opts.batchMin, {
      reports: site.run.reports,
      siteRates: site.run.siteRates ?? [],
    });
    site.runs.explain.push(explanation);
    const causes = CAUSES.filter((c) => explanation.causes[c] > 0).map((c) => `${c} ${explanation.causes[c]}`);
    log(
      `[${site.label}] missed releases ≥ 1 kg/h by cause: ${causes.join(', ') || 'none'} (replay ${explanation.replayCpuS.toFixed(0)} CPU s; agrees with the console on ${explanation.replayAgreement.both} detections, console only ${explanation.replayAgreement.consoleOnly}, replay only ${explanation.replayAgreement.replayOnly})`,
    );
    const delays = explanation.detectionDelays;
    if (delays.length)
      log(
        `[${site.label}] time to detection ≥ 3 kg/h, console / replay (min): ${delays.map((d) => `${d.release} ${d.consoleMin.toFixed(0)}/${d.replayMin.toFixed(0)}`).join(', ')}`,
      );
  }

  const rows: Row[] = [];
  for (const [layout, runs] of byLayout) {
    if (opts.methods.includes('pipeline')) {
      if (runs.pipelinePresent) {
        const s = score({ sites: runs.pipeline, cpuSeconds: runs.pipelineCpuS });
        rows.push({
          method: 'pipeline',
          layout,
          ...s.metrics,
          releases: s.releases,
          reports: s.reports,
          note: 'CPU: the console process (ingestion and API serving included), an upper bound',
          detail: s.detail,
          explain: runs.explain,
        });
      } else {
        rows.push({
          method: 'pipeline',
          layout,
          ...emptyMetrics(),
          releases: null,
          reports: null,
          note: 'no modelling pipeline in this console',
        });
      }
    }
    if (runDlq) {
      const s = score({ sites: runs.dlq, cpuSeconds: runs.dlqCpuS });
      rows.push({ method: 'dlq', layout, ...s.metrics, releases: s.releases, reports: s.reports, detail: s.detail });
    }
  }

  for (const layout of byLayout.keys()) process.stdout.write(`\n${layoutTable(layout, rows)}\n`);
  process.stdout.write(
    '\nDL90 in brackets: bootstrap 95 % interval. TTD for releases ≥ 3 kg/h (all releases in the JSON detail).\n',
  );

  const jsonPath = path.resolve(opts.json ?? path.join(ROOT, 'bench/results', `science-${opts.label}.json`));
  mkdirSync(path.dirname(jsonPath), { recursive: true });
  const cpus = os.cpus();
  const report = {
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? 'unknown',
      memory: os.totalmem(),
      loadavg: os.loadavg(),
      node: process.version,
      engine,
    },
    run: {
      ...(opts.test ? { seedHash: opts.seedHash } : { seeds: opts.seeds, seedHash: opts.seedHash }),
      days: opts.days,
      scenarioStart: new Date(start).toISOString(),
      layouts: opts.layouts,
      methods: opts.methods,
      quick: opts.quick,
      label: opts.label,
      batchMin: opts.batchMin,
      started: new Date(started).toISOString(),
      durationS: (Date.now() - started) / 1000,
      sourceRatesApi,
    },
    references: { published: PUBLISHED, goal: GOAL },
    rows,
  };
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 1)}\n`);
  const base = jsonPath.replace(/\.json$/, '');
  for (const layout of byLayout.keys()) {
    const layoutRows = rows.filter((r) => r.layout === layout);
    writeFileSync(`${base}-${layout}-pod.svg`, podSvg(layout, layoutRows));
    writeFileSync(`${base}-${layout}-parity.svg`, paritySvg(layout, layoutRows));
  }
  log(`\nwrote ${path.relative(ROOT, jsonPath)} and its plots; ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
}

async function main(): Promise<void> {
  const started = Date.now();
  let opts: Options;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof ArgError) {
      log(`bench:science: ${e.message}`);
      if (!e.message.includes('Usage:')) log(USAGE);
      process.exit(2);
    }
    throw e;
  }
  try {
    await runBenchmark(opts, started);
  } catch (e) {
    log(`bench:science run failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
