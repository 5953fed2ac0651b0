// The dashboard's left column (spec 3 §2): the chosen widgets in the chooser's order (map, camera, inspections,
// emission timeline, CH4 emission rate, a chart per gas with a line per device, wind per device stay, diagnostics), or
// how to choose some.
import { lazy, Suspense } from 'react';
import type { SiteDetail } from '@/contracts/site-dashboard';
import type { TimeRange } from '@/domain/date-range';
import { isWindType } from '@/domain/measurement-type';
import type { SiteWidget } from '@/domain/site-dashboard';
import { LoadError } from '@/ui/data-grid/grid-parts';
import type { SiteWindow, useSiteEmissions, useSiteSources } from './api';
import { CameraWidget } from './camera-widget';
import { EmissionTimeline } from './emission-timeline';
import { InspectionsTimeline } from './inspections-timeline';
import { SiteMeasurementChart, SiteRateChart, SiteWindChart } from './site-charts';
import type { SiteMapFocus } from './site-map-marks';
import type { useSiteStays } from './use-site-stays';

// The map's code (MapLibre, deck.gl) loads beside the page's requests, not before them (issue 25 'Screen speed').
const SiteMap = lazy(() => import('./site-map').then((m) => ({ default: m.SiteMap })));

export function SiteWidgets({
  shown,
  site,
  w,
  stays,
  sources,
  emissions,
  focus,
  onZoom,
  onMessage,
}: {
  shown: readonly SiteWidget[];
  site: SiteDetail;
  w: SiteWindow;
  stays: ReturnType<typeof useSiteStays>;
  sources: ReturnType<typeof useSiteSources>;
  emissions: ReturnType<typeof useSiteEmissions>;
  focus: SiteMapFocus;
  onZoom: (r: TimeRange) => void;
  onMessage: (text: string) => void;
}) {
  const { devices } = stays;
  const chartProps = { organizationId: w.organizationId, siteId: site.id, range: w.range, onZoom, onMessage };
  return (
    <div className="grid min-w-0 content-start gap-3">
      {devices.error && <LoadError message={devices.error.message} onRetry={() => void devices.refetch()} />}
      {shown.length === 0 && <p className="text-base-content/70">Choose the widgets to show with Show/Hide Widgets.</p>}
      {shown.map((x) => {
        if (x === 'map')
          return (
            <Suspense key="map" fallback={<div className="skeleton h-[460px] w-full rounded-box" aria-hidden="true" />}>
              <SiteMap
                site={site}
                stays={stays.stays}
                sources={sources.data ?? []}
                emissions={emissions.data ?? []}
                w={w}
                focus={focus}
              />
            </Suspense>
          );
        if (x === 'camera') return <CameraWidget key="camera" w={w} />;
        if (x === 'inspections') return <InspectionsTimeline key="inspections" w={w} pinned={focus.pins} />;
        if (x === 'timeline')
          return (
            <EmissionTimeline key="timeline" emissions={emissions.data} loading={emissions.isPending} range={w.range} />
          );
        if (x === 'rate') return <SiteRateChart key="rate" {...chartProps} />;
        if (isWindType(x)) return <SiteWindChart key={x} {...chartProps} stays={stays.windStays} typeId={x} />;
        return <SiteMeasurementChart key={x} {...chartProps} stays={stays.gasStays} typeId={x} />;
      })}
    </div>
  );
}
