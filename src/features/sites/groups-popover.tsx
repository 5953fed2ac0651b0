// The Groups popover (spec 1 §2, §4): a tri-state checkbox per group for the selected sites, Cancel and Apply.
import { useMemo, useState } from 'react';
import type { SiteListRow } from '@/contracts/site';
import {
  groupsAfterApply,
  GROUPS_HINT_NONE,
  GROUPS_HINT_SOME,
  initialGroupCheck,
  nextGroupCheck,
  updatedSitesToast,
  type GroupCheck,
} from '@/domain/site-form';
import { useToast } from '@/ui/toasts';
import { Popover } from '@/ui/popover';
import { InlineAlert } from '@/ui/form/form-alert';
import { useAssignSiteGroups, useSiteGroups } from './api/sites';

interface Props {
  organizationId: number;
  selected: readonly SiteListRow[];
  onManage: () => void;
  onApplied: () => void;
}

export function GroupsMenu({ organizationId, selected, onManage, onApplied }: Props) {
  return (
    <Popover
      label={`Groups${selected.length > 0 ? ` (${selected.length})` : ''}`}
      buttonClassName="btn btn-sm btn-outline"
      haspopup="dialog"
      panelClassName="absolute right-0 top-full z-30 mt-1"
    >
      {(close) => (
        <GroupsPanel
          organizationId={organizationId}
          selected={selected}
          onClose={close}
          onManage={() => {
            close();
            onManage();
          }}
          onApplied={() => {
            close();
            onApplied();
          }}
        />
      )}
    </Popover>
  );
}

function GroupsPanel({ organizationId, selected, onClose, onManage, onApplied }: Props & { onClose: () => void }) {
  const groups = useSiteGroups(organizationId);
  const assign = useAssignSiteGroups();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g.id, initialGroupCheck(g.id, selected)])),
    [groups.data, selected],
  );
  const [checks, setChecks] = useState<Map<number, GroupCheck> | null>(null);
  const current = checks ?? initial;
  const changed = [...current].some(([id, c]) => initial.get(id) !== c);

  async function apply() {
    setError(null);
    try {
      const siteGroupSites = groupsAfterApply(selected, current);
      const answer = await assign.mutateAsync({ organizationId, siteGroupSites });
      toast(updatedSitesToast(answer.updatedSites), 'success');
      onApplied();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div
      role="dialog"
      aria-label="Site groups"
      className="flex w-72 flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg"
    >
      <p className="text-sm text-base-content/80">{selected.length === 0 ? GROUPS_HINT_NONE : GROUPS_HINT_SOME}</p>
      {error && <InlineAlert tone="error">{error}</InlineAlert>}
      {groups.isPending ? (
        <span className="loading loading-spinner loading-sm" aria-label="Loading groups" />
      ) : groups.error ? (
        <p className="text-sm text-error">{groups.error.message}</p>
      ) : (
        <ul className="max-h-[50vh] overflow-auto">
          {groups.data.length === 0 && <li className="text-sm text-base-content/70">No site groups yet.</li>}
          {groups.data.map((g) => {
            const state = current.get(g.id) ?? 'unchecked';
            return (
              <li key={g.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-base-200">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    disabled={selected.length === 0}
                    checked={state === 'checked'}
                    aria-checked={state === 'indeterminate' ? 'mixed' : state === 'checked'}
                    ref={(el) => {
                      if (el) el.indeterminate = state === 'indeterminate';
                    }}
                    onChange={() =>
                      setChecks(new Map(current).set(g.id, nextGroupCheck(state, initial.get(g.id) ?? 'unchecked')))
                    }
                  />
                  {g.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-center justify-between gap-2 border-t border-base-300 pt-2">
        <button type="button" className="btn btn-ghost btn-xs" onClick={onManage}>
          Manage Site Groups
        </button>
        <span className="flex gap-1">
          <button type="button" className="btn btn-ghost btn-xs" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary btn-xs"
            disabled={selected.length === 0 || !changed || assign.isPending}
            onClick={() => void apply()}
          >
            {assign.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Apply
          </button>
        </span>
      </div>
    </div>
  );
}
