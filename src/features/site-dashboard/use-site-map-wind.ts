// The site map's wind (spec 3 §2 'Map'): the range's wind of the site's devices, the wind field stepping through its
// frames (one every loop period, starting over) with its arrows' layer and the frame's time, and the site's wind rose.
import { useEffect, useMemo, useState } from 'react';
import { WIND_FIELD } from '@/domain/gas-legend';
import type { SiteMapLayers } from '@/domain/site-map';
import type { SiteWindow } from './api';
import { useSiteWind } from './map-api';
import { siteWindFrames, windDirections, windFieldLayer, windFrameLayout } from './site-map-model';
import { useWindField } from './wind-field';
import { useWindRoseShares } from './wind-rose-shares';

export function useSiteMapWind(w: SiteWindow, on: SiteMapLayers, mpp: number) {
  const wind = useSiteWind(w, on.windRose || on.windField);
  const [frame, setFrame] = useState(0);
  const frames = useMemo(() => siteWindFrames(wind.data), [wind.data]);
  const frameCount = frames.times.length;
  const layout = useMemo(
    () => (on.windField && frameCount > 0 ? windFrameLayout(wind.data, frames, frame) : null),
    [on.windField, frames, frameCount, frame, wind.data],
  );
  const field = useWindField(layout);
  const layer = useMemo(() => windFieldLayer(field, mpp), [field, mpp]);
  const directions = useMemo(() => windDirections(wind.data), [wind.data]);
  const rose = useWindRoseShares(directions);

  // The wind field steps through the range's frames, one every loop period, and starts over.
  useEffect(() => {
    setFrame(0);
    if (!on.windField || frameCount < 2) return;
    const timer = window.setInterval(() => setFrame((f) => (f + 1) % frameCount), WIND_FIELD.loopMs);
    return () => window.clearInterval(timer);
  }, [on.windField, frameCount]);

  return {
    layer,
    /** The time of the wind field's frame, while the field is on and has frames. */
    frameTime: on.windField && frameCount > 0 ? frames.times[frame % frameCount] : undefined,
    /** The site's wind rose: sector shares of the range's directions. */
    rose,
    hasData: wind.data !== undefined,
    pending: wind.isPending,
    loading: (on.windRose || on.windField) && wind.isFetching,
    error: wind.error,
  };
}

export type SiteMapWind = ReturnType<typeof useSiteMapWind>;
