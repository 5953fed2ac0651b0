// The dashboard menu's Baseline History (spec 3 §2, SiteBaselineAdministration): the site's baselines with their
// status, read-only; ending, deleting, restoring and editing dates stay on the Site Baselines screen, linked here.
import { Link } from 'react-router';
import { BASELINE_MESSAGES } from '@/domain/site-baseline';
import { baselineColumns, baselineRowClassName } from '@/entities/site/baseline-columns';
import { HistoryDialog, HistoryTable } from '@/ui/history-dialog';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useSession } from '@/ui/session-context';
import { useSiteBaselineHistory } from './api';

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
          rowClassName={baselineRowClassName}
          columns={baselineColumns(units, timeZone, timeFormat)}
        />
      )}
    </HistoryDialog>
  );
}
