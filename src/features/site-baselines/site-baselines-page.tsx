// Site Baselines (spec 3 §2; SiteBaselineAdministration): every site with its active baseline's type, effective date
// and rate; per row Create Baseline and the site's baseline history.
import { useState } from 'react';
import type { SiteBaselineListRow } from '@/contracts/emission';
import { BASELINE_MESSAGES, baselineTypeLabel, formatBaseline } from '@/domain/site-baseline';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { useCh4Units, type Ch4Units } from '@/ui/hooks/use-ch4-units';
import { useBaselineList } from './api';
import { SiteBaselineHistoryDialog } from './baseline-dialogs';
import { CreateBaselineDialog } from './create-baseline-dialog';
import { SiteDashboardLink } from '@/entities/site/site-links';

function columns(units: Ch4Units): GridColumn<SiteBaselineListRow>[] {
  return [
    { id: 'siteName', header: 'Site', value: (r) => r.siteName, hideable: false },
    {
      id: 'baselineType',
      header: 'Baseline Type',
      value: (r) => (r.baselineType === null ? BASELINE_MESSAGES.noActive : baselineTypeLabel(r.baselineType)),
    },
    {
      id: 'effectiveFrom',
      header: 'Effective From',
      kind: 'date',
      value: (r) => (r.effectiveFrom ? new Date(r.effectiveFrom) : null),
    },
    {
      id: 'baseline',
      header: `Baseline (${units.rateLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) => (r.baseline === null ? null : Math.round(units.rate(r.baseline) * 100) / 100),
      cell: (r) => (r.baseline === null ? '' : formatBaseline(units.rate(r.baseline))),
    },
    {
      id: 'regulation',
      header: 'EPA Regulated',
      value: (r) => (r.isEpaRegulated ? 'Yes' : 'No'),
      filterOptions: ['Yes', 'No'],
    },
    {
      id: 'regulatorySiteType',
      header: 'Regulatory Site Type',
      value: (r) => r.regulatorySiteTypeName,
      hiddenByDefault: true,
    },
  ];
}

const QUICK: QuickFilter<SiteBaselineListRow>[] = [
  {
    id: 'active',
    label: 'Active Baseline',
    title: 'Sites with an active baseline',
    predicate: (r) => r.baselineId !== null,
  },
  {
    id: 'none',
    label: 'No Baseline',
    title: 'Sites without an active baseline',
    predicate: (r) => r.baselineId === null,
  },
];

export default function SiteBaselinesPage() {
  const { organization } = useSession();
  const organizationId = organization?.id ?? 0;
  const units = useCh4Units();
  const list = useBaselineList(organizationId);
  const [creating, setCreating] = useState<{ siteId: number | null } | null>(null);
  const [history, setHistory] = useState<SiteBaselineListRow | null>(null);
  return (
    <>
      <PageHeader title="Site Baselines">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreating({ siteId: null })}>
          Create Baseline
        </button>
      </PageHeader>
      <div className="p-4">
        <DataGrid
          label="Site baselines"
          gridKey="SiteBaselinesColumnVisibility"
          columns={columns(units)}
          rows={list.data}
          getRowId={(r) => String(r.siteId)}
          loading={list.isPending}
          error={list.isError ? { message: list.error.message, retry: () => void list.refetch() } : null}
          refreshedAt={list.dataUpdatedAt}
          quickFilters={QUICK}
          searchPlaceholder="Search sites"
          exportName="SiteBaselines"
          rowActions={(r) => (
            <div className="flex gap-1">
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Create a baseline for ${r.siteName}`}
                onClick={() => setCreating({ siteId: r.siteId })}
              >
                Create
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Baseline history of ${r.siteName}`}
                onClick={() => setHistory(r)}
              >
                History
              </button>
              <SiteDashboardLink siteId={r.siteId} siteName={r.siteName} />
            </div>
          )}
        />
      </div>
      {creating && (
        <CreateBaselineDialog
          sites={list.data ?? []}
          initialSiteId={creating.siteId}
          onClose={() => setCreating(null)}
        />
      )}
      {history && (
        <SiteBaselineHistoryDialog
          siteId={history.siteId}
          siteName={history.siteName}
          onClose={() => setHistory(null)}
        />
      )}
    </>
  );
}
