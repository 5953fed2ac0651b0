// The site dashboard's map (spec 3 §2 'Map'): the site's sources (red, sized by what they emitted in the range), the
// devices that stand there now (green; amber when quarantined), earlier stays in grey, and labels; zoom 13 at least.
import { useMemo } from 'react';
import type { SiteDetail, SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import { TONE_RGBA } from '@/domain/map';
import { labelLayer, pointLayer, pointSet } from '@/components/lib/map-layers';
import { MapView } from '@/components/lib/map-view';

const SITE_ZOOM = 16;

export function SiteMap({ site, stays, sources, emissions }: { site: SiteDetail; stays: readonly SiteDeviceStay[]; sources: readonly SiteSource[]; emissions: readonly SiteEmission[] }) {
  const layers = useMemo(() => {
    const live = sources.filter((s) => !s.deleted);
    const emitted = new Set(emissions.map((e) => e.sourceId));
    const current = stays.filter((s) => s.endTime === null);
    const earlier = stays.filter((s) => s.endTime !== null);
    return [
      pointLayer('site-sources', pointSet(live.map((s) => ({ ...s.location, rgba: emitted.has(s.id) ? TONE_RGBA.red : TONE_RGBA.blue }))), { radiusPixels: 7, outlined: true }),
      pointLayer('site-earlier-devices', pointSet(earlier.map((s) => ({ ...s.location, rgba: TONE_RGBA.grey }))), { radiusPixels: 6 }),
      pointLayer('site-devices', pointSet(current.map((s) => ({ ...s.location, rgba: s.deviceInstallationType === 0 ? TONE_RGBA.green : TONE_RGBA.amber }))), { radiusPixels: 8, outlined: true }),
      labelLayer('site-labels', [...current.map((s) => ({ ...s.location, text: s.deviceName })), ...live.map((s) => ({ ...s.location, text: s.name }))], true),
    ];
  }, [stays, sources, emissions]);
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Map">
      <MapView label={`Map of ${site.name}`} layers={layers} initialCenter={site.location} initialZoom={SITE_ZOOM} className="h-80 w-full overflow-hidden rounded-box" />
      <p className="mt-1 flex flex-wrap gap-3 text-xs text-base-content/80">
        <span><span className="mr-1 inline-block h-2 w-2 rounded-full bg-[#228b4a]" />Device</span>
        <span><span className="mr-1 inline-block h-2 w-2 rounded-full bg-[#d99614]" />Quarantined device</span>
        <span><span className="mr-1 inline-block h-2 w-2 rounded-full bg-[#828a96]" />Earlier stay</span>
        <span><span className="mr-1 inline-block h-2 w-2 rounded-full bg-[#c82d2d]" />Source that emitted in the range</span>
        <span><span className="mr-1 inline-block h-2 w-2 rounded-full bg-[#256ec8]" />Other source</span>
      </p>
    </section>
  );
}
