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
  /**
   * Releases ≥ 3 kg/h (the TTD target's range) detected by both: minutes from the release's start to the first report
   * seen by the console and by the replay. The replay reads every posted reading at its step, late ones included; the
   * console models a step without a device that lags and recomputes it when the readings arrive, so the two differ by
   * a batch or two, either way.
   */
  detectionDelays: { release: string; consoleMin: number; replayMin: number }[];
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
  const scoredMatch = matchReports(reports, releases, scenario.end);
  const replayMatch = matchReports(replay.reports, releases, scenario.end);
  const scored = scoredMatch.detected;
  const replayed = replayMatch.detected;
  const detectedIds = new Set(releases.filter((_, i) => scored[i]).map((r) => r.id));
  const replayIds = new Set(releases.filter((_, i) => replayed[i]).map((r) => r.id));
  const missed = releases.filter((r, i) => !scored[i] && r.rateKgH >= VERDICT_MIN_KGH);
  const verdicts = releaseVerdicts(scenario, replay.steps, missed, replayIds);
  let both = 0;
  let consoleOnly = 0;
  let replayOnly = 0;
  const detectionDelays: SiteExplanation['detectionDelays'] = [];
  releases.forEach((rel, i) => {
    if (scored[i] && replayed[i] && rel.rateKgH >= 3) {
      const consoleMin = delayMin(rel.start, scoredMatch.matchingReports[i]!);
      const replayMin = delayMin(rel.start, replayMatch.matchingReports[i]!);
      if (consoleMin !== null && replayMin !== null) detectionDelays.push({ release: rel.id, consoleMin, replayMin });
    }
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
    detectionDelays,
    replayCpuS: replay.cpuS,
  };
}

/** Minutes from a release's start to the first sight of any of its matching reports (as the scorer's TTD). */
function delayMin(start: number, matching: readonly Report[]): number | null {
  const seen = matching.map((r) => r.firstSeenAt).filter((t): t is number => t !== null);
  return seen.length ? Math.max(0, Math.min(...seen) - start) / 60_000 : null;
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
