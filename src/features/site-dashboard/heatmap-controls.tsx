// The CH4 heatmap's toggle among the map's layer toggles, its legend over the map (ppm, log ticks) and its line under
// the map: which variant is drawn (modelled or measured, and why), the days still computing, or why there is none.
import {
  HEATMAP_LEGEND_TICKS,
  heatmapLegendGradient,
  heatmapLegendLabels,
  heatmapScalePosition,
} from '@/domain/site-heatmap';
import type { SiteHeatmapLayer } from './site-heatmap';

export const HEATMAP_EMPTY = 'There is no CH4 heatmap for the selected time range.';

export function HeatmapToggle({ heatmap }: { heatmap: SiteHeatmapLayer }) {
  return (
    <label className="flex cursor-pointer items-center gap-1.5">
      <input
        type="checkbox"
        className="checkbox checkbox-xs"
        checked={heatmap.on}
        onChange={(e) => heatmap.setOn(e.target.checked)}
      />
      CH4 heatmap
    </label>
  );
}

export function HeatmapLegend({ heatmap }: { heatmap: SiteHeatmapLayer }) {
  const h = heatmap.heatmap;
  if (!heatmap.on || !h || h.kind === 'none') return null;
  const labels = heatmapLegendLabels();
  return (
    <figure
      className="absolute right-2 top-2 z-10 rounded-box bg-base-100/90 p-2 text-xs shadow"
      aria-label="CH4 heatmap legend"
    >
      <figcaption className="mb-1 font-medium">
        {h.kind === 'modelled' ? 'Modelled CH4 (ppm)' : 'Measured CH4 (ppm)'}
      </figcaption>
      <div className="relative h-24 w-14">
        <div className="absolute inset-y-0 left-0 w-3 rounded-sm" style={{ background: heatmapLegendGradient() }} />
        {HEATMAP_LEGEND_TICKS.map((t, i) => (
          <span
            key={t}
            className="absolute left-5 -translate-y-1/2 tabular-nums leading-none"
            style={{ top: `${(1 - heatmapScalePosition(t)) * 100}%` }}
          >
            {labels[i]}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** What the heatmap shows, under the map. */
export function HeatmapStatus({ heatmap }: { heatmap: SiteHeatmapLayer }) {
  if (!heatmap.on) return null;
  const h = heatmap.heatmap;
  const computing = h?.computingDays.length ?? 0;
  let text: string | null = null;
  if (h?.kind === 'modelled')
    text = `CH4 heatmap: modelled mean enhancement over ${h.hours.toFixed(h.hours < 10 ? 1 : 0)} h of pipeline rates (peak ${h.maxPpm.toFixed(2)} ppm).`;
  else if (h?.kind === 'measured')
    text = `CH4 heatmap: ${h.reason ?? 'measured'} (background ${h.backgroundPpm === null ? '–' : h.backgroundPpm.toFixed(2)} ppm).`;
  else if (h && computing === 0) text = `${HEATMAP_EMPTY} ${h.reason ?? ''}`.trim();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/80" aria-label="CH4 heatmap">
      {heatmap.error && (
        <p role="alert" className="text-error">
          {heatmap.error.message}
        </p>
      )}
      {text && <p>{text}</p>}
      {computing > 0 && <p>{`Computing ${computing} day${computing === 1 ? '' : 's'} of heatmap tiles…`}</p>}
      {heatmap.loading && (
        <span className="loading loading-spinner loading-xs" role="status" aria-label="Loading the CH4 heatmap" />
      )}
    </div>
  );
}
