// Generate Plume in the emissions list (spec 3 §2, §4 'Plume', §8): the plume column's button and the row menu's
// item, both for SitePlumeCreate only. The label follows the plume's state; a failed plume's button retries, with
// the spec's tooltip; Generate is disabled while the emission is processing, the plume saved or in progress, or the
// request is on its way.
import type { SiteEmission } from '@/contracts/site-dashboard';
import { canGeneratePlume, PLUME_TEXT, plumeButtonLabel, PlumeStatus } from '@/domain/plume';
import { useGeneratePlume } from './plume-api';
import { PLUME_ICON_PATHS, plumeIcon } from './plume-icon';

export interface PlumeTarget {
  organizationId: number;
  emission: SiteEmission;
}

function usePlumeAction({ organizationId, emission }: PlumeTarget) {
  const generate = useGeneratePlume(organizationId);
  const status = generate.isPending ? PlumeStatus.values.InProgress : emission.plumeStatus;
  const failed = status === PlumeStatus.values.Failed;
  return {
    status,
    label: plumeButtonLabel(status),
    tooltip: failed ? PLUME_TEXT.failedTooltip : undefined,
    disabled: !canGeneratePlume(status, emission.endTime === null),
    run: () => generate.mutate(emission.id),
  };
}

/** The list's plume column: an icon button named by the plume's state (its words also the tooltip). */
export function PlumeButton(props: PlumeTarget) {
  const action = usePlumeAction(props);
  const icon = plumeIcon(action.status);
  return (
    <button
      type="button"
      className={`btn btn-square btn-xs ${icon === 'retry' ? 'btn-error btn-outline' : 'btn-ghost'}`}
      disabled={action.disabled}
      aria-label={action.label}
      title={action.tooltip ?? action.label}
      onClick={action.run}
    >
      {icon === 'working' ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
          <path
            d={PLUME_ICON_PATHS[icon]}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.6}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
    </button>
  );
}

export function PlumeMenuItem({ target, onChosen }: { target: PlumeTarget; onChosen: () => void }) {
  const action = usePlumeAction(target);
  return (
    <li role="none" className={action.disabled ? 'menu-disabled' : undefined}>
      <button
        type="button"
        role="menuitem"
        aria-disabled={action.disabled}
        title={action.tooltip}
        onClick={() => {
          if (action.disabled) return;
          action.run();
          onChosen();
        }}
      >
        {action.label}
      </button>
    </li>
  );
}
