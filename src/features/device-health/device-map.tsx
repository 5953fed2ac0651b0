// The Device Health Map tab (spec 2 §2): site dots coloured by the chosen overlay (device status, model status,
// quarantine status), device markers above zoom 15, the organization, 'only with tickets' and provider's-own-sites filters, the
// trip-planning circle listing the sites and devices inside it, hover and click details, and a device's CH4 chart.
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import {
  deviceHealthEndpoint,
  deviceHealthSiteListEndpoint,
  type DeviceHealthRow,
  type SiteMarker,
} from '@/contracts/device';
import { parseLatLng, type LatLng } from '@/domain/coordinates';
import { DeviceInstallationType, onlineStatus } from '@/domain/enums';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  deviceTone,
  distanceKm,
  MAP_OVERLAYS,
  nextTripRadius,
  showDeviceMarkers,
  siteTone,
  TONE_RGBA,
  TRIP_RADIUS_DEFAULT_KM,
  TRIP_RADIUS_LABEL,
  type MapOverlay,
  type MarkerTone,
} from '@/domain/map';
import { circleLayer, labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';
import { MapView, type MapPick } from '@/ui/map/map-view';
import { MultiSelect } from '@/ui/multi-select';
import { useSession } from '@/ui/session-context';

interface DeviceMarker {
  row: DeviceHealthRow;
  at: LatLng;
}

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

/** A view that shows every site: the middle of their extent, zoomed to fit roughly. */
function fitView(points: readonly LatLng[]): { center: LatLng; zoom: number } {
  if (points.length === 0) return { center: DEFAULT_MAP_CENTER, zoom: DEFAULT_MAP_ZOOM };
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const span = Math.max(Math.max(...lngs) - Math.min(...lngs), (Math.max(...lats) - Math.min(...lats)) * 1.5, 0.01);
  return {
    center: { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 },
    zoom: Math.max(2, Math.min(14, Math.log2(360 / span) - 0.3)),
  };
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
  const [selected, setSelected] = useState<
    { kind: 'site'; site: SiteMarker } | { kind: 'device'; device: DeviceMarker } | null
  >(null);
  const [trip, setTrip] = useState<{ on: boolean; center: LatLng | null; radius: number; text: string }>({
    on: false,
    center: null,
    radius: TRIP_RADIUS_DEFAULT_KM,
    text: String(TRIP_RADIUS_DEFAULT_KM),
  });
  const [flyTo, setFlyTo] = useState<{ center: LatLng; zoom: number; key: number } | null>(null);

  const markerQueries = useQueries({
    queries: chosen.map((id) => endpointQuery(deviceHealthSiteListEndpoint, { query: { organizationId: id } })),
  });
  const rowQueries = useQueries({
    queries: chosen.map((id) => endpointQuery(deviceHealthEndpoint, { query: { organizationId: id } })),
  });
  const loading = markerQueries.some((q) => q.isPending) || rowQueries.some((q) => q.isPending);
  const failed = [...markerQueries, ...rowQueries].find((q) => q.error)?.error ?? null;
  const allSites = useMemo(() => markerQueries.flatMap((q) => q.data ?? []), [markerQueries]);
  const anyProviderSites = useMemo(() => allSites.some((s) => s.providerOwn), [allSites]);
  const sites = useMemo(
    () =>
      allSites.filter(
        (s) => (!onlyTickets || s.devices.some((d) => d.hasFreshDeskTicket)) && (providerSites || !s.providerOwn),
      ),
    [allSites, onlyTickets, providerSites],
  );
  const siteIds = useMemo(() => new Set(sites.map((s) => s.id)), [sites]);
  const devices = useMemo<DeviceMarker[]>(
    () =>
      rowQueries
        .flatMap((q) => q.data ?? [])
        .flatMap((row) => {
          const at =
            row.currentSiteId !== null && row.latestLocationLatLng ? parseLatLng(row.latestLocationLatLng) : null;
          return at && siteIds.has(row.currentSiteId!) ? [{ row, at }] : [];
        }),
    [rowQueries, siteIds],
  );

  // Fit the view to the organizations' sites when they first arrive (the spec's default view when there are none).
  const [fitted, setFitted] = useState('');
  useEffect(() => {
    const key = chosen.join(',');
    if (loading || fitted === key) return;
    setFitted(key);
    setFlyTo({ ...fitView(allSites.map((s) => s.location)), key: Date.now() });
  }, [loading, allSites, chosen, fitted]);

  const layers = useMemo(() => {
    const siteSet = pointSet(sites.map((s) => ({ ...s.location, rgba: TONE_RGBA[siteTone(s, overlay)] })));
    const deviceSet = pointSet(devices.map((d) => ({ ...d.at, rgba: TONE_RGBA[deviceTone(d.row, overlay)] })));
    const list = [
      ...(trip.center ? [circleLayer('trip', trip.center, trip.radius)] : []),
      pointLayer('sites', siteSet, { radiusPixels: 7 }),
      pointLayer('devices', deviceSet, { radiusPixels: 5, visible: showDeviceMarkers(zoom) }),
      labelLayer(
        'site-names',
        sites.map((s) => ({ ...s.location, text: s.name })),
        zoom >= 12,
      ),
    ];
    return list;
  }, [sites, devices, overlay, zoom, trip.center, trip.radius]);

  const inTrip = useMemo(() => {
    if (!trip.center) return null;
    const c = trip.center;
    const s = sites
      .map((site) => ({ site, km: distanceKm(c, site.location) }))
      .filter((x) => x.km <= trip.radius)
      .sort((a, b) => a.km - b.km);
    const d = devices.filter((x) => distanceKm(c, x.at) <= trip.radius);
    return { sites: s, devices: d };
  }, [trip.center, trip.radius, sites, devices]);

  const pickOf = (p: MapPick | null) => {
    if (!p || p.layerId === null) return null;
    if (p.layerId === 'sites') return sites[p.index] ? { kind: 'site' as const, site: sites[p.index]! } : null;
    if (p.layerId === 'devices')
      return devices[p.index] ? { kind: 'device' as const, device: devices[p.index]! } : null;
    return null;
  };
  const hovered = pickOf(hover);

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
        <div role="radiogroup" aria-label="Overlay" className="join">
          {MAP_OVERLAYS.map((o) => (
            <button
              key={o}
              type="button"
              role="radio"
              aria-checked={overlay === o}
              className={`btn btn-sm join-item ${overlay === o ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => setOverlay(o)}
            >
              {o}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={onlyTickets}
            onChange={(e) => setOnlyTickets(e.target.checked)}
          />
          Only sites with tickets
        </label>
        {anyProviderSites && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-sm"
              checked={providerSites}
              onChange={(e) => setProviderSites(e.target.checked)}
            />
            Provider's own sites
          </label>
        )}
        <input
          className="input input-sm w-48"
          list="map-site-names"
          placeholder="Find a site"
          aria-label="Find a site"
          onChange={(e) => {
            const site = sites.find((x) => x.name.toLowerCase() === e.target.value.trim().toLowerCase());
            if (!site) return;
            setSelected({ kind: 'site', site });
            setFlyTo({ center: site.location, zoom: 16.5, key: Date.now() });
          }}
        />
        <datalist id="map-site-names">
          {sites.map((x) => (
            <option key={x.id} value={x.name} />
          ))}
        </datalist>
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
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() => [...markerQueries, ...rowQueries].forEach((q) => void q.refetch())}
        >
          Refresh
        </button>
        <span className="text-xs text-base-content/70">
          {loading
            ? 'Loading…'
            : `${sites.length} sites, ${devices.length} devices${showDeviceMarkers(zoom) ? '' : ' (zoom in past 15 to see devices)'}`}
        </span>
      </div>
      {failed && (
        <p className="alert alert-error" role="alert">
          {failed.message}
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
            flyTo={flyTo}
            onClick={(p) => {
              const hit = pickOf(p);
              if (trip.on && !hit && p.coordinate) setTrip((t) => ({ ...t, center: p.coordinate }));
              else setSelected(hit);
            }}
          />
          {hovered && hover && (
            <div
              className="pointer-events-none absolute z-10 max-w-64 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow"
              style={{ left: hover.x + 12, top: hover.y + 12 }}
            >
              {hovered.kind === 'site' ? (
                <>
                  <div className="font-semibold">{hovered.site.name}</div>
                  <div>{hovered.site.organization}</div>
                  <div>{`${hovered.site.devices.length} devices, ${hovered.site.devices.filter((d) => d.particleOnlineStatus === false).length} offline`}</div>
                  <div>{`Model ${hovered.site.modellingPipelineOn ? 'on' : 'off'}`}</div>
                </>
              ) : (
                <>
                  <div className="font-semibold">{hovered.device.row.name}</div>
                  <div>{hovered.device.row.currentSiteName}</div>
                  <div>{onlineStatus(hovered.device.row.particleOnlineStatus)}</div>
                </>
              )}
            </div>
          )}
          <ul
            className="absolute bottom-2 left-2 z-10 rounded-box bg-base-100/90 p-2 text-xs shadow"
            aria-label="Legend"
          >
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
        </div>
        <aside className="grid content-start gap-3" aria-label="Map details">
          {trip.on && (
            <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Trip">
              <h2 className="font-semibold">Trip planning</h2>
              {!inTrip ? (
                <p className="text-base-content/70">Click the map where the trip starts.</p>
              ) : (
                <>
                  <p>{`${inTrip.sites.length} sites and ${inTrip.devices.length} devices within ${trip.radius.toLocaleString('en-US')} km`}</p>
                  <ol className="mt-2 max-h-72 overflow-auto">
                    {inTrip.sites.map(({ site, km }) => (
                      <li key={site.id} className="flex justify-between gap-2 border-b border-base-200 py-0.5">
                        <button
                          type="button"
                          className="link link-hover truncate text-left"
                          onClick={() => setFlyTo({ center: site.location, zoom: 16.5, key: Date.now() })}
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
          )}
          {selected?.kind === 'site' && (
            <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Site details">
              <h2 className="font-semibold">{selected.site.name}</h2>
              <p className="text-base-content/80">{selected.site.organization}</p>
              <p>{`Model ${selected.site.modellingPipelineOn ? 'on' : 'off'}`}</p>
              <p>{`${selected.site.devices.length} devices: ${selected.site.devices.filter((d) => d.particleOnlineStatus === true).length} online, ${selected.site.devices.filter((d) => d.particleOnlineStatus === false).length} offline`}</p>
              <p>{`${selected.site.devices.filter((d) => d.deviceInstallationType !== 0).length} quarantined, ${selected.site.devices.filter((d) => d.hasFreshDeskTicket).length} with open tickets`}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  onClick={() => setFlyTo({ center: selected.site.location, zoom: 16.5, key: Date.now() })}
                >
                  Zoom to site
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  onClick={() => setTrip((t) => ({ ...t, on: true, center: selected.site.location }))}
                >
                  Start a trip here
                </button>
              </div>
            </section>
          )}
          {selected?.kind === 'device' && (
            <section className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" aria-label="Device details">
              <h2 className="font-semibold">{selected.device.row.name}</h2>
              <p>{selected.device.row.currentSiteName}</p>
              <p>{`${onlineStatus(selected.device.row.particleOnlineStatus)}, ${selected.device.row.deviceInstallationType === null ? '' : DeviceInstallationType.label(selected.device.row.deviceInstallationType)}`}</p>
              <div className="mt-2 flex gap-2">
                <button type="button" className="btn btn-sm btn-primary" onClick={() => onTrend(selected.device.row)}>
                  CH4 chart
                </button>
                <Link className="btn btn-sm btn-outline" to={`/device/${encodeURIComponent(selected.device.row.name)}`}>
                  Dashboard
                </Link>
              </div>
            </section>
          )}
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
