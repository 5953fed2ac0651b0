// `node --import tsx bench/science/replay-run.ts -- --layouts metec --seeds 101 --days 7 [--reports]`: the pipeline's
// stages replayed offline (no console, no database) on the truth simulator's readings as the harness would post them, scored
// by the same scorer, with the verdicts of the missed releases. A quick loop for tuning on development seeds only;
// the benchmark's numbers are the console's (`npm run bench:science`).
import { writeFileSync } from 'node:fs';
import { ArgError, tuningOptions } from './args';
import { loadTruth } from './engines';
import { replayAndExplain, type SiteExplanation } from './explain';
import { Feeder, MINUTE_MS } from './feed';
import { scenarioStart } from './run';
import { matchReports } from './match';
import { score, type SiteRun } from './score';
import { TUNING } from '../../server/services/modelling/tuning';
import { CAUSES } from './verdicts';

async function main(): Promise<void> {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  const listReports = argv.includes('--reports');
  const opts = tuningOptions(
    argv.filter((a) => a !== '--reports'),
    'the replay is a tuning loop',
  );
  // BENCH_TUNING='{"onProbability":0.6}' varies the stages' constants for one replay (development seeds only).
  if (process.env.BENCH_TUNING) Object.assign(TUNING, JSON.parse(process.env.BENCH_TUNING) as Partial<typeof TUNING>);
  const truth = await loadTruth();
  const start = opts.start ?? scenarioStart(opts.days);
  const out: { layout: string; metrics: unknown; explanations: SiteExplanation[] }[] = [];
  for (const layout of opts.layouts) {
    const sites: SiteRun[] = [];
    const explanations: SiteExplanation[] = [];
    let cpu = 0;
    for (const seed of opts.seeds) {
      const scenario = truth.createScenario(layout, seed, 0, start, opts.days);
      const world = truth.createWorld(scenario);
      const minutes = Math.round((scenario.end - scenario.start) / MINUTE_MS);
      const feeder = new Feeder(
        scenario.start,
        minutes,
        scenario.site.sensors.map((_, i) => i + 1),
      );
      const batchMs = opts.batchMin * MINUTE_MS;
      for (let clock = scenario.start + batchMs; ; clock += batchMs) {
        const now = Math.min(clock, scenario.end);
        feeder.take(world.advance(now), now);
        if (now >= scenario.end) break;
      }
      const label = `${layout} seed ${seed}`;
      const { replay, explanation } = await replayAndExplain(label, scenario, feeder.posted, opts.batchMin, null);
      cpu += replay.cpuS;
      explanations.push(explanation);
      sites.push({
        label,
        start: scenario.start,
        end: scenario.end,
        sources: scenario.site.sources.map((s) => ({ key: s.key, group: s.group })),
        releases: scenario.truth.releases,
        reports: replay.reports,
        siteRates: replay.siteRates,
      });
      process.stderr.write(`[${label}] replayed in ${replay.cpuS.toFixed(1)} CPU s\n`);
      const m = matchReports(replay.reports, scenario.truth.releases, scenario.end);
      const groupOf = new Map(scenario.site.sources.map((s) => [s.key, s.group]));
      replay.reports.forEach((r, i) => {
        const rel = m.assigned[i];
        if (rel && listReports) {
          // --reports: every matched report beside the release it is scored against (companions, rate errors).
          const group = groupOf.get(r.sourceKey ?? '') ?? '?';
          const relGroup = groupOf.get(rel.sourceKey) ?? '?';
          process.stderr.write(
            `  TP ${new Date(r.start).toISOString()} ${group} ${r.rateKgH.toFixed(2)} [${(r.lowerKgH ?? 0).toFixed(2)}, ${(r.upperKgH ?? 0).toFixed(2)}] kg/h ` +
              `for ${rel.id} ${relGroup} ${rel.rateKgH.toFixed(2)} kg/h${group === relGroup ? '' : ' (other group)'}\n`,
          );
        }
        if (rel) return;
        const min = Math.round(((r.end ?? scenario.end) - r.start) / MINUTE_MS);
        const off = scenario.truth.offsite.some((o) => o.start < (r.end ?? scenario.end) && o.end > r.start);
        process.stderr.write(
          `  FP ${new Date(r.start).toISOString()} ${groupOf.get(r.sourceKey ?? '') ?? '?'} ${r.rateKgH.toFixed(2)} kg/h ${min} min${off ? ' (off-site episode)' : ''}\n`,
        );
      });
    }
    const s = score({ sites, cpuSeconds: cpu });
    out.push({ layout, metrics: { ...s.metrics, releases: s.releases, reports: s.reports }, explanations });
    const m = s.metrics;
    const f = (v: number | null) => (v === null ? '–' : Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(2));
    process.stdout.write(
      `${layout} seeds ${opts.seeds.join(',')}: releases ${s.releases} reports ${s.reports} | POD≥1 ${f(m.pod_ge_1kgh)} ` +
        `DL90 ${f(m.dl90_kgh)} | FP ${f(m.fp_share)} / ${f(m.fp_per_quiet_site_day)} per quiet day | group ${f(m.loc_group)} ` +
        `(alone ${f(s.detail.loc_group_single_source)}, several on ${f(s.detail.loc_group_multi_source)}) ` +
        `| ×2 ${f(m.within_x2_ge_1kgh)} MRE ${f(m.mean_rel_err_ge_1kgh)} / <1 ${f(m.mean_rel_err_lt_1kgh)} | cover ${f(m.interval_coverage)} ` +
        `| TTD ${f(m.ttd_median_min)} | totals ${s.detail.totals.map((t) => f(t.error)).join(',')} | CPU ${f(m.cpu_s_per_site_hour)} s/site-h\n`,
    );
    for (const e of explanations) {
      const c = CAUSES.filter((k) => e.causes[k] > 0).map((k) => `${k} ${e.causes[k]}`);
      process.stdout.write(
        `  ${e.site}: missed ≥1 kg/h: ${c.join(', ') || 'none'}; totals ${JSON.stringify(e.totals)}\n`,
      );
      for (const v of e.missed)
        process.stdout.write(
          `    ${v.release} ${v.group} ${v.rateKgH} kg/h ${v.durationMin} min: ${v.cause} (steps ${v.steps}, observable ${v.observableSteps}, on ${v.onSteps}) best ${JSON.stringify(v.best)}\n`,
        );
    }
  }
  const json = opts.json;
  if (json) writeFileSync(json, `${JSON.stringify(out, null, 1)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof ArgError ? 2 : 1);
});
