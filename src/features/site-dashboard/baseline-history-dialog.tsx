// The dashboard menu's Baseline History (spec 3 §2, SiteBaselineAdministration): the site's baselines with their
// status, read-only; ending, deleting, restoring and editing dates stay on the Site Baselines screen, linked here.
import { Link } from 'react-router';
import { BASELINE_MESSAGES, baselineStatus, baselineTypeLabel, formatBaseline } from '@/domain/site-baseline';
import { formatDateTime } from '@/domain/format';
import { HistoryDialog, HistoryTable } from '@/ui/history-dialog';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useSession } from '@/ui/session-context';
import { useSiteBaselineHistory } from './api';

const STATUS_BADGE = { Active: 'badge-success', Ended: 'badge-ghost', Deleted: 'badge-error badge-outline' } as const;

export function BaselineHistoryDialog({ site, onClose }: { site: { id: number; name: string }; onClose: () => void }) {
  const { organization, user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const units = useCh4Units();
  const organizationId = organization?.id ?? 0;
  const history = useSiteBaselineHistory(organizationId, site.id);
  const title = `Site Baseline History: ${site.name}`;
  return (
    <HistoryDialog
      title={title}
      query={history}
      isEmpty={(d) => d.length === 0}
      emptyText={BASELINE_MESSAGES.noActive}
      loadingLabel="Loading baselines"
      actions={
        <Link className="btn btn-outline" to={`/siteBaselines?organizationId=${organizationId}`}>
          Open Site Baselines
        </Link>
      }
      onClose={onClose}
    >
      {(rows) => (
        <HistoryTable
          label={title}
          rows={rows}
          rowKey={(b) => b.id}
          rowClassName={(b) => (baselineStatus(b) === 'Deleted' ? 'line-through opacity-70' : undefined)}
          columns={[
            {
              header: 'Status',
              cell: (b) => (
                <span className={`badge badge-sm ${STATUS_BADGE[baselineStatus(b)]}`}>{baselineStatus(b)}</span>
              ),
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
          ]}
        />
      )}
    </HistoryDialog>
  );
}
