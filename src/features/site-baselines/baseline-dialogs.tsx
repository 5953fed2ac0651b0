// Site Baseline History, Baseline Details and Edit Effective Dates (spec 3 §2, §4): a site's baselines with their
// status, ending, deleting and restoring them, and the one change allowed after creation, the effective dates.
import { useState } from 'react';
import type { SiteBaseline } from '@/contracts/emission';
import {
  BASELINE_MESSAGES,
  baselineStatus,
  baselineTypeLabel,
  effectiveDateProblems,
  formatBaseline,
} from '@/domain/site-baseline';
import { formatDateTime } from '@/domain/format';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { ConfirmDialog, Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { HistoryDialog, HistoryTable } from '@/ui/history-dialog';
import { useToast } from '@/ui/toasts';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useBaselineAction, useEditDates, useSiteHistory } from './api';
import { DailyVolumesChart } from './daily-volumes-chart';
import { dayOf, dayStartIso } from './dates';
import { FactList } from '@/ui/fact-list';
import { baselineColumns, baselineRowClassName } from '@/entities/site/baseline-columns';

export function SiteBaselineHistoryDialog({
  siteId,
  siteName,
  onClose,
}: {
  siteId: number;
  siteName: string;
  onClose: () => void;
}) {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const units = useCh4Units();
  const toast = useToast();
  const history = useSiteHistory(organizationId, siteId);
  const action = useBaselineAction(organizationId);
  const [details, setDetails] = useState<SiteBaseline | null>(null);
  const [editing, setEditing] = useState<SiteBaseline | null>(null);
  const [audit, setAudit] = useState<SiteBaseline | null>(null);
  const [confirm, setConfirm] = useState<{ baseline: SiteBaseline; action: 'end' | 'delete' } | null>(null);
  const run = async (kind: 'end' | 'delete' | 'restore', b: SiteBaseline) => {
    await action.mutateAsync({ action: kind, id: b.id });
    toast(
      kind === 'delete'
        ? BASELINE_MESSAGES.deleted
        : kind === 'restore'
          ? BASELINE_MESSAGES.restored
          : BASELINE_MESSAGES.updated,
      'success',
    );
    setConfirm(null);
  };
  const restore = (b: SiteBaseline) =>
    void run('restore', b).catch((e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error'));
  const title = `Site Baseline History: ${siteName}`;
  return (
    <>
      <HistoryDialog
        title={title}
        query={history}
        isEmpty={(d) => d.length === 0}
        emptyText={BASELINE_MESSAGES.noActive}
        loadingLabel="Loading baselines"
        onClose={onClose}
      >
        {(rows) => (
          <HistoryTable
            label={title}
            rows={rows}
            rowKey={(b) => b.id}
            rowClassName={baselineRowClassName}
            columns={[
              ...baselineColumns(units, timeZone, timeFormat),
              {
                header: <span className="sr-only">Actions</span>,
                className: 'whitespace-nowrap no-underline',
                cell: (b) => (
                  <BaselineRowActions
                    status={baselineStatus(b)}
                    onDetails={() => setDetails(b)}
                    onHistory={() => setAudit(b)}
                    onEditDates={() => setEditing(b)}
                    onEnd={() => setConfirm({ baseline: b, action: 'end' })}
                    onDelete={() => setConfirm({ baseline: b, action: 'delete' })}
                    onRestore={() => restore(b)}
                  />
                ),
              },
            ]}
          />
        )}
      </HistoryDialog>
      {details && <BaselineDetailsDialog baseline={details} onClose={() => setDetails(null)} />}
      {editing && <EditDatesDialog baseline={editing} onClose={() => setEditing(null)} />}
      {audit && (
        <AuditHistoryDialog
          entity="siteBaseline"
          id={audit.id}
          organizationId={organizationId}
          title="Baseline changes"
          onClose={() => setAudit(null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'delete' ? 'Delete Baseline' : 'End Baseline'}
        message={
          confirm?.action === 'delete'
            ? `Are you sure you want to delete '${baselineTypeLabel(confirm.baseline.baselineType)} baseline of ${siteName}'?`
            : 'End this baseline now? The site will have no active baseline until a new one is created.'
        }
        confirmLabel={confirm?.action === 'delete' ? 'Delete' : 'End'}
        danger={confirm?.action === 'delete'}
        busy={action.isPending}
        error={action.isError ? action.error.message : null}
        onConfirm={() => confirm && void run(confirm.action, confirm.baseline).catch(() => undefined)}
        onCancel={() => {
          action.reset();
          setConfirm(null);
        }}
      />
    </>
  );
}

/** A baseline's row actions: what its status allows. */
function BaselineRowActions({
  status,
  onDetails,
  onHistory,
  onEditDates,
  onEnd,
  onDelete,
  onRestore,
}: {
  status: ReturnType<typeof baselineStatus>;
  onDetails: () => void;
  onHistory: () => void;
  onEditDates: () => void;
  onEnd: () => void;
  onDelete: () => void;
  onRestore: () => void;
}) {
  const action = (label: string, onClick: () => void, className = 'btn btn-ghost btn-xs') => (
    <button type="button" className={className} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <>
      {action('Details', onDetails)}
      {action('History', onHistory)}
      {status !== 'Deleted' && action('Edit Dates', onEditDates)}
      {status === 'Active' && action('End', onEnd)}
      {status === 'Deleted'
        ? action('Restore', onRestore)
        : action('Delete', onDelete, 'btn btn-ghost btn-xs text-error')}
    </>
  );
}

export function BaselineDetailsDialog({ baseline: b, onClose }: { baseline: SiteBaseline; onClose: () => void }) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const units = useCh4Units();
  const rows: [string, string][] = [
    ['Site', b.siteName],
    ['Type', baselineTypeLabel(b.baselineType)],
    ['Status', baselineStatus(b)],
    ['Baseline', `${formatBaseline(units.rate(b.baseline))} ${units.rateLabel}`],
    ['7-day threshold', `${formatBaseline(units.rate(b.sevenDayThreshold))} ${units.rateLabel}`],
    ['90-day threshold', `${formatBaseline(units.rate(b.ninetyDayThreshold))} ${units.rateLabel}`],
    ['Effective From', formatDateTime(b.effectiveFrom, timeZone, timeFormat)],
    ['Effective To', b.effectiveTo ? formatDateTime(b.effectiveTo, timeZone, timeFormat) : 'Active'],
    ...(b.yearlyEmissionInventory !== null
      ? ([['Yearly CH4 Inventory', `${b.yearlyEmissionInventory.toLocaleString('en-US')} kg`]] as [string, string][])
      : []),
    ...(b.baselineRange
      ? ([['Calculation period', `${b.baselineRange[0]} – ${b.baselineRange[1]}`]] as [string, string][])
      : []),
    ...(b.baselineStartDate ? ([['Calculation start', b.baselineStartDate]] as [string, string][]) : []),
    ...(b.inspectionDate
      ? ([['Inspection', `${b.inspectionDate}${b.inspectionComments ? ` — ${b.inspectionComments}` : ''}`]] as [
          string,
          string,
        ][])
      : []),
    ...(b.epaSiteType
      ? ([
          ['EPA Site Type', `${b.epaSiteType}${b.baselineIsMaxForSiteType ? ' (baseline at the type maximum)' : ''}`],
        ] as [string, string][])
      : []),
    ...b.activities.map((a, i): [string, string] => [
      `Activity ${i + 1}`,
      `${a.dateRange[0] ?? ''} – ${a.dateRange[1] ?? ''}: ${a.comment}`,
    ]),
    ['Created', `${formatDateTime(b.createdAt, timeZone, timeFormat)} by ${b.createdBy ?? ''}`],
    ...(b.endedAt
      ? ([['Ended', `${formatDateTime(b.endedAt, timeZone, timeFormat)} by ${b.endedBy ?? ''}`]] as [string, string][])
      : []),
    ...(b.deletedAt
      ? ([['Deleted', `${formatDateTime(b.deletedAt, timeZone, timeFormat)} by ${b.deletedBy ?? ''}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <Modal open title="Baseline Details" onClose={onClose} wide>
      <FactList rows={rows} />
      <div className="mt-3">
        <DailyVolumesChart days={b.dailyVolumes} units={units} />
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export function EditDatesDialog({ baseline, onClose }: { baseline: SiteBaseline; onClose: () => void }) {
  const { organization, user } = useSession();
  const timeZone = user.userSettings.ianaTimezoneId;
  const toast = useToast();
  const edit = useEditDates(organization?.id ?? 0);
  const [from, setFrom] = useState(dayOf(baseline.effectiveFrom, timeZone));
  const [to, setTo] = useState(dayOf(baseline.effectiveTo, timeZone));
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const save = async () => {
    const effectiveFrom = from ? dayStartIso(from, timeZone) : null;
    const effectiveTo = to ? dayStartIso(to, timeZone) : null;
    const found = effectiveDateProblems(effectiveFrom, effectiveTo);
    setProblems(found);
    if (Object.keys(found).length) return;
    try {
      await edit.mutateAsync({ id: baseline.id, effectiveFrom, effectiveTo });
      toast(BASELINE_MESSAGES.updated, 'success');
      onClose();
    } catch (e) {
      setProblems({ form: [e instanceof Error ? e.message : String(e)] });
    }
  };
  return (
    <Modal open title="Edit Effective Dates" onClose={onClose}>
      <div className="grid gap-3">
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Effective From</span>
          <input
            type="date"
            className="input input-sm w-full"
            aria-label="Effective From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          {problems.effectiveFrom && <span className="mt-1 text-xs text-error">{problems.effectiveFrom[0]}</span>}
        </label>
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Effective To</span>
          <input
            type="date"
            className="input input-sm w-full"
            aria-label="Effective To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          {problems.effectiveTo && <span className="mt-1 text-xs text-error">{problems.effectiveTo[0]}</span>}
        </label>
        {problems.form && (
          <p role="alert" className="alert alert-error text-sm">
            {problems.form[0]}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={edit.isPending} onClick={() => void save()}>
            Save
          </button>
        </div>
      </div>
    </Modal>
  );
}
