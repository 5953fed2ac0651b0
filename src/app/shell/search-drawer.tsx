// The search drawer (spec 2 §2 'Search drawer'): 240 px at the left, pinnable on wide screens (remembered, pinned and
// open by default), 'Show All' with two or more organizations, the sites and — with DeviceAdministration — the devices
// lists filtered by one query with filtered/total counts, refreshed whenever the drawer opens.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { endpointKey, endpointQuery } from '@/api/endpoint-client';
import type { DeviceSearchRow } from '@/contracts/device';
import { deviceSearchListEndpoint, siteSearchListEndpoint } from '@/contracts/search';
import { quarantineBlocked } from '@/domain/device-form';
import { Permission } from '@/domain/permissions';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';
import { CloudFunctionDialog } from '@/entities/device/cloud-function-dialog';
import { EndInstallationDialog } from '@/entities/device/end-installation-dialog';
import { QuarantineDialog } from '@/entities/device/quarantine-dialog';
import { StartInstallationDialog } from '@/entities/device/start-installation-dialog';
import { Icon } from '@/ui/icons';
import { Popover } from '@/ui/popover';
import { useHasPermission, useSession } from '@/ui/session-context';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';

export const SEARCH_DRAWER_WIDTH = 240;
/** Lists draw at most this many matches; the counts still say how many there are. */
const SHOWN = 150;

