// The Site Health grid's columns and quick filters: sortable values, staff-only and Show Deleted columns, and the
// filters evaluated at the refresh's time.
import { describe, expect, it } from 'vitest';
import type { SiteHealthRow } from '@/contracts/site-health';
import { SITE_HEALTH_QUICK_FILTERS } from '@/domain/site-health';
import { siteHealthColumns, siteHealthQuickFilters } from '@/features/site-health/site-health-columns';

const row: SiteHealthRow = {
  id: 7,
  name: 'Juniper Pad',
  alias: null,
  siteGroups: ['North', 'Permian'],
  organization: 'Acme',
  emissionSourceCount: 3,
  devices: [],
  freshdeskTickets: [],
  symptomPrimaryNames: ['Inlet blocked'],
  modellingPipeline: {
    isOn: true,
    lastRunTime: '2026-05-01T00:00:00Z',
    processedUpTo: '2026-05-01T00:00:00Z',
    isBlocked: true,
    blockReason: 'No emission sources',
  },
  deletedAt: null,
};

const options = { tz: 'UTC', format: '24-hr' as const, canOpenDevice: true, internal: false, showDeleted: false };
const ids = (o: Partial<typeof options> = {}) => siteHealthColumns({ ...options, ...o }).map((c) => c.id);
const column = (id: string) => siteHealthColumns(options).find((c) => c.id === id)!;

describe('site health columns', () => {
  it('gives the values the grid sorts, searches and exports', () => {
    expect(column('groups').value(row)).toBe('North, Permian');
    expect(column('modelOn').value(row)).toBe('On');
    expect(column('modelBlocked').value(row)).toBe('No emission sources');
    expect(
      column('modelBlocked').value({ ...row, modellingPipeline: { ...row.modellingPipeline, isBlocked: false } }),
    ).toBe('');
    expect(column('modelLastRun').exportValue?.(row)).toBe('2026-05-01T00:00:00Z');
  });

  it('adds Symptom Primary for provider staff and Deleted with Show Deleted', () => {
    expect(ids()).not.toContain('symptomPrimary');
    expect(ids({ internal: true })).toContain('symptomPrimary');
    expect(ids()).not.toContain('deleted');
    expect(ids({ showDeleted: true }).at(-1)).toBe('deleted');
  });

  it('evaluates the quick filters at the refresh’s time', () => {
    const filters = siteHealthQuickFilters(Date.parse('2026-05-01T00:30:00Z'));
    expect(filters.map((f) => f.id)).toEqual([...SITE_HEALTH_QUICK_FILTERS]);
    const running = filters.find((f) => f.id === 'Running')!;
    expect(running.predicate?.(row)).toBe(true);
    const neverRun = filters.find((f) => f.id === 'Never Run')!;
    expect(neverRun.predicate?.(row)).toBe(false);
    expect(neverRun.predicate?.({ ...row, modellingPipeline: { ...row.modellingPipeline, lastRunTime: null } })).toBe(
      true,
    );
    expect(running.predicate?.({ ...row, modellingPipeline: { ...row.modellingPipeline, isOn: false } })).toBe(false);
    // Twelve hours behind is a model issue only once twelve hours have passed since the data it processed.
    const issues = (now: string) => siteHealthQuickFilters(Date.parse(now)).find((f) => f.id === 'Model Issues')!;
    expect(issues('2026-05-01T00:30:00Z').predicate?.(row)).toBe(false);
    expect(issues('2026-05-01T12:30:00Z').predicate?.(row)).toBe(true);
  });
});
