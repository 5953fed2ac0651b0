// The Device Health Map tab (spec 2 §2): site dots coloured by the chosen overlay (device status, model status,
// quarantine status), device markers above zoom 15, the organization, 'only with tickets' and provider's-own-sites filters, the
// trip-planning circle listing the sites and devices inside it, hover and click details, and a device's CH4 chart.
// What shows and the layers are pure functions (device-map-model.ts); this file holds state and the panels.
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import {
  deviceHealthEndpoint,
  deviceHealthSiteListEndpoint,
  type DeviceHealthRow,
  type SiteMarker as MapSiteMarker,
} from '@/contracts/device';
import type { LatLng } from '@/domain/coordinates';
import { DeviceInstallationType, onlineStatus } from '@/domain/enums';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  MAP_OVERLAYS,
  nextTripRadius,
  showDeviceMarkers,
  TONE_RGBA,
  TRIP_RADIUS_DEFAULT_KM,
  TRIP_RADIUS_LABEL,
  type MapOverlay,
  type MarkerTone,
} from '@/domain/map';
import { MapView, type MapPick } from '@/ui/map/map-view';
import { MultiSelect } from '@/ui/multi-select';
import { useSession } from '@/ui/session-context';
import { Toggle } from '@/ui/toggle';
import {
  deviceMapLayers,
  deviceMarkers,
  fitView,
  pickedItem,
  tripContents,
  visibleSites,
  type DeviceMarker,
  type MapSelection,
} from './device-map-model';

const LEGEND: Record<MapOverlay, [MarkerTone, string][]> = {
  'Device Status': [
    ['green', 'All devices online'],
    ['amber', 'Some devices offline'],
    ['grey', 'Unknown'],
  ],
  'Model Status': [
    ['green', 'Model on'],
    ['red', 'Model off'],
  ],
  'Quarantine Status': [
    ['green', 'None quarantined'],
    ['amber', 'Quarantined'],
    ['blue', 'Wind quarantined'],
    ['grey', 'No devices'],
  ],
};

interface Trip {
  on: boolean;
  center: LatLng | null;
  radius: number;
  text: string;
}
type FlyTo = { center: LatLng; zoom: number; key: number };
const flyToSite = (center: LatLng): FlyTo => ({ center, zoom: 16.5, key: Date.now() });

/** The chosen organizations' site markers and device rows, filtered, and the view fitted when they first arrive. */
function useDeviceMapData(chosen: number[], filters: { onlyTickets: boolean; providerSites: boolean }) {
  const markerQueries = useQueries({
    queries: chosen.map((id) => endpointQuery(deviceHealthSiteListEndpoint, { query: { organizationId: id } })),
  });
  const rowQueries = useQueries({
    queries: chosen.map((id) => endpointQuery(deviceHealthEndpoint, { query: { organizationId: id } })),
  });
  const loading = markerQueries.some((q) => q.isPending) || rowQueries.some((q) => q.isPending);
  const failed = [...markerQueries, ...rowQueries].find((q) => q.error)?.error ?? null;
  const allSites = useMemo(() => markerQueries.flatMap((q) => q.data ?? []), [markerQueries]);
  const { onlyTickets, providerSites } = filters;
  const sites = useMemo(
    () => visibleSites(allSites, { onlyTickets, providerSites }),
    [allSites, onlyTickets, providerSites],
  );
  const devices = useMemo(
    () =>
      deviceMarkers(
        rowQueries.flatMap((q) => q.data ?? []),
        sites,
      ),
    [rowQueries, sites],
  );
  const refresh = () => [...markerQueries, ...rowQueries].forEach((q) => void q.refetch());
  // Fit the view to the organizations' sites when they first arrive (the spec's default view when there are none).
  const [flyTo, setFlyTo] = useState<FlyTo | null>(null);
  const [fitted, setFitted] = useState('');
  useEffect(() => {
    const key = chosen.join(',');
    if (loading || fitted === key) return;
    setFitted(key);
    setFlyTo({ ...fitView(allSites.map((s) => s.location)), key: Date.now() });
  }, [loading, allSites, chosen, fitted]);
  const anyProviderSites = useMemo(() => allSites.some((s) => s.providerOwn), [allSites]);
  return { loading, failed, sites, devices, anyProviderSites, refresh, flyTo, setFlyTo };
}

