// The CH4 heatmap's toggle among the map's layer toggles and its box over the map: the legend (ppm, log ticks), which
// variant is drawn (modelled or measured, and why), the days still computing, or why there is none.
import { heatmapLegendGradient, heatmapLegendLabels, heatmapScale, heatmapScalePosition } from '@/domain/site-heatmap';
import type { SiteHeatmap } from '@/contracts/site-heatmap';
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

/** Over the map: the legend (ppm, log ticks) with what is drawn, the days still computing, or why there is nothing. */
export function HeatmapOverlay({ heatmap }: { heatmap: SiteHeatmapLayer }) {
  if (!heatmap.on) return null;
  const h = heatmap.heatmap;
  const computing = h?.computingDays.length ?? 0;
  const scale = heatmapScale(h?.maxPpm ?? 0);
  const labels = heatmapLegendLabels(scale);
  const drawn = h !== null && h.kind !== 'none';
  return (
    <figure
      className="absolute right-2 top-2 z-10 max-w-56 rounded-box bg-base-100/90 p-2 text-xs shadow"
      aria-label="CH4 heatmap legend"
    >
      <figcaption className="mb-1 font-medium">
        {h?.kind === 'measured' ? 'Measured CH4 heatmap (ppm)' : 'Modelled CH4 heatmap (ppm)'}
      </figcaption>
      {drawn && (
        <div className="relative mb-1 h-24 w-14">
          <div className="absolute inset-y-0 left-0 w-3 rounded-sm" style={{ background: heatmapLegendGradient() }} />
          {scale.ticks.map((t, i) => (
            <span
              key={t}
              className="absolute left-5 -translate-y-1/2 tabular-nums leading-none"
              style={{ top: `${(1 - heatmapScalePosition(t, scale)) * 100}%` }}
            >
              {labels[i]}
            </span>
          ))}
        </div>
      )}
      {heatmap.error && (
        <p role="alert" className="text-error">
          {heatmap.error.message}
        </p>
      )}
      {h && <p>{heatmapText(h, computing)}</p>}
      {computing > 0 && <p>{`Computing ${computing} day${computing === 1 ? '' : 's'} of tiles…`}</p>}
      {heatmap.loading && (
        <span className="loading loading-spinner loading-xs" role="status" aria-label="Loading the CH4 heatmap" />
      )}
    </figure>
  );
}

function heatmapText(h: SiteHeatmap, computing: number): string {
  if (h.kind === 'modelled')
    return `Mean enhancement over ${h.hours.toFixed(h.hours < 10 ? 1 : 0)} h of modelled rates, peak ${h.maxPpm.toFixed(2)} ppm.`;
  if (h.kind === 'measured')
    return `${h.reason ? `${h.reason}.` : ''} Background ${h.backgroundPpm === null ? '–' : h.backgroundPpm.toFixed(2)} ppm.`.trim();
  return computing > 0 ? '' : `${HEATMAP_EMPTY} ${h.reason ?? ''}`.trim();
}
