// The search drawer (spec 2 §2 'Search drawer'): 240 px at the left, pinnable on wide screens (remembered, pinned and
// open by default), 'Show All' with two or more organizations, the sites and — with DeviceAdministration — the devices
// lists filtered by one query with filtered/total counts, refreshed whenever the drawer opens.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { endpointKey, endpointQuery } from '@/api/endpoint-client';
import { deviceSearchListEndpoint, siteSearchListEndpoint } from '@/contracts/search';
import { Permission } from '@/domain/permissions';
import { Icon } from '@/ui/icons';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SearchDrawerDialogs, type SearchDrawerDialog } from './search-drawer-dialogs';
import { deviceMenu, matchingDevices, matchingSites } from './search-drawer-lists';
import { DeviceResult, ResultSection, SiteResult } from './search-drawer-results';

export const SEARCH_DRAWER_WIDTH = 240;

export function SearchDrawer({
  pinned,
  onPin,
  onClose,
}: {
  pinned: boolean;
  onPin: (pinned: boolean) => void;
  onClose: () => void;
}) {
  const { user, organization } = useSession();
  const organizationId = organization!.id;
  const qc = useQueryClient();
  const canDevices = useHasPermission(Permission.DeviceAdministration);
  const canInstall = useHasPermission(Permission.DeviceAdministration, Permission.DeviceInstallationStartStop);
  const canCloud = useHasPermission(Permission.ParticleCloudFunctions);
  const severalOrganizations =
    user.userDetails.isQubeUser || user.userOrganizations.filter((o) => !o.deleted).length > 1;
  const [showAll, setShowAll] = useState(false);
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<SearchDrawerDialog | null>(null);
  const orgQuery = showAll ? {} : { organizationId };
  const sites = useQuery(endpointQuery(siteSearchListEndpoint, { query: orgQuery }));
  const devices = useQuery({ ...endpointQuery(deviceSearchListEndpoint, { query: orgQuery }), enabled: canDevices });
  // Fresh lists each time the drawer opens.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: endpointKey(siteSearchListEndpoint) });
    void qc.invalidateQueries({ queryKey: endpointKey(deviceSearchListEndpoint) });
  }, [qc]);
  const siteMatches = useMemo(() => matchingSites(sites.data ?? [], text), [sites.data, text]);
  const deviceMatches = useMemo(() => matchingDevices(devices.data ?? [], text), [devices.data, text]);

  return (
    <aside
      aria-label="Search"
      className="flex h-full shrink-0 flex-col border-r border-base-300 bg-base-100"
      style={{ width: SEARCH_DRAWER_WIDTH }}
    >
      <div className="flex items-center gap-1 border-b border-base-300 px-2 py-2">
        <h2 className="flex-1 text-sm font-semibold">Search</h2>
        <button
          type="button"
          className={`btn btn-ghost btn-xs hidden md:inline-flex ${pinned ? 'text-primary' : ''}`}
          aria-pressed={pinned}
          aria-label={pinned ? 'Unpin the search drawer' : 'Pin the search drawer'}
          title={pinned ? 'Unpin' : 'Pin'}
          onClick={() => onPin(!pinned)}
        >
          <Icon name="pin" className="h-4 w-4" />
        </button>
        <button type="button" className="btn btn-ghost btn-xs" aria-label="Close the search drawer" onClick={onClose}>
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
      <div className="grid gap-2 border-b border-base-300 p-2">
        <input
          className="input input-sm w-full"
          type="search"
          placeholder="Sites, devices, groups"
          aria-label="Find by name or group"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {severalOrganizations && (
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              className="toggle toggle-xs"
              checked={showAll}
              onChange={(e) => setShowAll(e.target.checked)}
            />
            Show All
          </label>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-auto" tabIndex={0} role="group" aria-label="Search results">
        <ResultSection
          label="Sites found"
          title="Sites"
          query={sites}
          found={siteMatches}
          row={(s) => (
            <SiteResult
              key={s.id}
              site={s}
              showAll={showAll}
              organizationId={organizationId}
              canCloud={canCloud}
              onCloud={() => setDialog({ kind: 'siteCloud', site: s })}
            />
          )}
        />
        {canDevices && (
          <ResultSection
            label="Devices found"
            title="Devices"
            query={devices}
            found={deviceMatches}
            row={(d) => (
              <DeviceResult
                key={d.id}
                device={d}
                showAll={showAll}
                menu={deviceMenu(d, { organizationId, canInstall, canCloud })}
                onAction={(kind) => setDialog({ kind, device: d })}
              />
            )}
          />
        )}
      </div>
      <SearchDrawerDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </aside>
  );
}
