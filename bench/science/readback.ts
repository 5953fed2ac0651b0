// Reading a site's results back through the API: emissions (with the pipeline's bounds when it gives them), 15-min
// site rates, and the modelling pipeline's status. Nothing here reads the pipeline's internals.
import type { ConsoleApi } from './console';

const DAY_MS = 86_400_000;
/** Read windows well under the API's 365-day range limit and 5,000-emission answer cap. */
const READ_WINDOW_MS = 7 * DAY_MS;

export interface ConsoleEmission {
  id: number;
  sourceId: number | null;
  start: number;
  end: number | null;
  rateKgH: number;
  lowerKgH: number | null;
  upperKgH: number | null;
}

export interface PipelineStatus {
  isOn: boolean;
  processedUpTo: string | null;
  /** Absent until the console has a modelling pipeline (the status model then answers it). */
  isBlocked?: boolean;
  [key: string]: unknown;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function toEmission(raw: Record<string, unknown>): ConsoleEmission {
  return {
    id: Number(raw.id),
    sourceId: num(raw.sourceId),
    start: Date.parse(String(raw.startTime)),
    end: raw.endTime === null || raw.endTime === undefined ? null : Date.parse(String(raw.endTime)),
    rateKgH: num(raw.rate) ?? 0,
    lowerKgH: num(raw.rateLower),
    upperKgH: num(raw.rateUpper),
  };
}

const range = (siteId: number, organizationId: number, t0: number, t1: number) => ({
  organizationId,
  siteId,
  startTime: new Date(t0).toISOString(),
  endTime: new Date(t1).toISOString(),
});

export async function readEmissions(
  api: ConsoleApi,
  step: string,
  organizationId: number,
  siteId: number,
  t0: number,
  t1: number,
): Promise<ConsoleEmission[]> {
  const byId = new Map<number, ConsoleEmission>();
  for (let a = t0; a < t1; a += READ_WINDOW_MS) {
    const b = Math.min(t1, a + READ_WINDOW_MS);
    const rows = await api.must<Record<string, unknown>[]>(step, 'GET', '/api/emissions/siteEmissions/', {
      query: range(siteId, organizationId, a, Math.max(b, a + 3_600_000)),
    });
    for (const r of rows) byId.set(Number(r.id), toEmission(r));
  }
  return [...byId.values()].sort((p, q) => p.start - q.start || p.id - q.id);
}

export async function readSiteRates(
  api: ConsoleApi,
  organizationId: number,
  siteId: number,
  t0: number,
  t1: number,
): Promise<{ time: number; rate: number }[]> {
  const byTime = new Map<number, number>();
  for (let a = t0; a < t1; a += READ_WINDOW_MS) {
    const b = Math.min(t1, a + READ_WINDOW_MS);
    const rows = await api.must<{ time: number; rate: number }[]>('read site rates', 'GET', '/api/data/siteRateData/', {
      query: range(siteId, organizationId, a, b),
    });
    // Window edges are inclusive on both sides: a step on an edge is read twice and kept once.
    for (const r of rows) byTime.set(r.time, r.rate);
  }
  return [...byTime].map(([time, rate]) => ({ time, rate })).sort((p, q) => p.time - q.time);
}

/** Per-source rates, where the console has an API for them (modelling.md §1.7 'Site rate average'); null when it has none. */
export async function probeSourceRates(api: ConsoleApi, organizationId: number, siteId: number): Promise<unknown> {
  const answer = await api.call('GET', '/api/data/siteRateAverage/', {
    query: { organizationId, siteId, rollingAveragePeriod: '30 days' },
  });
  return answer.status >= 200 && answer.status < 300 ? answer.body : null;
}

export const readStatus = (api: ConsoleApi, organizationId: number, siteId: number): Promise<PipelineStatus> =>
  api.must<PipelineStatus>('read modelling pipeline status', 'GET', '/api/site/modellingPipelineStatusModel/', {
    query: { organizationId, siteId },
  });
