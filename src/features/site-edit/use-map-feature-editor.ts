// The editing of a feature that lives on the map (a source or a structure; spec 3 §4): its features drawn on the map
// and picked there, the form following the shell's selection, the save with its checks and toasts, Close or Discard,
// the unsaved-changes question before another feature opens, delete, and the arrow-key nudges. The tab keeps only
// what is its own (its fields, how it draws a new feature).
import { useEffect, useRef } from 'react';
import type { LatLng } from '@/domain/coordinates';
import { SITE_EDIT_TOASTS } from '@/domain/site-edit';
import type { Layer } from '@/entities/site/site-edit-layers';
import { useToast } from '@/ui/toasts';
import { TAB_OF_FEATURE, type SiteEditTab, type SiteEditTabProps } from './site-edit-context';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useFeatureForm } from './use-feature-form';
import { useNudgeForm } from './use-nudge';

const TOASTS = {
  Source: {
    added: SITE_EDIT_TOASTS.sourceAdded,
    edited: SITE_EDIT_TOASTS.sourceEdited,
    deleted: SITE_EDIT_TOASTS.sourceDeleted,
  },
  Structure: {
    added: SITE_EDIT_TOASTS.structureAdded,
    edited: SITE_EDIT_TOASTS.structureEdited,
    deleted: SITE_EDIT_TOASTS.structureDeleted,
  },
};

export interface EditableForm {
  id: number;
  name: string;
  locationLatLng: string;
  position: LatLng | null;
}

interface MapFeatureEditorOptions<F extends EditableForm, T extends { id: number }, K extends string, B> {
  type: 'Source' | 'Structure';
  tab: SiteEditTabProps & { active: boolean };
  items: readonly T[];
  toForm(item: T): F;
  /** Clears what the tab keeps beside the form when the form closes. */
  onClose?(): void;
  /** The form's problems before saving, and its save request. */
  check(f: F): { problems: Partial<Record<K, string>>; body: B };
  save(body: B): Promise<T>;
  /** The tab's map layers for its features and the open form; `pick` selects a feature. A module-level function. */
  layers(items: readonly T[], form: F | null, pick: (id: number) => void): Layer[];
}

export function useMapFeatureEditor<F extends EditableForm, T extends { id: number }, K extends string, B>({
  type,
  tab: { map, onDirtyChange, selected, onSelect, active, site },
  items,
  toForm,
  onClose,
  check,
  save,
  layers,
}: MapFeatureEditorOptions<F, T, K, B>) {
  const toast = useToast();
  const feature = useFeatureForm<F, T, K>({ toForm, onDirtyChange, onClose, follow: { selected, items } });
  const { form, formRef, setForm, dirty } = feature;

  useFeatureLayers(map, TAB_OF_FEATURE[type], items, form, layers, (id) => {
    // Unsaved changes block selecting another feature on the map (spec 3 §4).
    if (!feature.dirtyRef.current) onSelect({ type, id });
  });

  const submit = async (f: F | null = formRef.current): Promise<boolean> => {
    if (!f) return false;
    const { problems, body } = check(f);
    if (!feature.validate(problems)) return false;
    try {
      const result = await save(body);
      toast(f.id ? TOASTS[type].edited : TOASTS[type].added);
      feature.open(result);
      onSelect({ type, id: result.id });
      return true;
    } catch (e) {
      // Source and structure submit errors show in an error alert (spec 3 §8).
      feature.showSaveError(e, true);
      return false;
    }
  };

  const discard = () => {
    map.cancelDrawing();
    feature.close();
    onSelect(null);
  };
  const unsaved = useUnsavedChangesGuard(dirty, () => submit(), discard);

  useNudgeForm(active && !site.deleted, form, formRef, setForm);

  return {
    type,
    feature,
    submit,
    discard,
    unsaved,
    /** When the drawing of a new feature is cancelled before it was placed, the new feature is dropped. */
    dropUnplaced: () => {
      if (formRef.current?.id === 0 && !formRef.current.locationLatLng) discard();
    },
    /** A list row opens its feature once unsaved changes are saved or discarded. */
    openRow: (id: number) => unsaved.guard(() => onSelect({ type, id })),
    /** A new feature's form (id 0), then `then` (the tab starts its drawing). */
    startNew: (draft: () => F, then: () => void) =>
      unsaved.guard(() => {
        feature.openDraft(draft());
        onSelect({ type, id: 0 });
        then();
      }),
    /** The form as a new feature (id 0) not saved yet, e.g. a duplicate. */
    openAsNew: (f: F) => {
      setForm(f);
      feature.setSaved(null);
      onSelect({ type, id: 0 });
    },
    /** Deletes the open feature once confirmed. */
    remove: (run: (id: number) => Promise<unknown>) =>
      void feature.remove(run, TOASTS[type].deleted, () => onSelect(null)),
  };
}

/** Draws a tab's features on the map whichever tab is shown; a click on one picks it. */
function useFeatureLayers<F, T>(
  map: SiteEditTabProps['map'],
  owner: SiteEditTab,
  items: readonly T[],
  form: F | null,
  layers: (items: readonly T[], form: F | null, pick: (id: number) => void) => Layer[],
  onPick: (id: number) => void,
) {
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    map.setLayers(
      owner,
      layers(items, form, (id) => pick.current(id)),
    );
  }, [items, form, map, owner, layers]);
  useEffect(() => () => map.setLayers(owner, []), [map, owner]);
}
