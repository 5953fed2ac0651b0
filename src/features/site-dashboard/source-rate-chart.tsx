// The CH4 rate chart's source view (spec 3 §2, issue 22 item 4): each source's 1-hour rolling mean as a line over a
// band between the rolling means of its bounds (uPlot bands), a legend per source, the page's shared cursor and
// drag-to-zoom, in the user's rate unit. Without source rates in the range it says so (the pipeline has not modelled
// the site then).
import { useMemo } from 'react';
import { timeTickLabel } from '@/domain/chart-axes';
import type { TimeRange } from '@/domain/date-range';
import { formatDateTime } from '@/domain/format';
import { CHART_HEIGHT, SERIES_COLOURS, zoomForDrag } from '@/ui/chart/time-series-options';
import { UplotChart, type ChartData, type ChartOptions } from '@/ui/chart/uplot-chart';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useSourceRates, type SiteWindow } from './api';
import {
  NO_SOURCE_RATES,
  sourceRateSeries,
  SOURCE_VIEW_MAX_SOURCES,
  type SourceRateSeries,
} from './source-rate-series';

export const SOURCE_VIEW_TITLE = 'CH4 Emission Rate by Source (1 hour average)';

/** A colour with an alpha, for a source's band under its line. */
const translucent = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

function chartOf(
  s: SourceRateSeries,
  p: {
    range: TimeRange;
    timeZone: string;
    timeFormat: '12-hr' | '24-hr';
    syncKey: string;
    onZoom: (from: number, to: number) => void;
  },
): { options: ChartOptions; data: ChartData } {
  const colour = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length]!;
  // Series 1 + 3i is source i's rate, then its lower and upper bound (drawn only as the band between them).
  const series: ChartOptions['series'] = [
    { value: (_u, ts: number | null) => (ts === null ? '—' : formatDateTime(ts * 1000, p.timeZone, p.timeFormat)) },
    ...s.sources.flatMap((src, i) => [
      { label: src.name, stroke: colour(i), width: 1.5, spanGaps: false },
      { label: `${src.name} lower bound`, stroke: 'transparent', width: 0, points: { show: false } },
      { label: `${src.name} upper bound`, stroke: 'transparent', width: 0, points: { show: false } },
    ]),
  ];
  return {
    data: [s.times, ...s.sources.flatMap((src) => [src.rate, src.lower, src.upper])] as ChartData,
    options: {
      height: CHART_HEIGHT,
      // The time axis in the user's zone (as uPlot.tzDate does, without importing uPlot here).
      tzDate: (ts) => new Date(new Date(ts * 1000).toLocaleString('en-US', { timeZone: p.timeZone })),
      scales: { x: { time: true, range: () => [p.range.start / 1000, p.range.end / 1000] } },
      axes: [
        {
          stroke: 'currentColor',
          values: (_u, splits, _a, _s, increment) =>
            splits.map((v) => timeTickLabel(v * 1000, increment * 1000, p.timeZone, p.timeFormat)),
        },
        { stroke: 'currentColor', size: 60 },
      ],
      series,
      bands: s.sources.map((_, i) => ({ series: [3 + 3 * i, 2 + 3 * i], fill: translucent(colour(i), 0.18) })),
      legend: { show: false },
      cursor: { sync: { key: p.syncKey }, drag: { x: true, y: false, setScale: false } },
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width <= 0) return;
            const from = u.posToVal(u.select.left, 'x') * 1000;
            const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
            u.setSelect({ left: 0, width: 0, top: 0, height: 0 }, false);
            p.onZoom(from, to);
          },
        ],
      },
    },
  };
}

export function SourceRateChart({
  w,
  syncKey,
  onZoom,
  onMessage,
}: {
  w: SiteWindow;
  syncKey: string;
  onZoom: (r: TimeRange) => void;
  onMessage: (text: string) => void;
}) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const units = useCh4Units();
  const answer = useSourceRates(w);
  const span = w.range.end - w.range.start;
  const series = useMemo(() => (answer.data ? sourceRateSeries(answer.data, units.rate) : null), [answer.data, units]);
  const chart = useMemo(
    () =>
      series && series.sources.length > 0
        ? chartOf(series, {
            range: w.range,
            timeZone,
            timeFormat,
            syncKey,
            onZoom: (from, to) => {
              const zoom = zoomForDrag(from, to, span);
              if (!zoom) return;
              if (zoom.message) onMessage(zoom.message);
              onZoom(zoom.range);
            },
          })
        : null,
    [series, w.range, timeZone, timeFormat, syncKey, span, onZoom, onMessage],
  );
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label={`${SOURCE_VIEW_TITLE} chart`}>
      <h3 className="mb-1 text-sm font-semibold">
        {SOURCE_VIEW_TITLE}
        <span className="ml-1 font-normal text-base-content/70">({units.rateLabel})</span>
      </h3>
      {answer.isPending ? (
        <Spinner label="Loading source rates" />
      ) : answer.error ? (
        <p role="alert" className="text-sm text-error">
          {answer.error.message}
        </p>
      ) : !chart || !series ? (
        <p className="py-6 text-center text-sm text-base-content/70">{NO_SOURCE_RATES}</p>
      ) : (
        <div data-bands={chart.options.bands?.length ?? 0}>
          <UplotChart
            options={chart.options}
            data={chart.data}
            label={`${SOURCE_VIEW_TITLE} over the selected time range`}
          />
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Sources">
            {series.sources.map((src, i) => (
              <li key={src.sourceId} className="flex items-center gap-1.5">
                <span
                  className="inline-block h-3 w-5 rounded-sm border-t-2"
                  style={{
                    borderColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
                    background: translucent(SERIES_COLOURS[i % SERIES_COLOURS.length]!, 0.18),
                  }}
                  aria-hidden="true"
                />
                {src.name}
              </li>
            ))}
            <li className="text-base-content/70">Shaded: each source’s rate bounds</li>
            {series.notDrawn > 0 && (
              <li className="text-base-content/70">{`${series.notDrawn} more emitting sources not drawn (top ${SOURCE_VIEW_MAX_SOURCES} by mean rate shown)`}</li>
            )}
          </ul>
        </div>
      )}
    </section>
  );
}