type Dialog =
  | { kind: 'start' | 'end' | 'quarantine' | 'ticket' | 'cloud'; device: DeviceSearchRow }
  | { kind: 'siteCloud'; site: { id: number; name: string } };

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
  const qc = useQueryClient();
  const canDevices = useHasPermission(Permission.DeviceAdministration);
  const canInstall = useHasPermission(Permission.DeviceAdministration, Permission.DeviceInstallationStartStop);
  const canCloud = useHasPermission(Permission.ParticleCloudFunctions);
  const severalOrganizations =
    user.userDetails.isQubeUser || user.userOrganizations.filter((o) => !o.deleted).length > 1;
  const [showAll, setShowAll] = useState(false);
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const orgQuery = showAll ? {} : { organizationId: organization!.id };
  const sites = useQuery(endpointQuery(siteSearchListEndpoint, { query: orgQuery }));
  const devices = useQuery({ ...endpointQuery(deviceSearchListEndpoint, { query: orgQuery }), enabled: canDevices });
  // Fresh lists each time the drawer opens.
  useEffect(() => {
    void qc.invalidateQueries({ queryKey: endpointKey(siteSearchListEndpoint) });
    void qc.invalidateQueries({ queryKey: endpointKey(deviceSearchListEndpoint) });
  }, [qc]);

  const q = text.trim().toLowerCase();
  const siteMatches = useMemo(
    () =>
      (sites.data ?? []).filter(
        (s) => !q || [s.name, s.alias ?? '', ...s.siteGroupNames].some((v) => v.toLowerCase().includes(q)),
      ),
    [sites.data, q],
  );
  const deviceMatches = useMemo(
    () =>
      (devices.data ?? []).filter(
        (d) => !q || [d.name, d.currentSiteName ?? '', ...d.siteGroupNames].some((v) => v.toLowerCase().includes(q)),
      ),
    [devices.data, q],
  );

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
        <section aria-label="Sites found">
          <h3 className="sticky top-0 z-10 bg-base-200 px-2 py-1 text-xs font-semibold uppercase">{`Sites ${siteMatches.length}/${sites.data?.length ?? 0}`}</h3>
          {sites.isPending ? (
            <p className="p-2 text-xs text-base-content/70">Loading…</p>
          ) : sites.error ? (
            <p className="p-2 text-xs text-error">{sites.error.message}</p>
          ) : (
            <ul>
              {siteMatches.slice(0, SHOWN).map((s) => (
                <li key={s.id} className="flex items-start gap-1 border-b border-base-200 px-2 py-1 text-xs">
                  <div className="min-w-0 flex-1">
                    <Link
                      className="link link-hover font-medium"
                      to={`/site/${s.id}?organizationId=${s.organizationId}`}
                      aria-label={`Dashboard of ${s.name}`}
                    >
                      {s.name}
                    </Link>
                    <div className="truncate text-base-content/70">
                      {[s.alias, s.siteGroupNames.join(', '), showAll ? s.organizationName : null]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </div>
                  </div>
                  {canCloud && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={s.organizationId !== organization!.id}
                      title={
                        s.organizationId !== organization!.id
                          ? `Switch to ${s.organizationName} to call its cloud functions`
                          : 'Cloud Functions'
                      }
                      aria-label={`Cloud functions of ${s.name}`}
                      onClick={() => setDialog({ kind: 'siteCloud', site: s })}
                    >
                      ⚡
                    </button>
                  )}
                </li>
              ))}
              {siteMatches.length > SHOWN && (
                <li className="p-2 text-xs text-base-content/70">{`${siteMatches.length - SHOWN} more — refine the search`}</li>
              )}
            </ul>
          )}
        </section>
        {canDevices && (
          <section aria-label="Devices found">
            <h3 className="sticky top-0 z-10 bg-base-200 px-2 py-1 text-xs font-semibold uppercase">{`Devices ${deviceMatches.length}/${devices.data?.length ?? 0}`}</h3>
            {devices.isPending ? (
              <p className="p-2 text-xs text-base-content/70">Loading…</p>
            ) : devices.error ? (
              <p className="p-2 text-xs text-error">{devices.error.message}</p>
            ) : (
              <ul>
                {deviceMatches.slice(0, SHOWN).map((d) => {
                  const here = d.organizationId === organization!.id;
                  const blocked = quarantineBlocked(d.deviceType, d.currentInstallationId !== null);
                  const item = (label: string, onClick: () => void, disabledWhy: string | null = null) => (
                    <li key={label} className={disabledWhy ? 'menu-disabled' : ''} title={disabledWhy ?? undefined}>
                      <button type="button" disabled={disabledWhy !== null} onClick={onClick}>
                        {label}
                      </button>
                    </li>
                  );
                  const elsewhere = here ? null : `Switch to ${d.organizationName} to change this device`;
                  return (
                    <li key={d.id} className="flex items-start gap-1 border-b border-base-200 px-2 py-1 text-xs">
                      <div className="min-w-0 flex-1">
                        <div className="font-medium">{d.name}</div>
                        <div className="truncate text-base-content/70">
                          {[
                            d.currentSiteName ?? 'Not installed',
                            d.siteGroupNames.join(', '),
                            showAll ? d.organizationName : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </div>
                      </div>
                      <Popover
                        label="⋯"
                        buttonClassName="btn btn-ghost btn-xs"
                        haspopup="true"
                        panelClassName="absolute right-0 top-full z-30 mt-1 w-52 rounded-box border border-base-300 bg-base-100 shadow-lg"
                      >
                        {(close) => (
                          <ul className="menu menu-sm p-1" aria-label={`Actions for ${d.name}`}>
                            <li>
                              <Link to={`/device/${encodeURIComponent(d.name)}`} onClick={close}>
                                Device Dashboard
                              </Link>
                            </li>
                            {canInstall &&
                              (d.currentInstallationId
                                ? item(
                                    'End Installation',
                                    () => {
                                      close();
                                      setDialog({ kind: 'end', device: d });
                                    },
                                    elsewhere,
                                  )
                                : item(
                                    'Start Installation',
                                    () => {
                                      close();
                                      setDialog({ kind: 'start', device: d });
                                    },
                                    elsewhere,
                                  ))}
                            {item(
                              'Change Quarantine State',
                              () => {
                                close();
                                setDialog({ kind: 'quarantine', device: d });
                              },
                              elsewhere ?? blocked,
                            )}
                            {canCloud &&
                              d.deviceType === 'Qube' &&
                              item(
                                'Cloud Functions',
                                () => {
                                  close();
                                  setDialog({ kind: 'cloud', device: d });
                                },
                                elsewhere,
                              )}
                            {item(
                              'Create Support Ticket',
                              () => {
                                close();
                                setDialog({ kind: 'ticket', device: d });
                              },
                              elsewhere ?? (d.currentInstallationId ? null : NOT_INSTALLED_FOR_TICKET),
                            )}
                          </ul>
                        )}
                      </Popover>
                    </li>
                  );
                })}
                {deviceMatches.length > SHOWN && (
                  <li className="p-2 text-xs text-base-content/70">{`${deviceMatches.length - SHOWN} more — refine the search`}</li>
                )}
              </ul>
            )}
          </section>
        )}
      </div>
      {dialog?.kind === 'start' && <StartInstallationDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'end' && <EndInstallationDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'quarantine' && (
        <QuarantineDialog device={{ ...dialog.device }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'ticket' && <TicketCreateDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cloud' && (
        <CloudFunctionDialog
          target={{ kind: 'device', id: dialog.device.id, name: dialog.device.name }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'siteCloud' && (
        <CloudFunctionDialog
          target={{ kind: 'site', id: dialog.site.id, name: dialog.site.name }}
          onClose={() => setDialog(null)}
        />
      )}
    </aside>
  );
}
