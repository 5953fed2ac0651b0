// Generate Plume in the emissions list (spec 3 §2, §4 'Plume', §8): the plume column's button and the row menu's
// item, both for SitePlumeCreate only. The label follows the plume's state; a failed plume's button retries, with
// the spec's tooltip; Generate is disabled while the emission is processing, the plume saved or in progress, or the
// request is on its way.
import type { SiteEmission } from '@/contracts/site-dashboard';
import { canGeneratePlume, PLUME_TEXT, plumeButtonLabel, PlumeStatus } from '@/domain/plume';
import { useGeneratePlume } from './plume-api';

export interface PlumeTarget {
  organizationId: number;
  emission: SiteEmission;
}

function usePlumeAction({ organizationId, emission }: PlumeTarget) {
  const generate = useGeneratePlume(organizationId);
  const status = generate.isPending ? PlumeStatus.values.InProgress : emission.plumeStatus;
  const failed = status === PlumeStatus.values.Failed;
  return {
    label: plumeButtonLabel(status),
    tooltip: failed ? PLUME_TEXT.failedTooltip : undefined,
    disabled: !canGeneratePlume(status, emission.endTime === null),
    run: () => generate.mutate(emission.id),
  };
}

export function PlumeButton(props: PlumeTarget) {
  const action = usePlumeAction(props);
  const failed = props.emission.plumeStatus === PlumeStatus.values.Failed;
  return (
    <button
      type="button"
      className={`btn btn-xs h-auto min-h-6 w-16 px-1 py-0.5 text-[11px] leading-tight ${failed ? 'btn-error btn-outline' : 'btn-ghost'}`}
      disabled={action.disabled}
      title={action.tooltip}
      onClick={action.run}
    >
      {action.label}
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
