// A site's baselines as history columns (spec 3, Site Baselines): status, type, rate, effective dates and author.
// The Site Baselines screen adds its row actions; the dashboard's Baseline History shows them read-only.
import type { SiteBaseline } from '@/contracts/emission';
import { formatDateTime } from '@/domain/format';
import { baselineStatus, baselineTypeLabel, formatBaseline } from '@/domain/site-baseline';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import type { HistoryColumn } from '@/ui/history-dialog';

const STATUS_BADGE = { Active: 'badge-success', Ended: 'badge-ghost', Deleted: 'badge-error badge-outline' } as const;

/** Deleted baselines stay listed, struck through. */
export const baselineRowClassName = (b: SiteBaseline): string | undefined =>
  baselineStatus(b) === 'Deleted' ? 'line-through opacity-70' : undefined;

export function baselineColumns(
  units: Ch4Units,
  timeZone: string,
  timeFormat: Parameters<typeof formatDateTime>[2],
): HistoryColumn<SiteBaseline>[] {
  return [
    {
      header: 'Status',
      cell: (b) => <span className={`badge badge-sm ${STATUS_BADGE[baselineStatus(b)]}`}>{baselineStatus(b)}</span>,
    },
    { header: 'Type', cell: (b) => baselineTypeLabel(b.baselineType) },
    {
      header: `Baseline (${units.rateLabel})`,
      className: 'text-right tabular-nums',
      cell: (b) => formatBaseline(units.rate(b.baseline)),
    },
    { header: 'Effective From', cell: (b) => formatDateTime(b.effectiveFrom, timeZone, timeFormat) },
    { header: 'Effective To', cell: (b) => formatDateTime(b.effectiveTo, timeZone, timeFormat) },
    { header: 'Created By', cell: (b) => b.createdBy },
  ];
}
