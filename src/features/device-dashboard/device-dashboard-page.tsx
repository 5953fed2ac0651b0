// Device Dashboard (spec 2 §2): /device/:deviceName?tab=. Data tab: a chart per chosen measurement type over the
// page's time range (URL start/end), Show/Hide Widgets with groups, defaults CH4 and wind, selection remembered.
// Installations tab: where the device has stood. Unknown tab values fall back to Data.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { apiRequest } from '@/api/client';
import { deviceSummarySchema, type DeviceSummary } from '@/contracts/device';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { DASHBOARD_TABS, dashboardTab, readWidgetSelection, WIDGET_GROUPS, WIDGET_UNAVAILABLE, WIDGETS_STORAGE_KEY } from '@/domain/device-widgets';
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { measurementType } from '@/domain/measurement-types';
import { AuditHistoryDialog } from '@/components/audit-history-dialog';
import { DateRangePicker, useUrlTimeRange } from '@/components/date-range-picker';
import { LoadError } from '@/components/grid-parts';
import { TimeSeriesChart } from '@/components/lib/time-series-chart';
import { PageHeader } from '@/components/page-header';
import { Popover } from '@/components/popover';
import { useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toasts';

export default function DeviceDashboardPage() {
  const { deviceName = '' } = useParams();
  const { organization } = useSession();
  const organizationId = organization?.id ?? 0;
  const device = useQuery({
    queryKey: ['deviceSummary', organizationId, deviceName],
    queryFn: () => apiRequest('/api/device/deviceSummary/', deviceSummarySchema, { query: { organizationId, deviceName } }),
    retry: false,
  });
  if (device.isPending) return <Spinner label="Loading device" />;
  if (device.error)
    return (
      <>
        <PageHeader title={deviceName} />
        <div className="p-4">
          <LoadError message={device.error.message === 'Device not found' ? `There is no device named ${deviceName} in ${organization?.name ?? 'this organization'}.` : device.error.message} onRetry={() => void device.refetch()} />
        </div>
      </>
    );
  return <Dashboard device={device.data} />;
}

function Dashboard({ device }: { device: DeviceSummary }) {
  const [params, setParams] = useSearchParams();
  const tab = dashboardTab(params.get('tab'));
  const { user, organization } = useSession();
  const current = device.installations.find((i) => i.endTime === null);
  const [history, setHistory] = useState(false);
  return (
    <>
      <PageHeader title={device.name}>
        <span className="badge badge-outline">{device.deviceType}</span>
        <span className={`badge ${device.online === true ? 'badge-success' : device.online === false ? 'badge-error' : 'badge-ghost'}`}>{device.online === true ? 'Online' : device.online === false ? 'Offline' : 'Unknown'}</span>
        {current && <span className="text-sm text-base-content/70">at {current.siteName}</span>}
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setHistory(true)}>
          History
        </button>
      </PageHeader>
      <AuditHistoryDialog entity="device" id={history ? device.id : null} organizationId={organization!.id} title={`History of ${device.name}`} onClose={() => setHistory(false)} />
      <div role="tablist" className="tabs tabs-border px-4" aria-label="Device dashboard tabs">
        {DASHBOARD_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={`tab text-base-content opacity-100 ${tab === t ? 'tab-active font-semibold' : ''}`}
            onClick={() =>
              setParams((p) => {
                const next = new URLSearchParams(p);
                next.set('tab', t);
                return next;
              })
            }
          >
            {t}
          </button>
        ))}
      </div>
      {tab === 'Data' ? (
        <DataTab device={device} />
      ) : (
        <div className="p-4">
          {device.installations.length === 0 ? (
            <p className="text-base-content/70">No device installations have been created yet</p>
          ) : (
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">Site</th>
                    <th scope="col">Start</th>
                    <th scope="col">End</th>
                    <th scope="col">State</th>
                    <th scope="col">Location</th>
                  </tr>
                </thead>
                <tbody>
                  {device.installations.map((i) => (
                    <tr key={i.id}>
                      <td>{i.siteName}</td>
                      <td>{formatDateTime(i.startTime, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}</td>
                      <td>{i.endTime ? formatDateTime(i.endTime, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat) : 'Installed'}</td>
                      <td>{DeviceInstallationType.label(i.deviceInstallationType)}</td>
                      <td className="tabular-nums">
                        {i.location.lat.toFixed(5)},{i.location.lng.toFixed(5)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </>
  );
}

function DataTab({ device }: { device: DeviceSummary }) {
  const { organization } = useSession();
  const toast = useToast();
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  const available = useMemo(() => new Set(device.measurementTypes.map((m) => m.id)), [device]);
  const [selected, setSelected] = useState<number[]>(() => readWidgetSelection(window.localStorage.getItem(WIDGETS_STORAGE_KEY)));
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set(WIDGET_GROUPS.filter((g) => g.collapsible).map((g) => g.name)));
  const choose = (ids: number[]) => {
    setSelected(ids);
    window.localStorage.setItem(WIDGETS_STORAGE_KEY, JSON.stringify(ids));
  };
  const shown = WIDGET_GROUPS.flatMap((g) => g.typeIds).filter((id) => selected.includes(id) && available.has(id));
  const onMessage = useCallback((text: string) => toast(text, 'info'), [toast]);
  return (
    <div className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangePicker range={range} onChange={setRange} />
        <Popover label="Show/Hide Widgets" buttonClassName="btn btn-sm btn-outline" haspopup="true" panelClassName="absolute right-0 top-full z-40 mt-1 max-h-[70vh] w-72 overflow-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          {() =>
            WIDGET_GROUPS.map((g) => (
              <fieldset key={g.name} className="mb-1">
                <legend className="flex w-full items-center justify-between px-1 text-xs font-semibold uppercase text-base-content/70">
                  {g.name}
                  {g.collapsible && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-expanded={!folded.has(g.name)}
                      onClick={() => setFolded((f) => (f.has(g.name) ? new Set([...f].filter((x) => x !== g.name)) : new Set([...f, g.name])))}
                    >
                      {folded.has(g.name) ? 'Show' : 'Hide'}
                    </button>
                  )}
                </legend>
                {!folded.has(g.name) &&
                  g.typeIds.map((id) => {
                    const has = available.has(id);
                    return (
                      <label key={id} className={`flex items-center gap-2 rounded px-2 py-0.5 text-sm ${has ? 'cursor-pointer hover:bg-base-200' : 'text-base-content/50'}`} title={has ? undefined : WIDGET_UNAVAILABLE}>
                        <input
                          type="checkbox"
                          className="checkbox checkbox-xs"
                          disabled={!has}
                          aria-describedby={has ? undefined : 'widget-unavailable'}
                          checked={has && selected.includes(id)}
                          onChange={(e) => choose(e.target.checked ? [...selected, id] : selected.filter((x) => x !== id))}
                        />
                        {measurementType(id).label}
                      </label>
                    );
                  })}
              </fieldset>
            ))
          }
        </Popover>
        <span id="widget-unavailable" className="sr-only">
          {WIDGET_UNAVAILABLE}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="text-base-content/70">{device.measurementTypes.length === 0 ? 'This device has not reported any data yet.' : 'Choose the charts to show with Show/Hide Widgets.'}</p>
      ) : (
        shown.map((id) => (
          <TimeSeriesChart key={id} deviceId={device.id} organizationId={organization!.id} type={measurementType(id)} range={debounced} onZoom={setRange} syncKey={`device-${device.id}`} onMessage={onMessage} />
        ))
      )}
    </div>
  );
}