export function DeviceMap({ onTrend }: { onTrend: (device: DeviceHealthRow) => void }) {
  const { organization, user } = useSession();
  const organizations = useMemo(() => user.userOrganizations.filter((o) => !o.deleted), [user]);
  const [orgIds, setOrgIds] = useState<number[]>([]);
  const chosen = useMemo(() => (orgIds.length ? orgIds : [organization!.id]), [orgIds, organization]);
  const [overlay, setOverlay] = useState<MapOverlay>('Device Status');
  const [onlyTickets, setOnlyTickets] = useState(false);
  const [providerSites, setProviderSites] = useState(true);
  const [zoom, setZoom] = useState(DEFAULT_MAP_ZOOM);
  const [hover, setHover] = useState<MapPick | null>(null);
  const [selected, setSelected] = useState<MapSelection | null>(null);
  const [trip, setTrip] = useState<Trip>({
    on: false,
    center: null,
    radius: TRIP_RADIUS_DEFAULT_KM,
    text: String(TRIP_RADIUS_DEFAULT_KM),
  });
  const data = useDeviceMapData(chosen, { onlyTickets, providerSites });
  const { sites, devices, setFlyTo } = data;
  const layers = useMemo(
    () => deviceMapLayers({ sites, devices, overlay, zoom, trip }),
    // The trip's text and on/off do not change what is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sites, devices, overlay, zoom, trip.center, trip.radius],
  );
  const inTrip = useMemo(
    () => (trip.center ? tripContents(trip.center, trip.radius, sites, devices) : null),
    [trip.center, trip.radius, sites, devices],
  );
  const hovered = pickedItem(hover, sites, devices);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {organizations.length > 1 && (
          <MultiSelect
            label="Organizations"
            allLabel={organization!.name}
            options={organizations.map((o) => ({ id: o.id, label: o.name }))}
            selected={orgIds}
            onChange={setOrgIds}
          />
        )}
        <OverlayPicker overlay={overlay} onChange={setOverlay} />
        <Toggle label="Only sites with tickets" checked={onlyTickets} onChange={setOnlyTickets} />
        {data.anyProviderSites && (
          <Toggle label="Provider's own sites" checked={providerSites} onChange={setProviderSites} />
        )}
        <SiteFinder
          sites={sites}
          onFind={(site) => {
            setSelected({ kind: 'site', site });
            setFlyTo(flyToSite(site.location));
          }}
        />
        <TripControls trip={trip} setTrip={setTrip} />
        <button type="button" className="btn btn-sm btn-ghost" onClick={data.refresh}>
          Refresh
        </button>
        <span className="text-xs text-base-content/70">
          {data.loading
            ? 'Loading…'
            : `${sites.length} sites, ${devices.length} devices${showDeviceMarkers(zoom) ? '' : ' (zoom in past 15 to see devices)'}`}
        </span>
      </div>
      {data.failed && (
        <p className="alert alert-error" role="alert">
          {data.failed.message}
        </p>
      )}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="relative">
          <MapView
            label="Sites and devices map"
            layers={layers}
            initialCenter={DEFAULT_MAP_CENTER}
            initialZoom={DEFAULT_MAP_ZOOM}
            onZoom={setZoom}
            onHover={setHover}
            flyTo={data.flyTo}
            onClick={(p) => {
              const hit = pickedItem(p, sites, devices);
              if (trip.on && !hit && p.coordinate) setTrip((t) => ({ ...t, center: p.coordinate }));
              else setSelected(hit);
            }}
          />
          {hovered && hover && <HoverCard item={hovered} x={hover.x} y={hover.y} />}
          <Legend overlay={overlay} />
        </div>
        <aside className="grid content-start gap-3" aria-label="Map details">
          {trip.on && <TripPanel inTrip={inTrip} radius={trip.radius} onFly={(site) => setFlyTo(flyToSite(site))} />}
          {selected?.kind === 'site' && (
            <SiteDetails
              site={selected.site}
              onZoom={() => setFlyTo(flyToSite(selected.site.location))}
              onTrip={() => setTrip((t) => ({ ...t, on: true, center: selected.site.location }))}
            />
          )}
          {selected?.kind === 'device' && <DeviceDetails device={selected.device} onTrend={onTrend} />}
          {!selected && !trip.on && (
            <p className="text-sm text-base-content/70">
              Hover a dot for a summary; click it for details. Device markers appear when zoomed in past level 15.
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

function OverlayPicker({ overlay, onChange }: { overlay: MapOverlay; onChange: (o: MapOverlay) => void }) {
  return (
    <div role="radiogroup" aria-label="Overlay" className="join">
      {MAP_OVERLAYS.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={overlay === o}
          className={`btn btn-sm join-item ${overlay === o ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => onChange(o)}
        >
          {o}
        </button>
      ))}
    </div>
  );
}

function SiteFinder({ sites, onFind }: { sites: readonly MapSiteMarker[]; onFind: (site: MapSiteMarker) => void }) {
  return (
    <>
      <input
        className="input input-sm w-48"
        list="map-site-names"
        placeholder="Find a site"
        aria-label="Find a site"
        onChange={(e) => {
          const site = sites.find((x) => x.name.toLowerCase() === e.target.value.trim().toLowerCase());
          if (site) onFind(site);
        }}
      />
      <datalist id="map-site-names">
        {sites.map((x) => (
          <option key={x.id} value={x.name} />
        ))}
      </datalist>
    </>
  );
}

function TripControls({ trip, setTrip }: { trip: Trip; setTrip: (update: (t: Trip) => Trip) => void }) {
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${trip.on ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={trip.on}
        onClick={() => setTrip((t) => ({ ...t, on: !t.on, center: t.on ? null : t.center }))}
      >
        Plan a trip
      </button>
      {trip.on && (
        <label className="flex items-center gap-2 text-sm">
          {TRIP_RADIUS_LABEL}
          <input
            className="input input-sm w-24"
            inputMode="decimal"
            value={trip.text}
            onChange={(e) => {
              const text = e.target.value;
              setTrip((t) => ({ ...t, text, radius: nextTripRadius(text, t.radius) }));
            }}
          />
        </label>
      )}
    </>
  );
}

function HoverCard({ item, x, y }: { item: MapSelection; x: number; y: number }) {
  return (
    <div
      className="pointer-events-none absolute z-10 max-w-64 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow"
      style={{ left: x + 12, top: y + 12 }}
    >
      {item.kind === 'site' ? (
        <>
          <div className="font-semibold">{item.site.name}</div>
          <div>{item.site.organization}</div>
          <div>{`${item.site.devices.length} devices, ${item.site.devices.filter((d) => d.particleOnlineStatus === false).length} offline`}</div>
          <div>{`Model ${item.site.modellingPipelineOn ? 'on' : 'off'}`}</div>
        </>
      ) : (
        <>
          <div className="font-semibold">{item.device.row.name}</div>
          <div>{item.device.row.currentSiteName}</div>
          <div>{onlineStatus(item.device.row.particleOnlineStatus)}</div>
        </>
      )}
    </div>
  );
}

function Legend({ overlay }: { overlay: MapOverlay }) {
  return (
    <ul className="absolute bottom-2 left-2 z-10 rounded-box bg-base-100/90 p-2 text-xs shadow" aria-label="Legend">
      {LEGEND[overlay].map(([tone, text]) => (
        <li key={tone} className="flex items-center gap-2">
          <span
            className="inline-block h-3 w-3 rounded-full"
            style={{ background: `rgb(${TONE_RGBA[tone].slice(0, 3).join(',')})` }}
            aria-hidden="true"
          />
          {text}
        </li>
      ))}
    </ul>
  );
}

function TripPanel({
  inTrip,
  radius,
  onFly,
}: {
  inTrip: ReturnType<typeof tripContents> | null;
  radius: number;
  onFly: (at: LatLng) => void;
}) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Trip">
      <h2 className="font-semibold">Trip planning</h2>
      {!inTrip ? (
        <p className="text-base-content/70">Click the map where the trip starts.</p>
      ) : (
        <>
          <p>{`${inTrip.sites.length} sites and ${inTrip.devices.length} devices within ${radius.toLocaleString('en-US')} km`}</p>
          <ol className="mt-2 max-h-72 overflow-auto">
            {inTrip.sites.map(({ site, km }) => (
              <li key={site.id} className="flex justify-between gap-2 border-b border-base-200 py-0.5">
                <button
                  type="button"
                  className="link link-hover truncate text-left"
                  onClick={() => onFly(site.location)}
                >
                  {site.name}
                </button>
                <span className="tabular-nums text-base-content/70">{`${km.toFixed(1)} km`}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function SiteDetails({ site, onZoom, onTrip }: { site: MapSiteMarker; onZoom: () => void; onTrip: () => void }) {
  const count = (keep: (d: MapSiteMarker['devices'][number]) => boolean) => site.devices.filter(keep).length;
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Site details">
      <h2 className="font-semibold">{site.name}</h2>
      <p className="text-base-content/80">{site.organization}</p>
      <p>{`Model ${site.modellingPipelineOn ? 'on' : 'off'}`}</p>
      <p>{`${site.devices.length} devices: ${count((d) => d.particleOnlineStatus === true)} online, ${count((d) => d.particleOnlineStatus === false)} offline`}</p>
      <p>{`${count((d) => d.deviceInstallationType !== 0)} quarantined, ${count((d) => d.hasFreshDeskTicket)} with open tickets`}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={onZoom}>
          Zoom to site
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={onTrip}>
          Start a trip here
        </button>
      </div>
    </section>
  );
}

function DeviceDetails({ device, onTrend }: { device: DeviceMarker; onTrend: (device: DeviceHealthRow) => void }) {
  const { row } = device;
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Device details">
      <h2 className="font-semibold">{row.name}</h2>
      <p>{row.currentSiteName}</p>
      <p>{`${onlineStatus(row.particleOnlineStatus)}, ${row.deviceInstallationType === null ? '' : DeviceInstallationType.label(row.deviceInstallationType)}`}</p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => onTrend(row)}>
          CH4 chart
        </button>
        <Link className="btn btn-sm btn-outline" to={`/device/${encodeURIComponent(row.name)}`}>
          Dashboard
        </Link>
      </div>
    </section>
  );
}
