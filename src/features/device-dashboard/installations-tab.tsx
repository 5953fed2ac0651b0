// The Device Dashboard's Installations tab (spec 2 §2, §3 'Installation', 'Location stat'): a map of where the device
// has stood and the GPS fixes it reported; every installation, newest first, with where, how high and which way it
// stood, who installed and removed it, and its quarantine state; and the location stats, collapsed until asked for.
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import {
  deviceLocationStatsEndpoint,
  LOCATION_STATS_LIMIT,
  type Installation,
  type LocationStat,
} from '@/contracts/device';
import { formatLatLng } from '@/domain/coordinates';
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { useInstallations } from '@/entities/device/api';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { Icon } from '@/ui/icons';
import { labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';
import { MapView } from '@/ui/map/map-view';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { TONE_RGBA } from '@/domain/map';

const NO_INSTALLATIONS = 'No device installations have been created yet';
const NO_LOCATION_STATS = 'No location stats have been collected yet';

const useLocationStats = (deviceId: number, organizationId: number) =>
  useQuery(endpointQuery(deviceLocationStatsEndpoint, { query: { deviceId, organizationId } }));

const rgb = (tone: keyof typeof TONE_RGBA) => `rgb(${TONE_RGBA[tone].slice(0, 3).join(' ')})`;

function Legend() {
  const item = (tone: keyof typeof TONE_RGBA, label: string, small = false) => (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={`inline-block rounded-full border border-white shadow-sm ${small ? 'h-2 w-2' : 'h-3 w-3'}`}
        style={{ backgroundColor: rgb(tone) }}
      />
      {label}
    </span>
  );
  return (
    <p className="flex flex-wrap gap-4 text-xs text-base-content/80" aria-label="Map legend">
      {item('green', 'Current installation')}
      {item('grey', 'Earlier installation')}
      {item('blue', 'Location stat', true)}
    </p>
  );
}

export function InstallationsTab({ deviceId }: { deviceId: number }) {
  const { user, organization } = useSession();
  const installations = useInstallations(deviceId, organization!.id);
  const stats = useLocationStats(deviceId, organization!.id);
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  // Where the device has stood: the current installation green, earlier ones grey, each labelled with its site; the
  // fixes it reported as small blue points beneath them.
  const layers = useMemo(() => {
    const list = installations.data ?? [];
    return [
      pointLayer('location-stats', pointSet((stats.data ?? []).map((s) => ({ ...s.location, rgba: TONE_RGBA.blue }))), {
        radiusPixels: 3,
      }),
      pointLayer(
        'installations',
        pointSet(list.map((i) => ({ ...i.location, rgba: TONE_RGBA[i.endTime === null ? 'green' : 'grey'] }))),
        { radiusPixels: 7 },
      ),
      labelLayer(
        'installation-sites',
        list.map((i) => ({ ...i.location, text: i.siteName })),
        true,
      ),
    ];
  }, [installations.data, stats.data]);
  if (installations.isPending) return <Spinner label="Loading installations" />;
  if (installations.error)
    return <LoadError message={installations.error.message} onRetry={() => void installations.refetch()} />;
  // A fix always belongs to an installation: no installations, no location stats.
  if (installations.data.length === 0) return <p className="text-base-content/70">{NO_INSTALLATIONS}</p>;
  const focus = installations.data.find((i) => i.endTime === null) ?? installations.data[0]!;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <MapView
          label="Installations map"
          layers={layers}
          initialCenter={focus.location}
          initialZoom={16}
          className="h-72 w-full overflow-hidden rounded-box border border-base-300"
        />
        <Legend />
      </div>
      {/* Focusable so the keyboard can scroll it when the columns do not fit. */}
      <div
        className="overflow-x-auto rounded-box border border-base-300"
        tabIndex={0}
        role="group"
        aria-label="Installations table"
      >
        <table className="table table-sm" aria-label="Installations">
          <thead className="text-base-content">
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              <th scope="col">State</th>
              <th scope="col">Location</th>
              <th scope="col">Height</th>
              <th scope="col">Azimuth</th>
              <th scope="col">Installed By</th>
              <th scope="col">Uninstalled By</th>
              <th scope="col">Quarantine Notes</th>
            </tr>
          </thead>
          <tbody>
            {installations.data.map((i) => (
              <tr key={i.id}>
                <td>{i.siteName}</td>
                <td>{time(i.startTime)}</td>
                <td>{i.endTime ? time(i.endTime) : <span className="badge badge-sm badge-success">Installed</span>}</td>
                <td>{DeviceInstallationType.label(i.deviceInstallationType)}</td>
                <td className="tabular-nums">{formatLatLng(i.location)}</td>
                <td className="tabular-nums">{i.height === null ? '—' : `${i.height} m`}</td>
                <td className="tabular-nums">{i.azimuth === null ? '—' : `${i.azimuth}°`}</td>
                <td>{i.installedBy ?? '—'}</td>
                <td>{i.uninstalledBy ?? (i.endTime ? '—' : '')}</td>
                <td className="max-w-xs whitespace-normal">{i.quarantineNotes ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LocationStats stats={stats} installations={installations.data} time={time} />
    </div>
  );
}

function LocationStats({
  stats,
  installations,
  time,
}: {
  stats: ReturnType<typeof useLocationStats>;
  installations: readonly Installation[];
  time: (v: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const byId = useMemo(() => new Map(installations.map((i) => [i.id, i])), [installations]);
  const count = stats.data?.length;
  return (
    <section className="rounded-box border border-base-300 bg-base-100" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="flex items-center gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm m-1 gap-2 font-semibold"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <Icon name="chevron" className={`h-4 w-4 transition-transform ${open ? '-rotate-90' : 'rotate-180'}`} />
          Location Stats
        </button>
        {count !== undefined && count > 0 && (
          <span className="text-xs font-normal text-base-content/70">
            {count >= LOCATION_STATS_LIMIT
              ? `newest ${LOCATION_STATS_LIMIT.toLocaleString('en-US')}`
              : `${count} ${count === 1 ? 'fix' : 'fixes'}`}
          </span>
        )}
      </h2>
      {/* A failed load shows even while collapsed: the map lacks the fixes too. */}
      {stats.error && (
        <div className="px-3 pb-3">
          <LoadError message={stats.error.message} onRetry={() => void stats.refetch()} />
        </div>
      )}
      <div id={panelId} hidden={!open} className="border-t border-base-300">
        {open &&
          !stats.error &&
          (stats.isPending ? (
            <div className="p-3">
              <Spinner label="Loading location stats" />
            </div>
          ) : (
            <LocationStatsTable stats={stats.data} byId={byId} time={time} />
          ))}
      </div>
    </section>
  );
}

function LocationStatsTable({
  stats,
  byId,
  time,
}: {
  stats: readonly LocationStat[];
  byId: ReadonlyMap<number, Installation>;
  time: (v: string) => string;
}) {
  // An installation is named by its site, and by its start too when the device stood at that site more than once.
  const sites = useMemo(() => {
    const n = new Map<string, number>();
    for (const i of byId.values()) n.set(i.siteName, (n.get(i.siteName) ?? 0) + 1);
    return n;
  }, [byId]);
  if (stats.length === 0) return <p className="p-3 text-base-content/70">{NO_LOCATION_STATS}</p>;
  return (
    <div className="max-h-96 overflow-auto rounded-b-box" tabIndex={0} role="group" aria-label="Location Stats table">
      <table className="table table-sm table-pin-rows" aria-label="Location Stats">
        <thead className="text-base-content">
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Location</th>
            <th scope="col" className="text-right">
              Satellites
            </th>
            <th scope="col">Installation</th>
            <th scope="col" className="text-right">
              Distance from installation (m)
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s, k) => {
            const installation = byId.get(s.deviceInstallationId);
            return (
              <tr key={`${s.time}-${k}`}>
                <td className="whitespace-nowrap">{time(s.time)}</td>
                <td className="tabular-nums">{formatLatLng(s.location)}</td>
                <td className="text-right tabular-nums">{s.numberOfSatellites}</td>
                <td>
                  {installation ? (
                    <>
                      {installation.siteName}
                      {(sites.get(installation.siteName) ?? 0) > 1 && (
                        <span className="text-base-content/70"> from {time(installation.startTime)}</span>
                      )}
                    </>
                  ) : (
                    `Installation ${s.deviceInstallationId}`
                  )}
                </td>
                <td className="text-right tabular-nums">{s.distanceFromDeviceInstallationInMeters.toFixed(1)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
