// Localization on the site map and in the emission rows (issue 22 item 4): probability formatting and the layer
// builder's marks (focused emission's candidates, or each emitting source's mean), sources without a position skipped,
// and the rate chart's source view series with their bands.
import { describe, expect, it } from 'vitest';
import type { EmissionLocalization, SiteEmission, SiteRateAverage, SiteSource } from '@/contracts/site-dashboard';
import {
  formatProbability,
  localizationLayers,
  localizationMarks,
  sourceWithProbability,
} from '@/entities/site/localization-layers';
import { sourceRateSeries } from '../../src/features/site-dashboard/source-rate-series';

const source = (id: number, name: string, lat = 31.9 + id / 1e4): SiteSource => ({
  id,
  name,
  location: { lat, lng: -102.1 },
  sourceCategoryId: null,
  sourceCategoryName: 'Uncategorized',
  sourceGroupName: null,
  deleted: false,
});
const emission = (id: number, sourceId: number | null, probability: number | null): SiteEmission => ({
  id,
  sourceId,
  sourceName: sourceId === null ? null : `S${sourceId}`,
  sourceCategoryName: 'Uncategorized',
  startTime: '2026-06-01T00:00:00.000Z',
  endTime: '2026-06-01T01:00:00.000Z',
  totalVolume: 1,
  rate: 1,
  severity: null,
  classification: null,
  rateLower: probability === null ? null : 0.5,
  rateUpper: probability === null ? null : 2,
  probability,
  plumeStatus: null,
});
const sources = [source(1, 'Tank battery 2'), source(2, 'Separator 1'), source(3, 'Flare')];

describe('probability formatting', () => {
  it("writes '78 %' and never rounds to certainty", () => {
    expect(formatProbability(0.78)).toBe('78 %');
    expect(formatProbability(0.784)).toBe('78 %');
    expect(formatProbability(0.996)).toBe('> 99 %');
    expect(formatProbability(1)).toBe('100 %');
    expect(formatProbability(0.003)).toBe('< 1 %');
    expect(formatProbability(0)).toBe('0 %');
    expect(formatProbability(1.4)).toBe('100 %');
    expect(formatProbability(null)).toBeNull();
    expect(formatProbability(Number.NaN)).toBeNull();
  });

  it('names the source with its probability, or alone without one', () => {
    expect(sourceWithProbability('Tank battery 2', 0.78)).toBe('Tank battery 2 · 78 %');
    expect(sourceWithProbability('Tank battery 2', null)).toBe('Tank battery 2');
  });
});

describe('localization marks', () => {
  const focused: EmissionLocalization = {
    emissionId: 9,
    siteId: 1,
    startTime: '2026-06-01T00:00:00.000Z',
    endTime: null,
    candidates: [
      {
        sourceId: 1,
        sourceName: 'Tank battery 2',
        location: sources[0]!.location,
        probability: 0.78,
        mostLikely: true,
      },
      { sourceId: 2, sourceName: 'Separator 1', location: sources[1]!.location, probability: 0.3, mostLikely: false },
      // Not among the site's sources: no position on the map, no mark.
      { sourceId: 77, sourceName: 'Gone', location: { lat: 0, lng: 0 }, probability: 0.2, mostLikely: false },
    ],
  };

  it("draws a focused emission's candidates sized and coloured by probability, the most likely last and ringed", () => {
    const marks = localizationMarks({ focused, emissions: [], sources });
    expect(marks.map((m) => [m.name, m.label, m.mostLikely])).toEqual([
      ['Separator 1', '30 %', false],
      ['Tank battery 2', '78 %', true],
    ]);
    const [runnerUp, top] = marks;
    expect(top!.radius).toBeGreaterThan(runnerUp!.radius);
    // Redder and more opaque with probability: less green.
    expect(top!.fill[1]).toBeLessThan(runnerUp!.fill[1]);
    expect(top!.lat).toBe(sources[0]!.location.lat);
  });

  it('leaves out a candidate without a probability (an emission the pipeline did not write)', () => {
    const manual = {
      ...focused,
      candidates: [{ ...focused.candidates[0]!, probability: null }],
    };
    expect(localizationMarks({ focused: manual, emissions: [], sources })).toEqual([]);
  });

  it('without a focus, marks each emitting source of the range with the mean probability of its emissions', () => {
    const marks = localizationMarks({
      focused: null,
      emissions: [
        emission(1, 1, 0.9),
        emission(2, 1, 0.5),
        emission(3, 2, 0.4),
        emission(4, 3, null),
        emission(5, null, 0.8),
        emission(6, 77, 0.9),
      ],
      sources,
    });
    expect(marks.map((m) => [m.name, m.probability, m.mostLikely])).toEqual([
      ['Separator 1', 0.4, false],
      ['Tank battery 2', 0.7, true],
    ]);
    expect(marks[1]!.label).toBe('70 %');
  });

  it('builds a circle layer and a label layer over the same marks', () => {
    const marks = localizationMarks({ focused, emissions: [], sources });
    const layers = localizationLayers('site-localization', marks, true);
    expect(layers.map((l) => l.id)).toEqual(['site-localization', 'site-localization-labels']);
    expect(layers.every((l) => l.props.data === marks)).toBe(true);
    expect(localizationLayers('x', [], false).every((l) => l.props.visible === false)).toBe(true);
  });
});

describe("the rate chart's source view series", () => {
  const point = (time: number, averageRate: number) => ({
    time,
    averageRate,
    averageLower: averageRate / 2,
    averageUpper: averageRate * 2,
  });
  const answer = (sources: { id: number; name: string; points: ReturnType<typeof point>[] }[]): SiteRateAverage => ({
    averageSiteRates: [],
    modelProcessedUpTo: null,
    sources: sources.map((s) => ({
      sourceId: s.id,
      sourceName: s.name,
      sourceCategoryId: null,
      averageSourceRates: s.points,
    })),
  });

  it('aligns each emitting source on one time axis with its band, largest mean rate first, in the display unit', () => {
    const s = sourceRateSeries(
      answer([
        { id: 1, name: 'Small', points: [point(1_000, 1), point(2_000, 1)] },
        { id: 2, name: 'Quiet', points: [point(1_000, 0), point(2_000, 0)] },
        { id: 3, name: 'Large', points: [point(2_000, 4), point(3_000, 6)] },
      ]),
      (kgH) => kgH * 10,
    );
    expect(s.times).toEqual([1, 2, 3]);
    expect(s.sources.map((x) => x.name)).toEqual(['Large', 'Small']);
    expect(s.sources[0]).toMatchObject({ rate: [null, 40, 60], lower: [null, 20, 30], upper: [null, 80, 120] });
    expect(s.sources[1]).toMatchObject({ rate: [10, 10, null], lower: [5, 5, null], upper: [20, 20, null] });
    expect(s.notDrawn).toBe(0);
  });

  it('draws at most the top sources and counts the rest; nothing when no source had a rate', () => {
    const many = answer(
      Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `S${i + 1}`, points: [point(1_000, i + 1)] })),
    );
    const s = sourceRateSeries(many, (v) => v);
    expect(s.sources.map((x) => x.name)).toEqual(['S7', 'S6', 'S5', 'S4', 'S3']);
    expect(s.notDrawn).toBe(2);
    expect(sourceRateSeries(answer([]), (v) => v)).toEqual({ times: [], sources: [], notDrawn: 0 });
  });
});
