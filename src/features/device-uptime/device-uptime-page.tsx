// Device Uptime (spec 2 §2, §4, §9): over at most 90 days (default the last 30), for the chosen organizations, site
// groups and sites — the summary tile, the by-period bar chart and the per-device status bars in a server-side grid
// (blocks of 100, at most 3). Row actions: device dashboard, the device's tickets, Create Support Ticket.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import { uptimeOverviewEndpoint, type UptimeOverview } from '@/contracts/uptime';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { Permission } from '@/domain/permissions';
import { MAX_UPTIME_DAYS } from '@/domain/uptime';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { PageHeader } from '@/ui/page-header';
import { PageToolbar } from '@/ui/page-toolbar';
import { useHasPermission, useSession } from '@/ui/session-context';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';
import { UptimeByPeriodChart } from './uptime-charts';
import { UptimeGrid } from './uptime-grid';
import { UptimeScopePickers } from './uptime-scope-pickers';
import { useUptimeScope } from './use-uptime-scope';

const NO_UPTIME: UptimeOverview = { uptimeByPeriod: [], summary: { uptimePercentage: null, upCount: 0, downCount: 0 } };

export default function DeviceUptimePage() {
  const { organization, user } = useSession();
  const canAdminister = useHasPermission(Permission.DeviceAdministration);
  const canSeeTickets = useHasPermission(Permission.DeviceAdministration, Permission.SiteHealthAdministration);
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  const organizations = useMemo(() => user.userOrganizations.filter((o) => !o.deleted), [user]);
  const { scope, groupsWithoutSites, multipleOrganizations, pickers } = useUptimeScope(organization!.id, debounced);
  const [ticketFor, setTicketFor] = useState<{ id: number; name: string } | null>(null);
  const overview = useQuery({
    ...endpointQuery(uptimeOverviewEndpoint, { query: scope }),
    enabled: !groupsWithoutSites,
  });

  return (
    <>
      <PageHeader title="Device Uptime">
        <DateRangePicker range={range} onChange={setRange} maxDays={MAX_UPTIME_DAYS} />
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <PageToolbar
          filters={
            <UptimeScopePickers
              organizations={organizations}
              currentOrganizationName={organization!.name}
              pickers={pickers}
            />
          }
        />
        <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
          <UptimeSummaryTile loading={overview.isPending} summary={overview.data?.summary} />
          {overview.error ? (
            <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />
          ) : (
            <UptimeByPeriodChart
              overview={groupsWithoutSites ? NO_UPTIME : overview.data}
              tz={user.userSettings.ianaTimezoneId}
              format={user.userSettings.timeFormat}
            />
          )}
        </div>
        <UptimeGrid
          scope={scope}
          empty={groupsWithoutSites}
          multipleOrganizations={multipleOrganizations}
          canAdminister={canAdminister}
          canSeeTickets={canSeeTickets}
          onCreateTicket={setTicketFor}
        />
      </div>
      {ticketFor && <TicketCreateDialog device={ticketFor} onClose={() => setTicketFor(null)} />}
    </>
  );
}

/** The Uptime tile: the share of periods up over the scope, and the counts of periods up and down. */
function UptimeSummaryTile({ loading, summary }: { loading: boolean; summary: UptimeOverview['summary'] | undefined }) {
  return (
    <section className="stats border border-base-300" aria-label="Uptime summary">
      <div className="stat">
        <div className="stat-title text-base-content/80">Uptime</div>
        <div className="stat-value tabular-nums">
          {loading ? '–' : summary?.uptimePercentage == null ? '—' : `${summary.uptimePercentage.toFixed(1)}%`}
        </div>
        <div className="stat-desc text-base-content/80">
          {summary
            ? `${summary.upCount.toLocaleString('en-US')} periods up, ${summary.downCount.toLocaleString('en-US')} down`
            : ' '}
        </div>
      </div>
    </section>
  );
}
