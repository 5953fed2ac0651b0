// The period bar chart's geometry: nice axis tops, stacked bars, projection outlines, labels, broken lines, legend.
import { describe, expect, it } from 'vitest';
import { niceMax, PAD, periodBarLayout, type PeriodBarInput } from '@/ui/chart/period-bar-layout';

const base: PeriodBarInput = {
  width: 448, // a plot 300 wide
  height: 250, // and 200 high
  categories: ['Jan 2026', 'Feb 2026', 'Mar 2026'],
  stacks: [
    { name: 'A', color: 'red', values: [10, 20, 5] },
    { name: 'B', color: 'blue', values: [10, 0, 5] },
  ],
  lines: [],
  minYMax: 5,
  minRightMax: 1,
};

describe('periodBarLayout', () => {
  it('rounds axis tops up to 1, 2, 2.5, 5 or 10 times a power of ten, never below the minimum', () => {
    expect([0, 0.7, 1, 1.5, 2.2, 3, 7, 12, 240].map(niceMax)).toEqual([1, 1, 1, 2, 2.5, 5, 10, 20, 250]);
    expect(
      periodBarLayout({ ...base, stacks: [{ name: 'A', color: 'red', values: [1] }], categories: ['x'] }).yMax,
    ).toBe(5);
  });

  it('tops the left axis at the tallest stack, and ticks it in five steps from the plot bottom up', () => {
    const l = periodBarLayout(base);
    expect(l.yMax).toBe(20);
    expect(l.ticks.map((t) => t.value)).toEqual([0, 4, 8, 12, 16, 20]);
    expect(l.ticks[0]!.y).toBe(PAD.top + 200);
    expect(l.ticks[5]!.y).toBe(PAD.top);
  });

  it('stacks the bars of a period on one another, centred in its slot', () => {
    const [jan] = periodBarLayout(base).periods;
    const [a, b] = jan!.bars;
    expect(jan!.x).toBe(PAD.left + 50);
    expect(a).toMatchObject({ name: 'A', y: PAD.top + 100, height: 100, width: 60, x: PAD.left + 20 });
    expect(b).toMatchObject({ name: 'B', y: PAD.top, height: 100 });
  });

  it('outlines a projection where there is one, counting it in the axis top', () => {
    const l = periodBarLayout({ ...base, projection: { name: 'Projected', color: 'grey', values: [null, null, 38] } });
    expect(l.yMax).toBe(50);
    expect(l.periods.map((p) => p.projection === null)).toEqual([true, true, false]);
    expect(l.periods[2]!.projection).toMatchObject({ y: PAD.top + 200 - (38 / 50) * 200 });
    expect(l.legend.map((g) => g.name)).toEqual(['A', 'B', 'Projected']);
  });

  it('leaves a projection with no value out of the legend', () => {
    const l = periodBarLayout({
      ...base,
      projection: { name: 'Projected', color: 'grey', values: [null, null, null] },
    });
    expect(l.legend.map((g) => g.name)).toEqual(['A', 'B']);
  });

  it('breaks a line at a missing value and draws a right-axis line against its own top', () => {
    const l = periodBarLayout({
      ...base,
      categories: ['1', '2', '3', '4'],
      lines: [
        { name: 'Target', color: 'green', values: [10, 12, null, 14], dashed: true },
        { name: 'Rate', color: 'black', values: [0.2, 0.4, 0.8, 1.6], rightAxis: true },
      ],
    });
    const [target, rate] = l.lines;
    expect(target!.segments).toHaveLength(1); // the lone point after the gap is a dot, not a segment
    expect(target!.dots.map((d) => d.i)).toEqual([0, 1, 3]);
    expect(l.hasRight).toBe(true);
    expect(l.rightMax).toBe(2);
    expect(rate!.dots[3]!.cy).toBeCloseTo(PAD.top + 200 - (1.6 / 2) * 200);
    expect(l.legend.map((g) => [g.name, g.line, g.dashed])).toEqual([
      ['A', false, false],
      ['B', false, false],
      ['Target', true, true],
      ['Rate', true, false],
    ]);
  });

  it("labels 'Mar 2026' as Mar over 2026, and only every few periods when slots are narrow", () => {
    expect(periodBarLayout(base).periods[2]!.label).toEqual({ text: 'Mar', under: '2026' });
    const days = Array.from({ length: 30 }, (_, i) => String(i + 1));
    const l = periodBarLayout({ ...base, categories: days, stacks: [] });
    // slots of 10 px: a label every 5th period
    expect(l.periods.filter((p) => p.label).map((p) => p.label!.text)).toEqual(['1', '6', '11', '16', '21', '26']);
    expect(l.periods[0]!.label!.under).toBeNull();
  });
});
