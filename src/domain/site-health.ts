// Model freshness and the Site Health quick filters (spec 1 §4, §9).
export type Freshness = 'success' | 'warning' | 'error' | 'disabled';

export const MODEL_WARNING_HOURS = 1.5;
export const MODEL_ERROR_HOURS = 12;

const hoursSince = (value: string | null, now: number) =>
  value === null ? Infinity : (now - new Date(value).getTime()) / 3_600_000;

/** Model Last Run / Processed Up To colour: missing or ≥ 12 h error, ≥ 1.5 h warning, else success; 'disabled' with the pipeline off. */
export function modelFreshness(value: string | null, pipelineOn: boolean, now: number = Date.now()): Freshness {
  if (!pipelineOn) return 'disabled';
  const h = hoursSince(value, now);
  if (!Number.isFinite(h) || h >= MODEL_ERROR_HOURS) return 'error';
  if (h >= MODEL_WARNING_HOURS) return 'warning';
  return 'success';
}

export interface ModelState {
  modellingPipelineIsOn: boolean;
  lastRunTime: string | null;
  processedUpTo: string | null;
}

export const SITE_HEALTH_QUICK_FILTERS = ['Delayed', 'Running', 'Never Run', 'Model Issues'] as const;
export type SiteHealthQuickFilter = (typeof SITE_HEALTH_QUICK_FILTERS)[number];

/** The quick filters' exact rules (spec 1 §9). */
export function matchesQuickFilter(filter: SiteHealthQuickFilter, m: ModelState, now: number = Date.now()): boolean {
  switch (filter) {
    case 'Delayed': {
      const processed = hoursSince(m.processedUpTo, now);
      return m.modellingPipelineIsOn && hoursSince(m.lastRunTime, now) <= 1 && processed >= 11 && processed < 12;
    }
    case 'Running':
      return m.modellingPipelineIsOn;
    case 'Never Run':
      return m.lastRunTime === null;
    case 'Model Issues':
      return m.modellingPipelineIsOn && hoursSince(m.processedUpTo, now) >= 12;
  }
}
