// What can be done from Site Health (spec 1 §2): each row's actions (start or stop the model, dashboard, deployment,
// history, edit, delete or restore) and the dialog the chosen one opens.
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/api/endpoint-client';
import { siteHealthEndpoint, type SiteHealthRow } from '@/contracts/site-health';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { ModelPipelineDialog } from '@/entities/site/model-pipeline-dialog';
import { SiteDeleteRestoreDialog } from '@/entities/site/site-delete-restore-dialog';
import { SiteDialog } from '@/entities/site/site-dialog';
import { SiteDashboardLink, SiteDeploymentLink } from '@/entities/site/site-links';

export type SiteHealthDialog =
  | { kind: 'site'; siteId: number | null }
  | { kind: 'history' | 'delete' | 'restore' | 'startModel' | 'stopModel'; site: SiteHealthRow };

export function SiteRowActions({
  site: s,
  can,
  onOpen,
}: {
  site: SiteHealthRow;
  can: { edit: boolean; delete: boolean; editDeployment: boolean };
  onOpen: (dialog: SiteHealthDialog) => void;
}) {
  const on = s.modellingPipeline.isOn;
  return (
    <span className="inline-flex gap-0.5">
      {!s.deletedAt && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => onOpen({ kind: on ? 'stopModel' : 'startModel', site: s })}
          aria-label={`${on ? 'Stop' : 'Start'} the model of ${s.name}`}
        >
          {on ? 'Stop Model' : 'Start Model'}
        </button>
      )}
      <SiteDashboardLink siteId={s.id} siteName={s.name} deleted={s.deletedAt !== null} />
      {can.editDeployment && !s.deletedAt && <SiteDeploymentLink siteId={s.id} siteName={s.name} />}
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        onClick={() => onOpen({ kind: 'history', site: s })}
        aria-label={`History of ${s.name}`}
      >
        History
      </button>
      {can.edit && !s.deletedAt && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => onOpen({ kind: 'site', siteId: s.id })}
          aria-label={`Edit ${s.name}`}
        >
          Edit
        </button>
      )}
      {can.delete && (
        <button
          type="button"
          className={`btn btn-ghost btn-xs ${s.deletedAt ? '' : 'text-error'}`}
          onClick={() => onOpen({ kind: s.deletedAt ? 'restore' : 'delete', site: s })}
          aria-label={`${s.deletedAt ? 'Restore' : 'Delete'} ${s.name}`}
        >
          {s.deletedAt ? 'Restore' : 'Delete'}
        </button>
      )}
    </span>
  );
}

export function SiteHealthDialogs({
  dialog,
  organizationId,
  onClose,
}: {
  dialog: SiteHealthDialog | null;
  organizationId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <>
      {dialog && (dialog.kind === 'startModel' || dialog.kind === 'stopModel') && (
        <ModelPipelineDialog
          site={{
            id: dialog.site.id,
            name: dialog.site.name,
            processedUpTo: dialog.site.modellingPipeline.processedUpTo,
          }}
          action={dialog.kind === 'startModel' ? 'start' : 'stop'}
          onClose={onClose}
          onAnswered={(isOn) => {
            // The row shows the answer at once; the refetch behind it brings the rest.
            const id = dialog.site.id;
            queryClient.setQueriesData<SiteHealthRow[]>(
              { queryKey: endpointKey(siteHealthEndpoint, { query: { organizationId } }) },
              (rows) =>
                rows?.map((r) => (r.id === id ? { ...r, modellingPipeline: { ...r.modellingPipeline, isOn } } : r)),
            );
          }}
        />
      )}
      {dialog?.kind === 'site' && <SiteDialog siteId={dialog.siteId} onClose={onClose} />}
      <AuditHistoryDialog
        entity="site"
        id={dialog?.kind === 'history' ? dialog.site.id : null}
        organizationId={organizationId}
        title={`History of ${dialog?.kind === 'history' ? dialog.site.name : ''}`}
        onClose={onClose}
      />
      {dialog && (dialog.kind === 'delete' || dialog.kind === 'restore') && (
        <SiteDeleteRestoreDialog
          site={dialog.site}
          action={dialog.kind}
          organizationId={organizationId}
          onClose={onClose}
        />
      )}
    </>
  );
}
