// The Site Health grid's columns and quick filters (spec 1 §2, §9): model freshness colours, sources, the devices
// tooltip table, quarantined devices, tickets, the model's state and why it is blocked.
import { Link } from 'react-router';
import type { SiteHealthRow } from '@/contracts/site-health';
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { matchesQuickFilter, modelFreshness, SITE_HEALTH_QUICK_FILTERS, type Freshness } from '@/domain/site-health';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { TicketBadges } from '@/entities/ticket/ticket-badges';

const BADGE: Record<Freshness, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  disabled: 'badge-ghost',
};

function FreshnessCell({
  value,
  on,
  tz,
  format,
}: {
  value: string | null;
  on: boolean;
  tz: string;
  format: '12-hr' | '24-hr';
}) {
  const f = modelFreshness(value, on);
  const text = f === 'disabled' ? 'disabled' : value ? formatDateTime(value, tz, format) : 'Never';
  return <span className={`badge badge-sm whitespace-nowrap ${BADGE[f]}`}>{text}</span>;
}

function DevicesCell({
  site,
  tz,
  format,
  canOpenDevice,
}: {
  site: SiteHealthRow;
  tz: string;
  format: '12-hr' | '24-hr';
  canOpenDevice: boolean;
}) {
  if (site.devices.length === 0) return <span className="text-base-content/60">0</span>;
  return (
    <details className="dropdown">
      <summary
        className="btn btn-ghost btn-xs tabular-nums"
        aria-label={`${site.devices.length} devices at ${site.name}`}
      >
        {site.devices.length}
      </summary>
      <div className="dropdown-content z-30 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <table className="table table-xs">
          <thead className="text-base-content">
            <tr>
              <th scope="col">Device Name</th>
              <th scope="col">Latest CH4</th>
              <th scope="col">Latest Wind</th>
              <th scope="col">Quarantined</th>
            </tr>
          </thead>
          <tbody>
            {site.devices.map((d) => (
              <tr key={d.deviceName}>
                <td>
                  {canOpenDevice ? (
                    <Link className="link link-primary" to={`/device/${encodeURIComponent(d.deviceName)}`}>
                      {d.deviceName}
                    </Link>
                  ) : (
                    d.deviceName
                  )}
                </td>
                <td>{d.latestCH4Time ? formatDateTime(d.latestCH4Time, tz, format) : '—'}</td>
                <td>{d.latestWindTime ? formatDateTime(d.latestWindTime, tz, format) : '—'}</td>
                <td>{d.quarantinedAt ? DeviceInstallationType.label(d.deviceInstallationType) : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface ColumnOptions {
  tz: string;
  format: '12-hr' | '24-hr';
  canOpenDevice: boolean;
  /** Provider staff see the tickets' primary symptoms (spec 2 §6). */
  internal: boolean;
  showDeleted: boolean;
}

export function siteHealthColumns({ tz, format, canOpenDevice, internal, showDeleted }: ColumnOptions) {
  const freshness = (pick: (s: SiteHealthRow) => string | null) => (s: SiteHealthRow) => (
    <FreshnessCell value={pick(s)} on={s.modellingPipeline.isOn} tz={tz} format={format} />
  );
  const list: GridColumn<SiteHealthRow>[] = [
    { id: 'name', header: 'Name', value: (s) => s.name, hideable: false, width: 180 },
    { id: 'alias', header: 'Alias', value: (s) => s.alias },
    { id: 'groups', header: 'Groups', value: (s) => s.siteGroups.join(', ') },
    { id: 'organization', header: 'Organization', value: (s) => s.organization },
    {
      id: 'sources',
      header: 'Sources',
      kind: 'number',
      align: 'right',
      value: (s) => s.emissionSourceCount,
      // Green when the site has sources to model, red when it has none (spec 1 §2).
      cell: (s) => (
        <span className={`badge badge-sm tabular-nums ${s.emissionSourceCount > 0 ? 'badge-success' : 'badge-error'}`}>
          {s.emissionSourceCount}
        </span>
      ),
      width: 90,
    },
    {
      id: 'devices',
      header: 'Devices',
      kind: 'number',
      overflowVisible: true,
      value: (s) => s.devices.length,
      cell: (s) => <DevicesCell site={s} tz={tz} format={format} canOpenDevice={canOpenDevice} />,
    },
    {
      id: 'quarantined',
      header: 'Quarantined',
      kind: 'number',
      value: (s) => s.devices.filter((d) => d.quarantinedAt).length,
      cell: (s) => {
        const n = s.devices.filter((d) => d.quarantinedAt).length;
        return n > 0 ? <span className="badge badge-sm badge-warning">{n}</span> : 0;
      },
    },
    {
      id: 'tickets',
      header: 'Support Tickets',
      value: (s) => s.freshdeskTickets.map((t) => t.id).join(' '),
      cell: (s) => <TicketBadges tickets={s.freshdeskTickets} />,
    },
    ...(internal
      ? [
          {
            id: 'symptomPrimary',
            header: 'Symptom Primary',
            value: (s: SiteHealthRow) => s.symptomPrimaryNames.join(', '),
          },
        ]
      : []),
    { id: 'modelOn', header: 'Model On/Off', value: (s) => (s.modellingPipeline.isOn ? 'On' : 'Off') },
    {
      id: 'modelBlocked',
      header: 'Model Blocked',
      // Why a model that is on does not advance (spec 3 §8: no emission sources, or an active device without recent data).
      value: (s) => (s.modellingPipeline.isBlocked ? (s.modellingPipeline.blockReason ?? 'Blocked') : ''),
      cell: (s) =>
        s.modellingPipeline.isBlocked ? (
          <span className="flex min-w-0 items-center gap-1" title={s.modellingPipeline.blockReason ?? undefined}>
            <span className="badge badge-sm badge-warning shrink-0">Blocked</span>
            <span className="truncate text-xs">{s.modellingPipeline.blockReason}</span>
          </span>
        ) : null,
      width: 240,
    },
    {
      id: 'modelLastRun',
      header: 'Model Last Run',
      kind: 'date',
      value: (s) => s.modellingPipeline.lastRunTime,
      cell: freshness((s) => s.modellingPipeline.lastRunTime),
      exportValue: (s) => s.modellingPipeline.lastRunTime,
    },
    {
      id: 'modelProcessedUpTo',
      header: 'Model Processed Up To',
      kind: 'date',
      value: (s) => s.modellingPipeline.processedUpTo,
      cell: freshness((s) => s.modellingPipeline.processedUpTo),
      exportValue: (s) => s.modellingPipeline.processedUpTo,
    },
  ];
  if (showDeleted) list.push({ id: 'deleted', header: 'Deleted', value: (s) => (s.deletedAt ? 'Yes' : 'No') });
  return list;
}

/** The quick filters of spec 1 §9, evaluated at the time of a refresh. */
export function siteHealthQuickFilters(now: number): QuickFilter<SiteHealthRow>[] {
  return SITE_HEALTH_QUICK_FILTERS.map((f) => ({
    id: f,
    label: f,
    predicate: (s: SiteHealthRow) =>
      matchesQuickFilter(
        f,
        {
          modellingPipelineIsOn: s.modellingPipeline.isOn,
          lastRunTime: s.modellingPipeline.lastRunTime,
          processedUpTo: s.modellingPipeline.processedUpTo,
        },
        now,
      ),
  }));
}
