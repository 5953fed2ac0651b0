// The Device Dashboard's Installations tab (spec 2 §2, §3 'Installation'): every installation, newest first, with
// where, how high and which way it stood, who installed and removed it, and its quarantine state.
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { useMemo } from 'react';
import { useInstallations } from '@/components/device-dialogs/api';
import { labelLayer, pointLayer, pointSet } from '@/components/lib/map-layers';
import { MapView } from '@/components/lib/map-view';
import { TONE_RGBA } from '@/domain/map';
import { LoadError } from '@/components/grid-parts';
import { useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';

export function InstallationsTab({ deviceId }: { deviceId: number }) {
  const { user, organization } = useSession();
  const installations = useInstallations(deviceId, organization!.id);
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  // Where the device has stood: the current installation green, earlier ones grey, each labelled with its site.
  const layers = useMemo(() => {
    const list = installations.data ?? [];
    return [
      pointLayer('installations', pointSet(list.map((i) => ({ ...i.location, rgba: TONE_RGBA[i.endTime === null ? 'green' : 'grey'] }))), { radiusPixels: 7 }),
      labelLayer('installation-sites', list.map((i) => ({ ...i.location, text: i.siteName })), true),
    ];
  }, [installations.data]);
  if (installations.isPending) return <Spinner label="Loading installations" />;
  if (installations.error) return <LoadError message={installations.error.message} onRetry={() => void installations.refetch()} />;
  if (installations.data.length === 0) return <p className="text-base-content/70">No device installations have been created yet</p>;
  const focus = installations.data.find((i) => i.endTime === null) ?? installations.data[0]!;
  return (
    <div className="grid gap-3">
    <MapView label="Installations map" layers={layers} initialCenter={focus.location} initialZoom={16} className="h-72 w-full overflow-hidden rounded-box border border-base-300" />
    <div className="overflow-x-auto rounded-box border border-base-300">
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
              <td className="tabular-nums">
                {i.location.lat.toFixed(5)},{i.location.lng.toFixed(5)}
              </td>
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
    </div>
  );
}
