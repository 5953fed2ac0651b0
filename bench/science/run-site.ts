// One scenario through the console: set the site up, advance the simulated clock batch by batch posting what has
// arrived, wait for the pipeline (when there is one) to process, note when each emission first appears, and read
// everything back at the end.
import type { Scenario } from '../truth/types';
import { StepError, type RunningConsole } from './console';
import type { TruthEngine } from './engines';
import { batches, Feeder, MINUTE_MS, type PostedSeries } from './feed';
import type { Report } from './match';
import {
  probeSourceRates,
  readEmissions,
  readSiteRates,
  readStatus,
  type ConsoleEmission,
  type PipelineStatus,
} from './readback';
import { createSite } from './setup';

const DAY_MS = 86_400_000;
/** The pipeline may lag the clock by its context window (an hour) before a batch counts as processed. */
const PROCESS_LAG_MS = 60 * MINUTE_MS;
/**
 * Within that bound, how long the pipeline may stand still short of the newest readings before its emissions are read
 * (a lagging device or a longer look-ahead can hold it there); while it advances, the harness waits on, since reading
 * before a batch's steps ran measured the race as time to detection.
 */
const CATCH_UP_MS = 2_000;
/** Emissions re-read each batch: a 2-day look-back catches rows whose start was refined backwards. */
const LOOKBACK_MS = 2 * DAY_MS;

export interface SiteRunOptions {
  batchMin: number;
  stepTimeoutS: number;
  /** Whether to run the console's pipeline when it has one (its status answers isBlocked). */
  pipeline: boolean;
  /** How the site is named in progress lines (test seeds are never printed). */
  label: string;
  log: (m: string) => void;
}

export interface SiteResult {
  scenario: Scenario;
  /** The console answers the pipeline's status model (isBlocked): a pipeline exists. */
  pipelinePresent: boolean;
  label: string;
  posted: PostedSeries;
  /** Pipeline reports and 15-min site rates, when the console has a pipeline. */
  pipelineReports: Report[] | null;
  pipelineRates: { time: number; rate: number }[] | null;
  /** Console CPU seconds while this site ran (ingestion and API serving included). */
  consoleCpuS: number;
  sourceRates: boolean;
  postedSamples: number;
  maxHeldLate: number;
  wallS: number;
  /** Wall seconds simulating the truth, posting readings, and waiting for and reading the pipeline. */
  truthS: number;
  ingestS: number;
  waitS: number;
}

export const hasPipeline = (status: PipelineStatus): boolean => typeof status.isBlocked === 'boolean';

/**
 * Waits until the pipeline has processed what it can: past the newest CH4 it was sent, or, if it stops short of that
 * (no progress for CATCH_UP_MS) while within an hour of it (a console with a longer look-ahead, a device a minute
 * behind), that much (during a site-wide comms gap nothing new arrives, so the clock alone would be an unreachable
 * target); or until it says the site is blocked. Only the lenient bound fails the run.
 */
