// The dashboard's pinned-bar menu (spec 3 §2 'Menu items'): View Site Details, Edit Site Layout (SiteDeploymentEdit),
// Start or Stop Model (SiteHealthAdministration), Baseline History (SiteBaselineAdministration) and Show/Hide
// Quarantined Data (disabled with the spec's tooltip when no device is quarantined).
import { Link } from 'react-router';
import { Permission } from '@/domain/permissions';
import { NO_QUARANTINED_DEVICES } from '@/domain/site-dashboard';
import { SITE_EDIT_LINK_LABEL, siteEditPath } from '@/entities/site/site-links';
import { Popover } from '@/ui/popover';
import { useHasPermission } from '@/ui/session-context';

/** The dialogs the menu opens. */
export type SiteMenuDialog = 'view' | 'model' | 'baselines';

export function SiteMenu({
  site,
  hasQuarantined,
  showQuarantined,
  onOpen,
  onToggleQuarantined,
}: {
  site: { id: number; modellingPipelineIsOn: boolean };
  hasQuarantined: boolean;
  showQuarantined: boolean;
  onOpen: (dialog: SiteMenuDialog) => void;
  onToggleQuarantined: () => void;
}) {
  const canRunModel = useHasPermission(Permission.SiteHealthAdministration);
  const canEditLayout = useHasPermission(Permission.SiteDeploymentEdit);
  const canSeeBaselines = useHasPermission(Permission.SiteBaselineAdministration);
  return (
    <Popover
      label="Menu"
      buttonClassName="btn btn-sm btn-outline"
      haspopup="true"
      panelClassName="absolute left-0 top-full z-40 mt-1 w-64 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
    >
      {(close) => {
        const item = (label: string, dialog: SiteMenuDialog) => (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => (close(), onOpen(dialog))}>
              {label}
            </button>
          </li>
        );
        return (
          <ul className="menu w-full p-0" role="menu">
            {item('View Site Details', 'view')}
            {canEditLayout && (
              <li role="none">
                <Link role="menuitem" to={siteEditPath(site.id)} onClick={close}>
                  {SITE_EDIT_LINK_LABEL}
                </Link>
              </li>
            )}
            {canRunModel && item(site.modellingPipelineIsOn ? 'Stop Model' : 'Start Model', 'model')}
            {canSeeBaselines && item('Baseline History', 'baselines')}
            <li
              role="none"
              className={hasQuarantined ? undefined : 'menu-disabled'}
              title={hasQuarantined ? undefined : NO_QUARANTINED_DEVICES}
            >
              <button
                type="button"
                role="menuitem"
                disabled={!hasQuarantined}
                onClick={() => (close(), onToggleQuarantined())}
              >
                {showQuarantined ? 'Hide Quarantined Data' : 'Show Quarantined Data'}
              </button>
            </li>
          </ul>
        );
      }}
    </Popover>
  );
}
