// Per site: the offline replay of the pipeline on the posted readings, turned into the verdicts of the releases a
// method's reports missed (≥ 1 kg/h) and the split of the site total's error (see verdicts.ts).
import type { Scenario } from '../truth/types';
import type { PostedSeries } from './feed';
import { matchReports, type Report } from './match';
import { replayPipeline, type ReplayResult } from './replay';
import { causeCounts, releaseVerdicts, totalsBreakdown, type Cause, type ReleaseVerdict } from './verdicts';

export interface SiteExplanation {
  site: string;
  missed: ReleaseVerdict[];
  causes: Record<Cause, number>;
  totals: ReturnType<typeof totalsBreakdown>;
  /** The replay's own reports agree with the scored ones this far (releases detected by both / either). */
  replayAgreement: { both: number; consoleOnly: number; replayOnly: number };
  replayCpuS: number;
}

/** Releases of at least this rate get a verdict when missed (the POD target's range). */
export const VERDICT_MIN_KGH = 1;

export function explainSite(
  label: string,
  scenario: Scenario,
  replay: ReplayResult,
  reports: readonly Report[],
  siteRates: readonly { time: number; rate: number }[],
): SiteExplanation {
  const releases = scenario.truth.releases;
  const scored = matchReports(reports, releases, scenario.end).detected;
  const replayed = matchReports(replay.reports, releases, scenario.end).detected;
  const detectedIds = new Set(releases.filter((_, i) => scored[i]).map((r) => r.id));
  const replayIds = new Set(releases.filter((_, i) => replayed[i]).map((r) => r.id));
  const missed = releases.filter((r, i) => !scored[i] && r.rateKgH >= VERDICT_MIN_KGH);
  const verdicts = releaseVerdicts(scenario, replay.steps, missed, replayIds);
  let both = 0;
  let consoleOnly = 0;
  let replayOnly = 0;
  releases.forEach((_, i) => {
    if (scored[i] && replayed[i]) both++;
    else if (scored[i]) consoleOnly++;
    else if (replayed[i]) replayOnly++;
  });
  return {
    site: label,
    missed: verdicts,
    causes: causeCounts(verdicts),
    totals: totalsBreakdown(scenario, siteRates, detectedIds),
    replayAgreement: { both, consoleOnly, replayOnly },
    replayCpuS: replay.cpuS,
  };
}

/** Replays the pipeline on a site's posted readings and explains the given reports (the console's, or the replay's). */
export async function replayAndExplain(
  label: string,
  scenario: Scenario,
  posted: PostedSeries,
  batchMin: number,
  scored: { reports: readonly Report[]; siteRates: readonly { time: number; rate: number }[] } | null,
): Promise<{ replay: ReplayResult; explanation: SiteExplanation }> {
  const replay = await replayPipeline(scenario, posted, batchMin);
  const s = scored ?? { reports: replay.reports, siteRates: replay.siteRates };
  return { replay, explanation: explainSite(label, scenario, replay, s.reports, s.siteRates) };
}
