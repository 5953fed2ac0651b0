// Device Uptime (spec 2 §2, §4, §9): over at most 90 days (default the last 30), for the chosen organizations, site
// groups and sites — the summary tile, the by-period bar chart and the per-device status bars in a server-side grid
// (blocks of 100, at most 3). Row actions: device dashboard, the device's tickets, Create Support Ticket.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { siteGroupOptionsEndpoint, siteListEndpoint } from '@/contracts/site';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import { uptimeOverviewEndpoint, uptimeStatusEndpoint, type UptimeRow } from '@/contracts/uptime';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { gridQueryParams } from '@/domain/grid-query';
import { Permission } from '@/domain/permissions';
import { MAX_UPTIME_DAYS, UPTIME_PAGE, UPTIME_ROW_HEIGHT } from '@/domain/uptime';
import { ServerDataGrid, type ServerBlockParams } from '@/ui/data-grid/server-data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { MultiSelect } from '@/ui/multi-select';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { TicketBadges } from '@/entities/ticket/ticket-badges';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';
import { StatusStrip, UptimeByPeriodChart } from './uptime-charts';

export default function DeviceUptimePage() {
  const { organization, user } = useSession();
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  const canAdminister = useHasPermission(Permission.DeviceAdministration);
  const canSeeTickets = useHasPermission(Permission.DeviceAdministration, Permission.SiteHealthAdministration);
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  const organizations = useMemo(() => user.userOrganizations.filter((o) => !o.deleted), [user]);
  const [orgIds, setOrgIds] = useState<number[]>([organization!.id]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const [ticketFor, setTicketFor] = useState<{ id: number; name: string } | null>(null);
  const chosenOrgs = useMemo(() => (orgIds.length ? orgIds : [organization!.id]), [orgIds, organization]);

  const siteLists = useQueries({
    queries: chosenOrgs.map((id) => endpointQuery(siteListEndpoint, { query: { organizationId: id } })),
  });
  const groupLists = useQueries({
    queries: chosenOrgs.map((id) => endpointQuery(siteGroupOptionsEndpoint, { query: { organizationId: id } })),
  });
  const sites = useMemo(() => siteLists.flatMap((q) => q.data ?? []), [siteLists]);
  const groups = useMemo(() => groupLists.flatMap((q) => q.data ?? []), [groupLists]);
  const sitesInGroups = useMemo(
    () => (groupIds.length ? sites.filter((s) => s.siteGroupIds.some((g) => groupIds.includes(g))) : sites),
    [sites, groupIds],
  );
  // Sites chosen, or every site of the chosen groups; none means every site of the organizations.
  const effectiveSiteIds = useMemo(
    () => (siteIds.length ? siteIds : groupIds.length ? sitesInGroups.map((s) => s.id) : []),
    [siteIds, groupIds, sitesInGroups],
  );
  const groupsWithoutSites = groupIds.length > 0 && siteIds.length === 0 && sitesInGroups.length === 0;

  const scope = useMemo(
    () => ({
      fromTime: new Date(debounced.start).toISOString(),
      toTime: new Date(debounced.end).toISOString(),
      organizationIds: chosenOrgs,
      siteIds: effectiveSiteIds,
    }),
    [debounced.start, debounced.end, chosenOrgs, effectiveSiteIds],
  );
  const overview = useQuery({
    ...endpointQuery(uptimeOverviewEndpoint, { query: scope }),
    enabled: !groupsWithoutSites,
  });

  const fetchBlock = useCallback(
    (p: ServerBlockParams) =>
      groupsWithoutSites
        ? Promise.resolve({ rows: [], totalRows: 0, lastRow: 0 })
        : callEndpoint(uptimeStatusEndpoint, {
            query: {
              ...scope,
              ...gridQueryParams({
                startRow: p.startRow,
                endRow: p.endRow,
                sort: p.sort,
                filters: p.filters,
                quickFilters: [],
              }),
            },
            signal: p.signal,
          }),
    [scope, groupsWithoutSites],
  );

  const columns = useMemo<GridColumn<UptimeRow>[]>(
    () => [
      {
        id: 'deviceName',
        header: 'Device',
        value: (r) => r.deviceName,
        hideable: false,
        width: 130,
        cell: (r) =>
          canAdminister ? (
            <Link className="link link-primary" to={`/device/${encodeURIComponent(r.deviceName)}`}>
              {r.deviceName}
            </Link>
          ) : (
            r.deviceName
          ),
      },
      {
        id: 'organizationName',
        header: 'Organization',
        value: (r) => r.organizationName,
        hiddenByDefault: chosenOrgs.length < 2,
      },
      { id: 'siteName', header: 'Site', value: (r) => r.siteName },
      {
        id: 'freshdeskTickets',
        header: 'Tickets',
        value: (r) => r.freshdeskTickets.map((t) => t.id).join(' '),
        cell: (r) => <TicketBadges tickets={r.freshdeskTickets} />,
        width: 120,
      },
      {
        id: 'uptimePercentage',
        header: 'Uptime %',
        kind: 'number',
        value: (r) => r.summary.uptimePercentage,
        width: 100,
        cell: (r) => (r.summary.uptimePercentage === null ? '—' : `${r.summary.uptimePercentage.toFixed(1)}%`),
      },
      {
        id: 'status',
        header: 'Status by period',
        value: (r) => `${r.summary.upCount} up, ${r.summary.downCount} down`,
        sortable: false,
        filterable: false,
        noExport: false,
        cell: (r) => <StatusStrip row={r} />,
      },
    ],
    [canAdminister, chosenOrgs.length],
  );

  const summary = overview.data?.summary;
  return (
    <>
      <PageHeader title="Device Uptime">
        <DateRangePicker range={range} onChange={setRange} maxDays={MAX_UPTIME_DAYS} />
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {organizations.length > 1 && (
            <MultiSelect
              label="Organizations"
              allLabel={organization!.name}
              options={organizations.map((o) => ({ id: o.id, label: o.name }))}
              selected={orgIds}
              onChange={(ids) => {
                setOrgIds(ids);
                setGroupIds([]);
                setSiteIds([]);
              }}
            />
          )}
          <MultiSelect
            label="Site Groups"
            options={groups.map((g) => ({ id: g.id, label: g.name }))}
            selected={groupIds}
            onChange={(ids) => {
              setGroupIds(ids);
              setSiteIds([]);
            }}
          />
          <MultiSelect
            label="Sites"
            options={sitesInGroups.map((s) => ({ id: s.id, label: s.name }))}
            selected={siteIds}
            onChange={setSiteIds}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
          <section className="stats border border-base-300" aria-label="Uptime summary">
            <div className="stat">
              <div className="stat-title text-base-content/80">Uptime</div>
              <div className="stat-value tabular-nums">
                {overview.isPending
                  ? '–'
                  : summary?.uptimePercentage == null
                    ? '—'
                    : `${summary.uptimePercentage.toFixed(1)}%`}
              </div>
              <div className="stat-desc text-base-content/80">
                {summary
                  ? `${summary.upCount.toLocaleString('en-US')} periods up, ${summary.downCount.toLocaleString('en-US')} down`
                  : ' '}
              </div>
            </div>
          </section>
          {overview.error ? (
            <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />
          ) : (
            <UptimeByPeriodChart
              overview={
                groupsWithoutSites
                  ? { uptimeByPeriod: [], summary: { uptimePercentage: null, upCount: 0, downCount: 0 } }
                  : overview.data
              }
              tz={tz}
              format={format}
            />
          )}
        </div>
        <ServerDataGrid
          label="Device uptime"
          gridKey="DeviceUptimeColumnVisibility"
          columns={columns}
          getRowId={(r) => String(r.deviceId)}
          fetchBlock={fetchBlock}
          blockSize={UPTIME_PAGE}
          rowHeight={UPTIME_ROW_HEIGHT}
          maxBlocks={3}
          refreshKey={JSON.stringify(scope)}
          emptyText="No devices were installed in this selection and time range."
          height="calc(100vh - 26rem)"
          rowActions={(r) =>
            canSeeTickets || canAdminister ? (
              <span className="inline-flex gap-0.5">
                {canAdminister && (
                  <Link
                    className="btn btn-ghost btn-xs"
                    to={`/device/${encodeURIComponent(r.deviceName)}`}
                    aria-label={`Device dashboard of ${r.deviceName}`}
                  >
                    Dashboard
                  </Link>
                )}
                {canSeeTickets && canAdminister && r.freshdeskTickets.length > 0 && (
                  <Link
                    className="btn btn-ghost btn-xs"
                    to={`/device/${encodeURIComponent(r.deviceName)}?tab=Freshdesk`}
                    aria-label={`Tickets of ${r.deviceName}`}
                  >
                    Tickets
                  </Link>
                )}
                {canAdminister && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => setTicketFor({ id: r.deviceId, name: r.deviceName })}
                    aria-label={`Create support ticket for ${r.deviceName}`}
                  >
                    Ticket
                  </button>
                )}
              </span>
            ) : null
          }
        />
      </div>
      {ticketFor && <TicketCreateDialog device={ticketFor} onClose={() => setTicketFor(null)} />}
    </>
  );
}
