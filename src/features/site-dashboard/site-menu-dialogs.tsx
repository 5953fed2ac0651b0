// The dialogs the dashboard's menu opens (spec 3 §2 'Menu items'): the site's details (with Edit Site for SiteEdit),
// the site dialog, Baseline History and Start or Stop Model.
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '@/api/endpoint-client';
import { invalidateSiteDashboard } from '@/api/site-dashboard-keys';
import { siteDetailEndpoint, type SiteDetail } from '@/contracts/site-dashboard';
import { Permission } from '@/domain/permissions';
import { ModelPipelineDialog } from '@/entities/site/model-pipeline-dialog';
import { SiteDialog } from '@/entities/site/site-dialog';
import { FactList } from '@/ui/fact-list';
import { Modal } from '@/ui/modal';
import { useHasPermission } from '@/ui/session-context';
import { BaselineHistoryDialog } from './baseline-history-dialog';
import { siteDetailRows } from './site-details';
import type { SiteMenuDialog } from './site-menu';

/** The dialog open: one of the menu's, or the site dialog that View Site Details' Edit Site opens. */
export type SiteDashboardDialog = SiteMenuDialog | 'edit';

export function SiteMenuDialogs({
  open,
  site,
  organizationId,
  onOpen,
}: {
  open: SiteDashboardDialog | null;
  site: SiteDetail;
  organizationId: number;
  onOpen: (dialog: SiteDashboardDialog | null) => void;
}) {
  const canEdit = useHasPermission(Permission.SiteEdit);
  const queryClient = useQueryClient();
  const close = () => onOpen(null);
  // The menu shows the model's answer at once; the detail refetches behind it.
  const onModelAnswered = (isOn: boolean) => {
    queryClient.setQueryData<SiteDetail>(
      endpointKey(siteDetailEndpoint, { query: { organizationId, siteId: site.id } }),
      (d) => (d ? { ...d, modellingPipelineIsOn: isOn } : d),
    );
    void queryClient.invalidateQueries({ queryKey: endpointKey(siteDetailEndpoint) });
  };
  return (
    <>
      {open === 'view' && (
        <SiteDetailsDialog site={site} canEdit={canEdit} onEdit={() => onOpen('edit')} onClose={close} />
      )}
      {open === 'edit' && (
        <SiteDialog siteId={site.id} onClose={() => (close(), void invalidateSiteDashboard(queryClient))} />
      )}
      {open === 'baselines' && <BaselineHistoryDialog site={site} onClose={close} />}
      {open === 'model' && (
        <ModelPipelineDialog
          site={{ id: site.id, name: site.name, processedUpTo: site.modelProcessedUpTo }}
          action={site.modellingPipelineIsOn ? 'stop' : 'start'}
          onClose={close}
          onAnswered={onModelAnswered}
        />
      )}
    </>
  );
}

function SiteDetailsDialog({
  site,
  canEdit,
  onEdit,
  onClose,
}: {
  site: SiteDetail;
  canEdit: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open title={`${site.name} details`} onClose={onClose}>
      <FactList rows={siteDetailRows(site)} />
      <div className="modal-action">
        {canEdit && (
          <button type="button" className="btn btn-outline" onClick={onEdit}>
            Edit Site
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
