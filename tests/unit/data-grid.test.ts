import { describe, expect, it } from 'vitest';
import { BlockCache, type BlockRequest } from '@/ui/data-grid/block-cache';
import { FILTER_TYPES, FILTER_TYPES_BY_KIND, isActiveFilter, matchesFilter } from '@/domain/grid-filter';

describe('grid column filters (spec 1 §3)', () => {
  it('offers every filter type of the spec across the column kinds', () => {
    const offered = new Set(Object.values(FILTER_TYPES_BY_KIND).flat());
    expect([...offered].sort()).toEqual([...FILTER_TYPES].sort());
  });

  it('filters text case-insensitively', () => {
    const t = (type: (typeof FILTER_TYPES)[number], value: string, cell: string | null) =>
      matchesFilter(cell, { type, value }, 'text');
    expect(t('contains', 'PERM', 'Permian Basin')).toBe(true);
    expect(t('not contains', 'perm', 'Permian Basin')).toBe(false);
    expect(t('equals', 'permian basin', 'Permian Basin')).toBe(true);
    expect(t('not equal', 'permian', 'Permian Basin')).toBe(true);
    expect(t('starts with', 'perm', 'Permian Basin')).toBe(true);
    expect(t('ends with', 'basin', 'Permian Basin')).toBe(true);
    expect(t('ends with', 'perm', 'Permian Basin')).toBe(false);
    expect(matchesFilter('', { type: 'blank' }, 'text')).toBe(true);
    expect(matchesFilter(null, { type: 'blank' }, 'text')).toBe(true);
    expect(matchesFilter('x', { type: 'not blank' }, 'text')).toBe(true);
    expect(matchesFilter('  ', { type: 'not blank' }, 'text')).toBe(false);
  });

  it('compares numbers as numbers, with an inclusive range in either order', () => {
    const n = (type: (typeof FILTER_TYPES)[number], cell: number | null, value: string, valueTo?: string) =>
      matchesFilter(cell, { type, value, valueTo }, 'number');
    expect(n('greater than', 10, '9')).toBe(true);
    expect(n('greater than', 9, '10')).toBe(false);
    expect(n('less than', 2, '10')).toBe(true);
    expect(n('equals', 3, '3.0')).toBe(true);
    expect(n('in range', 5, '10', '5')).toBe(true);
    expect(n('in range', 11, '5', '10')).toBe(false);
    expect(n('greater than', null, '1')).toBe(false);
    expect(n('not equal', null, '1')).toBe(true);
  });

  it('compares dates by calendar day', () => {
    const cell = '2026-03-04T18:30:00Z';
    expect(matchesFilter(cell, { type: 'equals', value: '2026-03-04' }, 'date')).toBe(true);
    expect(matchesFilter(cell, { type: 'greater than', value: '2026-03-03' }, 'date')).toBe(true);
    expect(matchesFilter(cell, { type: 'in range', value: '2026-03-01', valueTo: '2026-03-04' }, 'date')).toBe(true);
    expect(matchesFilter(cell, { type: 'less than', value: '2026-03-04' }, 'date')).toBe(false);
  });

  it('ignores a filter whose value is not typed yet', () => {
    expect(isActiveFilter({ type: 'contains', value: '  ' })).toBe(false);
    expect(isActiveFilter({ type: 'in range', value: '1' })).toBe(false);
    expect(isActiveFilter({ type: 'blank' })).toBe(true);
    expect(matchesFilter('anything', { type: 'equals', value: '' }, 'text')).toBe(true);
  });
});

describe('server-side block cache', () => {
  function setup(total: number, blockSize = 40, maxBlocks = 3) {
    const requests: BlockRequest[] = [];
    const pending: (() => void)[] = [];
    let changes = 0;
    const cache = new BlockCache<number>(
      (r) => {
        requests.push(r);
        return new Promise((resolve) => {
          pending.push(() => {
            const rows = Array.from(
              { length: Math.max(0, Math.min(r.endRow, total) - r.startRow) },
              (_, i) => r.startRow + i,
            );
            resolve({ rows, totalRows: total, lastRow: null });
          });
        });
      },
      blockSize,
      maxBlocks,
      () => changes++,
    );
    const flush = async () => {
      while (pending.length) pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { cache, requests, flush, changes: () => changes };
  }

  it('asks for startRow/endRow blocks and knows the total from the first answer', async () => {
    const { cache, requests, flush } = setup(1_000_000);
    expect(cache.row(5)).toBeUndefined();
    cache.touch(0, 45);
    expect(requests.map((r) => [r.startRow, r.endRow])).toEqual([
      [0, 40],
      [40, 80],
    ]);
    await flush();
    expect(cache.rowCount).toBe(1_000_000);
    expect(cache.row(45)).toBe(45);
    expect(requests).toHaveLength(2);
  });

  it('keeps at most three blocks, dropping the least recently used and aborting its load', async () => {
    const { cache, requests, flush } = setup(1_000_000);
    cache.touch(0, 0);
    cache.touch(400, 400);
    cache.touch(800, 800);
    cache.touch(0, 0);
    cache.touch(1200, 1200);
    expect(cache.blockCount).toBe(3);
    expect(requests[1]!.signal.aborted).toBe(true);
    await flush();
    expect(cache.row(0)).toBe(0);
    expect(cache.row(1200)).toBe(1200);
    cache.row(400);
    expect(requests).toHaveLength(5);
  });

  it('ignores answers that arrive after a reset', async () => {
    const { cache, requests, flush } = setup(100);
    cache.touch(0, 10);
    cache.reset();
    expect(requests[0]!.signal.aborted).toBe(true);
    await flush();
    expect(cache.complete).toBe(false);
    expect(cache.blockCount).toBe(0);
  });

  it('learns the end from a short block when the server gives no total', async () => {
    const answers: number[] = [];
    const cache = new BlockCache<number>(
      async (r) => {
        const rows = Array.from({ length: Math.max(0, Math.min(r.endRow, 90) - r.startRow) }, (_, i) => r.startRow + i);
        answers.push(rows.length);
        return { rows };
      },
      40,
      3,
      () => undefined,
    );
    cache.touch(0, 0);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.complete).toBe(false);
    expect(cache.rowCount).toBe(80);
    cache.touch(41, 81);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.complete).toBe(true);
    expect(cache.rowCount).toBe(90);
  });
});
