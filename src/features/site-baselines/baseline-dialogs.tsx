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
} from '@/domain/baselines';
import { formatDateTime } from '@/domain/format';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { ConfirmDialog, Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useBaselineAction, useEditDates, useSiteHistory } from './api';
import { DailyVolumesChart } from './daily-volumes-chart';
import { dayOf, dayStartIso } from './dates';
import { FactList } from '@/ui/fact-list';

const STATUS_BADGE = { Active: 'badge-success', Ended: 'badge-ghost', Deleted: 'badge-error badge-outline' } as const;

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
  return (
    <Modal open title={`Site Baseline History: ${siteName}`} onClose={onClose} wide>
      {history.isPending ? (
        <Spinner label="Loading baselines" />
      ) : history.isError ? (
        <LoadError message={history.error.message} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-base-content/70">{BASELINE_MESSAGES.noActive}</p>
      ) : (
        <div className="max-h-[60vh] overflow-auto">
          <table className="table table-sm">
            <thead className="text-base-content">
              <tr>
                <th>Status</th>
                <th>Type</th>
                <th className="text-right">{`Baseline (${units.rateLabel})`}</th>
                <th>Effective From</th>
                <th>Effective To</th>
                <th>Created By</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((b) => {
                const status = baselineStatus(b);
                return (
                  <tr key={b.id} className={status === 'Deleted' ? 'line-through opacity-70' : undefined}>
                    <td>
                      <span className={`badge badge-sm ${STATUS_BADGE[status]}`}>{status}</span>
                    </td>
                    <td>{baselineTypeLabel(b.baselineType)}</td>
                    <td className="text-right tabular-nums">{formatBaseline(units.rate(b.baseline))}</td>
                    <td>{formatDateTime(b.effectiveFrom, timeZone, timeFormat)}</td>
                    <td>{formatDateTime(b.effectiveTo, timeZone, timeFormat)}</td>
                    <td>{b.createdBy}</td>
                    <td className="whitespace-nowrap no-underline">
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setDetails(b)}>
                        Details
                      </button>
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setAudit(b)}>
                        History
                      </button>
                      {status !== 'Deleted' && (
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(b)}>
                          Edit Dates
                        </button>
                      )}
                      {status === 'Active' && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          onClick={() => setConfirm({ baseline: b, action: 'end' })}
                        >
                          End
                        </button>
                      )}
                      {status === 'Deleted' ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          onClick={() =>
                            void run('restore', b).catch((e: unknown) =>
                              toast(e instanceof Error ? e.message : String(e), 'error'),
                            )
                          }
                        >
                          Restore
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          onClick={() => setConfirm({ baseline: b, action: 'delete' })}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
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
    </Modal>
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
