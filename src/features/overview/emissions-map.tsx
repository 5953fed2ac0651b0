// The overview map (spec 3 §2, §9): every site in scope with its emissions over the range, as a heat map weighted by
// volume or a scatterplot whose radius runs 8–50 px up to the user's max CH4 volume per day times the days shown.
import { useMemo, useState } from 'react';
import type { SiteEmissionStatusRow } from '@/contracts/emission';
import { scatterRadius, siteEmissionStatus, type SiteEmissionStatus } from '@/domain/emission';
import { viewOf } from '@/domain/map';
import { heatLayer, sizedPointLayer, type SizedPoint } from '@/ui/map/map-layers';
import { MapView, type MapPick } from '@/ui/map/map-view';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';

export const STATUS_COLOURS: Record<SiteEmissionStatus, readonly [number, number, number, number]> = {
  'Below Baseline': [22, 163, 74, 200],
  'Above Baseline': [217, 119, 6, 210],
  'Off-Spec': [220, 38, 38, 220],
  'No Baseline': [37, 99, 235, 190],
};

interface Props {
  sites: readonly SiteEmissionStatusRow[];
  mode: 'heat' | 'scatter';
  days: number;
  maxVolumePerDay: number | null;
  onSelect: (site: SiteEmissionStatusRow) => void;
}

export function EmissionsMap({ sites, mode, days, maxVolumePerDay, onSelect }: Props) {
  const units = useCh4Units();
  const [hover, setHover] = useState<MapPick | null>(null);
  const view = useMemo(() => viewOf(sites.map((s) => ({ lat: s.latitude, lng: s.longitude }))), [sites]);
  const points = useMemo<SizedPoint[]>(
    () =>
      sites.map((s) => ({
        lng: s.longitude,
        lat: s.latitude,
        radius: scatterRadius(s.totalVolume, maxVolumePerDay, days),
        rgba: STATUS_COLOURS[siteEmissionStatus(s.emissionRatio)],
      })),
    [sites, maxVolumePerDay, days],
  );
  const layers = useMemo(
    () =>
      mode === 'heat'
        ? [
            heatLayer(
              'site-emissions-heat',
              sites
                .filter((s) => s.totalVolume > 0)
                .map((s) => ({ lng: s.longitude, lat: s.latitude, weight: s.totalVolume })),
            ),
            sizedPointLayer(
              'site-emissions-points',
              points.map((p) => ({ ...p, radius: 4, rgba: [30, 41, 59, 160] as const })),
            ),
          ]
        : [sizedPointLayer('site-emissions-points', points)],
    [mode, sites, points],
  );
  const hovered = hover && hover.layerId === 'site-emissions-points' ? sites[hover.index] : undefined;
  return (
    <div className="relative">
      <MapView
        key={`${view.center.lat.toFixed(3)},${view.center.lng.toFixed(3)}`}
        label="Map of site emissions"
        layers={layers}
        initialCenter={view.center}
        initialZoom={view.zoom}
        onHover={setHover}
        onClick={(p) => {
          const site = p.layerId === 'site-emissions-points' ? sites[p.index] : undefined;
          if (site) onSelect(site);
        }}
        className="h-[420px] w-full overflow-hidden rounded-box border border-base-300"
      />
      {hovered && hover && (
        <div
          className="pointer-events-none absolute z-10 max-w-64 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow"
          style={{ left: hover.x + 12, top: hover.y + 12 }}
        >
          <div className="font-semibold">{hovered.siteName}</div>
          <div>{`Volume: ${units.formatVolume(hovered.totalVolume)}`}</div>
          <div>{`Average rate: ${units.formatRate(hovered.averageRate)}`}</div>
          <div>{siteEmissionStatus(hovered.emissionRatio)}</div>
        </div>
      )}
      <ul
        className="absolute bottom-2 left-2 flex flex-wrap gap-2 rounded-box bg-base-100/90 px-2 py-1 text-xs shadow"
        aria-label="Map legend"
      >
        {(Object.keys(STATUS_COLOURS) as SiteEmissionStatus[]).map((s) => (
          <li key={s} className="flex items-center gap-1">
            <span
              className="inline-block h-3 w-3 rounded-full"
              style={{ background: `rgba(${STATUS_COLOURS[s].slice(0, 3).join(',')},0.9)` }}
            />
            {s}
          </li>
        ))}
        {mode === 'heat' && <li className="text-base-content/70">Heat: emission volume</li>}
      </ul>
    </div>
  );
}
