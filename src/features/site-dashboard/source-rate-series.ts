// The rate chart's source view (spec 3 §2 'source view toggle', issue 22 item 4) as a pure function of the
// siteRateAverage answer: each source's 1-hour rolling mean with a band between the rolling means of its lower and
// upper bounds, in the user's rate unit, on one time axis (a source without a point at a time has a gap there). The
// sources that emitted most are drawn, at most five, so the bands stay readable; the rest are counted, not hidden.
import type { SiteRateAverage } from '@/contracts/site-dashboard';

export const SOURCE_VIEW_MAX_SOURCES = 5;
export const NO_SOURCE_RATES =
  'No modelled source rates in this range: the modelling pipeline has not processed the site over it.';

export interface SourceRateSeries {
  /** Seconds (uPlot's time unit). */
  times: number[];
  sources: {
    sourceId: number;
    name: string;
    rate: (number | null)[];
    lower: (number | null)[];
    upper: (number | null)[];
  }[];
  /** Sources with a rate in the range that are not drawn. */
  notDrawn: number;
}

export function sourceRateSeries(
  answer: SiteRateAverage,
  toDisplay: (kgPerHour: number) => number,
  max = SOURCE_VIEW_MAX_SOURCES,
): SourceRateSeries {
  const mean = (s: SiteRateAverage['sources'][number]) =>
    s.averageSourceRates.reduce((a, p) => a + p.averageRate, 0) / Math.max(1, s.averageSourceRates.length);
  // A source whose rate stayed 0 all range has nothing to show.
  const emitting = answer.sources
    .filter((s) => s.averageSourceRates.some((p) => p.averageRate > 0))
    .sort((a, b) => mean(b) - mean(a) || a.sourceName.localeCompare(b.sourceName));
  const drawn = emitting.slice(0, max);
  const times = [...new Set(drawn.flatMap((s) => s.averageSourceRates.map((p) => p.time)))].sort((a, b) => a - b);
  const at = new Map(times.map((t, i) => [t, i]));
  return {
    times: times.map((t) => t / 1000),
    sources: drawn.map((s) => {
      const column = () => new Array<number | null>(times.length).fill(null);
      const rate = column();
      const lower = column();
      const upper = column();
      for (const p of s.averageSourceRates) {
        const i = at.get(p.time)!;
        rate[i] = toDisplay(p.averageRate);
        lower[i] = toDisplay(Math.min(p.averageLower, p.averageRate));
        upper[i] = toDisplay(Math.max(p.averageUpper, p.averageRate));
      }
      return { sourceId: s.sourceId, name: s.sourceName, rate, lower, upper };
    }),
    notDrawn: emitting.length - drawn.length,
  };
}
