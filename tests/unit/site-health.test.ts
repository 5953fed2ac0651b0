import { describe, expect, it } from 'vitest';
import { matchesQuickFilter, modelFreshness } from '@/domain/site-health';

const now = Date.UTC(2026, 10, 22, 12);
const ago = (h: number) => new Date(now - h * 3_600_000).toISOString();

describe('model freshness colours', () => {
  it('is green under 1.5 h, amber from 1.5 h, red from 12 h or when missing, disabled with the pipeline off', () => {
    expect(modelFreshness(ago(1.49), true, now)).toBe('success');
    expect(modelFreshness(ago(1.5), true, now)).toBe('warning');
    expect(modelFreshness(ago(11.99), true, now)).toBe('warning');
    expect(modelFreshness(ago(12), true, now)).toBe('error');
    expect(modelFreshness(null, true, now)).toBe('error');
    expect(modelFreshness(ago(0.1), false, now)).toBe('disabled');
  });
});

describe('Site Health quick filters', () => {
  it('Delayed: on, last run within 1 h, processed 11 to 12 h ago', () => {
    expect(
      matchesQuickFilter(
        'Delayed',
        { modellingPipelineIsOn: true, lastRunTime: ago(0.5), processedUpTo: ago(11.5) },
        now,
      ),
    ).toBe(true);
    expect(
      matchesQuickFilter(
        'Delayed',
        { modellingPipelineIsOn: true, lastRunTime: ago(1.5), processedUpTo: ago(11.5) },
        now,
      ),
    ).toBe(false);
    expect(
      matchesQuickFilter(
        'Delayed',
        { modellingPipelineIsOn: true, lastRunTime: ago(0.5), processedUpTo: ago(12) },
        now,
      ),
    ).toBe(false);
    expect(
      matchesQuickFilter(
        'Delayed',
        { modellingPipelineIsOn: false, lastRunTime: ago(0.5), processedUpTo: ago(11.5) },
        now,
      ),
    ).toBe(false);
  });
  it('Model Issues: on and processed 12 h ago or more; Running: on; Never Run: no last run', () => {
    expect(
      matchesQuickFilter(
        'Model Issues',
        { modellingPipelineIsOn: true, lastRunTime: ago(1), processedUpTo: ago(12) },
        now,
      ),
    ).toBe(true);
    expect(
      matchesQuickFilter('Model Issues', { modellingPipelineIsOn: true, lastRunTime: null, processedUpTo: null }, now),
    ).toBe(true);
    expect(
      matchesQuickFilter('Running', { modellingPipelineIsOn: true, lastRunTime: null, processedUpTo: null }, now),
    ).toBe(true);
    expect(
      matchesQuickFilter('Never Run', { modellingPipelineIsOn: false, lastRunTime: null, processedUpTo: null }, now),
    ).toBe(true);
    expect(
      matchesQuickFilter('Never Run', { modellingPipelineIsOn: true, lastRunTime: ago(3), processedUpTo: null }, now),
    ).toBe(false);
  });
});
