import { describe, expect, it } from 'vitest';
import { squarify } from '@/features/emission-analytics/treemap-layout';

describe('squarified treemap', () => {
  it('gives each item an area proportional to its value, tiling the whole box without overlap', () => {
    const items = [{ v: 6 }, { v: 6 }, { v: 4 }, { v: 3 }, { v: 2 }, { v: 2 }, { v: 1 }];
    const rects = squarify(items, (i) => i.v, 600, 400);
    expect(rects).toHaveLength(7);
    const total = 24;
    for (const r of rects) expect(r.w * r.h).toBeCloseTo((r.item.v / total) * 600 * 400, 6);
    expect(rects.reduce((s, r) => s + r.w * r.h, 0)).toBeCloseTo(600 * 400, 6);
    for (const a of rects)
      for (const b of rects) {
        if (a === b) continue;
        const overlapX = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const overlapY = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        expect(overlapX <= 1e-6 || overlapY <= 1e-6).toBe(true);
      }
    // Squarified: no sliver worse than 1:4 for this classic example.
    for (const r of rects) expect(Math.max(r.w / r.h, r.h / r.w)).toBeLessThan(4);
  });
  it('drops zero and negative values and answers nothing for an empty box', () => {
    expect(squarify([{ v: 0 }, { v: -1 }], (i) => i.v, 100, 100)).toEqual([]);
    expect(squarify([{ v: 1 }], (i) => i.v, 0, 100)).toEqual([]);
    expect(squarify([{ v: 1 }], (i) => i.v, 100, 50)).toEqual([{ item: { v: 1 }, x: 0, y: 0, w: 100, h: 50 }]);
  });
});
