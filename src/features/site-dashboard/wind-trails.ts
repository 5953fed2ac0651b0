// Wind trails on the site map (spec 3 §2 'wind trails with speed labels when a date is focused'): when the dashboard
// has a focused date, the one-minute wind of each device over the 40 minutes before it (GET siteWindTrail), walked
// back into the path the air took to the device, labelled with the speed at the focused time in the user's unit.
// Stays whose wind is quarantined draw no trail: their wind is what the quarantine says not to trust. The trails are
// drawn shrunk by one common factor to fit the map at its zoom (wind-trail-scale.ts), the factor said in words.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import { siteWindTrailEndpoint } from '@/contracts/site-map';
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { DeviceInstallationType } from '@/domain/enums';
import { inDisplayUnit } from '@/domain/units';
import { windTrail, type WindTrail } from '@/entities/site/wind-trail';
import { windTrailLayers } from '@/entities/site/wind-trail-layers';
import { useSession } from '@/ui/session-context';
import type { SiteWindow } from './api';
import { fitTrails, trailScaleNote } from './wind-trail-scale';

export interface WindTrails {
  layers: ReturnType<typeof windTrailLayers>;
  /** Each device with a trail at the focused time and its speed label (the map's canvas, said in words). */
  labels: { device: string; speed: string }[];
  /** The drawing scale in words when the trails are shrunk to fit the map, else null. */
  scaleNote: string | null;
  loading: boolean;
  error: Error | null;
}

export function useWindTrails(
  w: SiteWindow,
  focusTime: number | null,
  stays: readonly SiteDeviceStay[],
  metresPerPixel: number,
): WindTrails {
  const units = useSession().user.userSettings.unitConfiguration;
  const wind = useQuery({
    ...endpointQuery(siteWindTrailEndpoint, {
      query: {
        organizationId: w.organizationId,
        siteId: w.siteId,
        time: new Date(focusTime ?? 0).toISOString(),
      },
    }),
    enabled: focusTime !== null,
  });
  const stayById = useMemo(() => new Map(stays.map((s) => [s.installationId, s])), [stays]);
  const trails = useMemo(() => {
    if (focusTime === null || !wind.data) return [];
    const periodMs = wind.data.periodMs;
    return wind.data.installations.flatMap((i): { trail: WindTrail; label: string; device: string }[] => {
      const stay = stayById.get(i.deviceInstallationId);
      if (stay?.deviceInstallationType === DeviceInstallationType.values.QuarantineWind) return [];
      const trail = windTrail(i.location, i.wind, focusTime, periodMs);
      if (!trail) return [];
      const speed = inDisplayUnit(trail.headSpeedKmh, 'speed', units);
      return [{ trail, label: `${speed.value.toFixed(1)} ${speed.label}`, device: stay?.deviceName ?? 'Device' }];
    });
  }, [focusTime, wind.data, stayById, units]);
  const fitted = useMemo(() => fitTrails(trails, metresPerPixel), [trails, metresPerPixel]);
  const layers = useMemo(() => windTrailLayers('site-wind-trails', fitted.trails), [fitted.trails]);
  return {
    layers: focusTime === null ? [] : layers,
    labels: focusTime === null ? [] : trails.map((t) => ({ device: t.device, speed: t.label })),
    scaleNote: focusTime === null ? null : trailScaleNote(fitted),
    loading: focusTime !== null && wind.isFetching,
    error: focusTime === null ? null : wind.error,
  };
}
