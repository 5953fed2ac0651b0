// Create Inspections' state (spec 3 §5 'Bulk create of inspections', §8): the drafts added by hand or from a KMZ, the
// one being edited, the open Load Aerial KMZ dialog, and the create of the selected drafts in one call, whose 400 marks
// the drafts it names invalid with the server's messages (any other failure is one general error).
import { useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR } from '@/api/client';
import { bulkErrorsByIndex, INSPECTION_MESSAGES, type InspectionInput } from '@/domain/inspection';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useBulkCreateInspections, useInspectionSites } from './api';
import { draftLabel, draftSelection, withServerErrors, type Draft } from './inspection-drafts';

export function useCreateInspections(organizationId: number, onClose: () => void) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const sites = useInspectionSites(organizationId);
  const create = useBulkCreateInspections();
  const toast = useToast();
  const nextKey = useRef(1);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [editing, setEditing] = useState<Draft | 'new' | null>(null);
  const [loadingKmz, setLoadingKmz] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);

  const add = (origin: string, inputs: InspectionInput[]) =>
    setDrafts((all) => [
      ...all,
      ...inputs.map((input) => ({ key: nextKey.current++, origin, input, selected: true, serverErrors: {} })),
    ]);
  const update = (key: number, change: (d: Draft) => Draft) =>
    setDrafts((all) => all.map((d) => (d.key === key ? change(d) : d)));

  const { rows, selected, someInvalid, allSelected } = draftSelection(drafts);
  const labelOf = (d: Draft) => draftLabel(d.input, sites.data, timeZone, timeFormat);

  async function createSelected() {
    setGeneral(null);
    const chosen = selected.map((r) => r.draft);
    try {
      const answer = await create.mutateAsync({
        organizationId,
        inspections: chosen.map((d) => ({ ...d.input, id: null })),
      });
      toast(INSPECTION_MESSAGES.created(answer.count), 'success');
      onClose();
    } catch (error) {
      const byIndex =
        error instanceof ApiError && error.status === 400
          ? bulkErrorsByIndex(error.errors)
          : new Map<number, Record<string, string>>();
      if (byIndex.size === 0) return setGeneral(GENERIC_ERROR);
      setDrafts((all) => withServerErrors(all, chosen, byIndex));
    }
  }

  return {
    rows,
    labelOf,
    selectedCount: selected.length,
    someInvalid,
    allSelected,
    creating: create.isPending,
    canCreate: selected.length > 0 && !someInvalid && !create.isPending,
    general,
    editing,
    loadingKmz,
    addByHand: () => setEditing('new'),
    edit: (d: Draft) => setEditing(d),
    stopEditing: () => setEditing(null),
    /** The Add or Edit Inspection dialog's save: a new draft, or the edited one with its server messages cleared. */
    saveEditing: (input: InspectionInput) => {
      if (editing === 'new') add('Added by hand', [input]);
      else if (editing) update(editing.key, (d) => ({ ...d, input, serverErrors: {} }));
    },
    openKmz: () => setLoadingKmz(true),
    closeKmz: () => setLoadingKmz(false),
    addLoaded: (loaded: { origin: string; inputs: InspectionInput[] }) => add(loaded.origin, loaded.inputs),
    selectAll: (checked: boolean) => setDrafts((all) => all.map((d) => ({ ...d, selected: checked }))),
    select: (key: number, checked: boolean) => update(key, (x) => ({ ...x, selected: checked })),
    remove: (key: number) => setDrafts((all) => all.filter((x) => x.key !== key)),
    createSelected: () => void createSelected(),
  };
}
