// Site Health (spec 1 §2): model freshness colours, quick filters, devices tooltip table, auto-refresh, CSV export.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { siteHealthRowSchema, type SiteHealthRow } from '@/contracts/site-health';
import { toCsv } from '@/domain/csv';
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { matchesQuickFilter, modelFreshness, SITE_HEALTH_QUICK_FILTERS, type Freshness, type SiteHealthQuickFilter } from '@/domain/site-health';
import { downloadText } from '@/components/download';
import { GridFooter, LoadError } from '@/components/grid-parts';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';

const REFRESH_MS = 60_000;
const BADGE: Record<Freshness, string> = { success: 'badge-success', warning: 'badge-warning', error: 'badge-error', disabled: 'badge-ghost' };

function FreshnessCell({ value, on, tz, format }: { value: string | null; on: boolean; tz: string; format: '12-hr' | '24-hr' }) {
  const f = modelFreshness(value, on);
  const text = f === 'disabled' ? 'disabled' : value ? formatDateTime(value, tz, format) : 'Never';
  return <span className={`badge badge-sm whitespace-nowrap ${BADGE[f]}`}>{text}</span>;
}

function DevicesCell({ site }: { site: SiteHealthRow }) {
  if (site.devices.length === 0) return <span className="text-base-content/60">0</span>;
  return (
    <details className="dropdown">
      <summary className="btn btn-ghost btn-xs tabular-nums" aria-label={`${site.devices.length} devices at ${site.name}`}>
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
                <td>{d.deviceName}</td>
                <td>{d.latestCH4Time ?? '—'}</td>
                <td>{d.latestWindTime ?? '—'}</td>
                <td>{d.quarantinedAt ? DeviceInstallationType.label(d.deviceInstallationType) : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function SiteHealthPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  const [showDeleted, setShowDeleted] = useState(false);
  const [active, setActive] = useState<Set<SiteHealthQuickFilter>>(new Set());
  const { data, isPending, error, refetch, dataUpdatedAt, isFetching } = useQuery({
    queryKey: ['siteHealth', organizationId, { showDeleted }],
    queryFn: () =>
      apiRequest('/api/siteHealth/siteHealth/', z.array(siteHealthRowSchema), {
        query: { organizationId, ...(showDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
      }),
    refetchInterval: REFRESH_MS,
  });

  const rows = useMemo(() => {
    const now = Date.now();
    return (data ?? []).filter((s) =>
      [...active].every((f) => matchesQuickFilter(f, { modellingPipelineIsOn: s.modellingPipeline.isOn, lastRunTime: s.modellingPipeline.lastRunTime, processedUpTo: s.modellingPipeline.processedUpTo }, now)),
    );
  }, [data, active]);

  const toggle = (f: SiteHealthQuickFilter) =>
    setActive((prev) => {
      const next = new Set(prev);
      if (next.has(f)) next.delete(f);
      else next.add(f);
      return next;
    });

  const exportCsv = () =>
    downloadText(
      'SiteHealth.csv',
      toCsv(
        ['Name', 'Alias', 'Groups', 'Organization', 'Devices', 'Quarantined', 'Model On/Off', 'Model Last Run', 'Model Processed Up To', 'Deleted'],
        rows.map((s) => [
          s.name,
          s.alias,
          s.siteGroups.join(', '),
          s.organization,
          s.devices.length,
          s.devices.filter((d) => d.quarantinedAt).length,
          s.modellingPipeline.isOn ? 'On' : 'Off',
          s.modellingPipeline.lastRunTime,
          s.modellingPipeline.processedUpTo,
          s.deletedAt ? 'Yes' : 'No',
        ]),
      ),
    );

  return (
    <>
      <PageHeader title="Site Health">
        <div className="join" role="group" aria-label="Quick filters">
          {SITE_HEALTH_QUICK_FILTERS.map((f) => (
            <button key={f} type="button" className={`btn btn-sm join-item ${active.has(f) ? 'btn-primary' : 'btn-outline'}`} aria-pressed={active.has(f)} onClick={() => toggle(f)}>
              {f}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />
          Show Deleted
        </label>
        <button type="button" className="btn btn-sm btn-outline" disabled={rows.length === 0} onClick={exportCsv}>
          Export CSV
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        {isPending ? (
          <Spinner label="Loading site health" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : (
          <div className="rounded-box border border-base-300">
            <div className="max-h-[70vh] overflow-auto">
              <table className="table table-xs table-pin-rows">
                <thead className="bg-base-200 text-base-content">
                  <tr>
                    {['Name', 'Alias', 'Groups', 'Organization', 'Devices', 'Quarantined', 'Model On/Off', 'Model Last Run', 'Model Processed Up To', ...(showDeleted ? ['Deleted'] : [])].map((h) => (
                      <th key={h} scope="col" className="whitespace-nowrap">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 && (
                    <tr>
                      <td colSpan={10} className="py-6 text-center text-base-content/70">
                        No site matches the selected filters.
                      </td>
                    </tr>
                  )}
                  {rows.map((s) => {
                    const quarantined = s.devices.filter((d) => d.quarantinedAt).length;
                    return (
                      <tr key={s.id} className={s.deletedAt ? 'text-base-content/60 line-through' : ''}>
                        <td className="whitespace-nowrap font-medium">{s.name}</td>
                        <td className="whitespace-nowrap">{s.alias}</td>
                        <td className="max-w-56 truncate">{s.siteGroups.join(', ')}</td>
                        <td className="whitespace-nowrap">{s.organization}</td>
                        <td className="text-right">
                          <DevicesCell site={s} />
                        </td>
                        <td className="text-right tabular-nums">{quarantined > 0 ? <span className="badge badge-sm badge-warning">{quarantined}</span> : 0}</td>
                        <td>{s.modellingPipeline.isOn ? 'On' : 'Off'}</td>
                        <td>
                          <FreshnessCell value={s.modellingPipeline.lastRunTime} on={s.modellingPipeline.isOn} tz={tz} format={format} />
                        </td>
                        <td>
                          <FreshnessCell value={s.modellingPipeline.processedUpTo} on={s.modellingPipeline.isOn} tz={tz} format={format} />
                        </td>
                        {showDeleted && <td>{s.deletedAt ? 'Yes' : 'No'}</td>}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <GridFooter shown={rows.length} total={data?.length ?? 0} status={<span>{isFetching ? 'Refreshing…' : `Last refreshed ${new Date(dataUpdatedAt).toLocaleTimeString()}`} · refreshes every minute</span>} />
          </div>
        )}
      </div>
    </>
  );
}
