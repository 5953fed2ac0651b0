// What the site map shows over itself besides its layers: the hovered mark's tooltip, the site's wind rose in the
// top-left corner and the wind field frame's time in the bottom-left; and the alert of a failed map call above it.
import { formatDateTime } from '@/domain/format';
import { WindRose } from '@/ui/chart/wind-rose/wind-rose';
import { useSession } from '@/ui/session-context';
import type { MapTooltipAt } from './use-site-map-picking';
import type { SiteMapWind } from './use-site-map-wind';

export function MapLoadError({ error }: { error: Error | null | undefined }) {
  return error ? (
    <p role="alert" className="mb-1 text-sm text-error">
      {error.message}
    </p>
  ) : null;
}

export function MapTooltip({ at }: { at: MapTooltipAt | null }) {
  return at ? (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 rounded bg-base-100 px-2 py-0.5 text-xs shadow"
      style={{ left: at.x + 12, top: at.y + 12 }}
    >
      {at.text}
    </div>
  ) : null;
}

export function SiteWindRose({ wind }: { wind: SiteMapWind }) {
  return (
    <figure className="absolute left-2 top-2 z-10 rounded-box bg-base-100/90 p-1 shadow" aria-label="Site wind rose">
      {wind.hasData && wind.rose.some((r) => r.probability > 0) ? (
        <WindRose rose={wind.rose} size={170} />
      ) : (
        <p className="w-40 p-2 text-xs">{wind.pending ? 'Loading wind…' : 'No wind data in this range'}</p>
      )}
    </figure>
  );
}

export function WindFrameTime({ time }: { time: number | undefined }) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  return time !== undefined ? (
    <p className="absolute bottom-2 left-2 z-10 rounded bg-base-100/90 px-2 py-0.5 text-xs">{`Wind at ${formatDateTime(time, timeZone, timeFormat)}`}</p>
  ) : null;
}