async function waitProcessed(
  con: RunningConsole,
  orgId: number,
  siteId: number,
  clock: number,
  newestCh4: number,
  opts: SiteRunOptions,
  label: string,
): Promise<void> {
  // Processed up to the newest CH4 it was sent (a step boundary at or after it). Flooring it to a step boundary (until
  // session 26) returned one step early whenever the newest reading was not stamped exactly on a boundary (the
  // devices' delivery latency makes it a minute short): a report opened by the batch's last step was seen a batch,
  // 30 minutes, late (metec dev 101: 7 of 12 releases ≥ 3 kg/h, console 54 min median against the replay's 33).
  const caughtUp = Math.min(clock, newestCh4);
  const target = caughtUp - PROCESS_LAG_MS;
  const deadline = Date.now() + opts.stepTimeoutS * 1000;
  let last: PipelineStatus | null = null;
  let metAt: number | null = null;
  let seen = -Infinity;
  for (;;) {
    last = await readStatus(con.api, orgId, siteId);
    if (last.isBlocked === true) return;
    const processed = last.processedUpTo === null ? -Infinity : Date.parse(last.processedUpTo);
    if (processed >= caughtUp) return;
    // Still advancing: a loaded machine takes more than CATCH_UP_MS for a batch's steps, and leaving then measured the
    // load as time to detection (session 26, four sites at once). Only a pipeline that stopped short waits it out.
    if (processed > seen) {
      seen = processed;
      metAt = null;
    }
    if (processed >= target) {
      metAt ??= Date.now();
      if (Date.now() - metAt >= CATCH_UP_MS) return;
    }
    if (Date.now() > deadline) {
      throw new StepError(
        'wait for the modelling pipeline',
        `${label} (site ${siteId}) at simulated ${new Date(clock).toISOString()}: not processed up to ${new Date(target).toISOString()} within ${opts.stepTimeoutS} s; last status ${JSON.stringify(last)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runSite(
  con: RunningConsole,
  truth: TruthEngine,
  scenario: Scenario,
  orgId: number,
  siteNumber: number,
  opts: SiteRunOptions,
): Promise<SiteResult> {
  const wall0 = Date.now();
  const cpu0 = con.cpuSeconds();
  const label = opts.label;
  const handles = await createSite(con.api, orgId, scenario, siteNumber, `Bench ${label} #${siteNumber}`);
  const { siteId } = handles;
  const pipelinePresent = hasPipeline(await readStatus(con.api, orgId, siteId));
  const pipeline = opts.pipeline && pipelinePresent;
  if (pipeline) {
    await con.api.must('start the modelling pipeline', 'POST', '/api/site/startModellingPipeline/', {
      body: { organizationId: orgId, siteId, startDate: new Date(scenario.start).toISOString() },
    });
  }
  const world = truth.createWorld(scenario);
  const minutes = Math.round((scenario.end - scenario.start) / MINUTE_MS);
  const feeder = new Feeder(scenario.start, minutes, handles.deviceIds);
  const firstSeen = new Map<number, number>();
  const batchMs = opts.batchMin * MINUTE_MS;
  let lastDay = -1;
  let truthS = 0;
  let ingestS = 0;
  let waitS = 0;
  for (let clock = scenario.start + batchMs; ; clock += batchMs) {
    const now = Math.min(clock, scenario.end);
    const t0 = Date.now();
    const chunk = world.advance(now);
    const samples = feeder.take(chunk, now);
    const t1 = Date.now();
    truthS += (t1 - t0) / 1000;
    for (const part of batches(samples)) {
      await con.api.must(
        `ingest readings (${label}, simulated ${new Date(now).toISOString()})`,
        'POST',
        '/api/data/ingest/',
        {
          body: { organizationId: orgId, samples: part },
        },
      );
    }
    const t2 = Date.now();
    ingestS += (t2 - t1) / 1000;
    if (pipeline) {
      await waitProcessed(con, orgId, siteId, now, feeder.newestCh4, opts, label);
      const seen = await readEmissions(con.api, 'read emissions', orgId, siteId, now - LOOKBACK_MS, now);
      for (const e of seen) if (!firstSeen.has(e.id)) firstSeen.set(e.id, now);
      waitS += (Date.now() - t2) / 1000;
    }
    const day = Math.floor((now - 1 - scenario.start) / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      opts.log(
        `[${label}] simulated day ${day + 1}/${Math.round(minutes / 1440)}, wall ${((Date.now() - wall0) / 1000).toFixed(0)} s`,
      );
    }
    if (now >= scenario.end) break;
  }

  let pipelineReports: Report[] | null = null;
  let pipelineRates: { time: number; rate: number }[] | null = null;
  let sourceRates = false;
  if (pipeline) {
    // A pipeline that never processed a window would score as zeros: fail the run instead, saying so.
    const final = await readStatus(con.api, orgId, siteId);
    if (final.processedUpTo === null || Date.parse(final.processedUpTo) <= scenario.start) {
      throw new StepError(
        'modelling pipeline processing',
        `${label} (site ${siteId}): no window processed over the whole run; last status ${JSON.stringify(final)}`,
      );
    }
    const emissions = await readEmissions(con.api, 'read back emissions', orgId, siteId, scenario.start, scenario.end);
    pipelineReports = emissions.map((e: ConsoleEmission) => ({
      id: `p${e.id}`,
      sourceKey: e.sourceId === null ? null : (handles.sourceKeyById.get(e.sourceId) ?? null),
      start: e.start,
      end: e.end,
      rateKgH: e.rateKgH,
      lowerKgH: e.lowerKgH,
      upperKgH: e.upperKgH,
      firstSeenAt: firstSeen.get(e.id) ?? scenario.end,
    }));
    pipelineRates = await readSiteRates(con.api, orgId, siteId, scenario.start, scenario.end);
    sourceRates = (await probeSourceRates(con.api, orgId, siteId)) !== null;
  }
  return {
    scenario,
    pipelinePresent,
    label,
    posted: feeder.posted,
    pipelineReports,
    pipelineRates,
    consoleCpuS: con.cpuSeconds() - cpu0,
    sourceRates,
    postedSamples: feeder.postedSamples,
    maxHeldLate: feeder.heldLate,
    wallS: (Date.now() - wall0) / 1000,
    truthS,
    ingestS,
    waitS,
  };
}
