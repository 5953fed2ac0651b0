// The editing state the Site edit tabs share: the form of the open feature against its last saved values, its field
// and general errors, the delete confirmation, and (for tabs whose features are picked on the map) following the
// shell's selection to open or close the form.
import { useEffect, useRef, useState } from 'react';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useToast } from '@/ui/toasts';
import type { SiteEditFeatureRef } from './site-edit-context';

const sameForm = <F>(a: F | null, b: F | null) => JSON.stringify(a) === JSON.stringify(b);

export interface FeatureFormOptions<F, T> {
  toForm(item: T): F;
  onDirtyChange(dirty: boolean): void;
  /** Unsaved state the tab keeps beside the form's fields (a chosen file). */
  dirtyBesideForm?: boolean;
  /** Clears what the tab keeps beside the form when the form closes. */
  onClose?(): void;
  /** The shell's selection and the tab's features: selecting one opens its form, selecting none closes it. */
  follow?: { selected: SiteEditFeatureRef | null; items: readonly T[] };
}

export function useFeatureForm<F extends { id: number }, T extends { id: number }, K extends string>({
  toForm,
  onDirtyChange,
  dirtyBesideForm = false,
  onClose,
  follow,
}: FeatureFormOptions<F, T>) {
  const toast = useToast();
  const [form, setFormState] = useState<F | null>(null);
  const [saved, setSaved] = useState<F | null>(null);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The form as last set, for callbacks that outlive the render (drawing, nudges, submit after a drawing).
  const formRef = useRef<F | null>(null);
  const setForm = (f: F | null) => {
    formRef.current = f;
    setFormState(f);
  };
  const dirty = form !== null && (form.id === 0 || dirtyBesideForm || !sameForm(form, saved));
  // Map click handlers are made once per layer set; they read whether the form is dirty now.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const close = () => {
    onClose?.();
    setForm(null);
    setSaved(null);
    setErrors({});
    setGeneral(null);
  };
  const open = (item: T) => {
    const f = toForm(item);
    setForm(f);
    setSaved(f);
    setErrors({});
    setGeneral(null);
  };
  /** Opens a form for a feature not saved yet. */
  const openDraft = (draft: F) => {
    setForm(draft);
    setSaved(null);
    setErrors({});
    setGeneral(null);
  };

  // The shell's selection (a map click, Escape, another tab) opens or closes the form.
  const following = follow !== undefined;
  const selectedId = follow?.selected?.id ?? null;
  const items = follow?.items;
  useEffect(() => {
    if (!following) return;
    if (selectedId === null) {
      if (formRef.current) close();
      return;
    }
    if (selectedId === 0 || formRef.current?.id === selectedId) return;
    const item = items?.find((x) => x.id === selectedId);
    if (item) open(item);
    // Opening follows the selection; the list is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following, selectedId, items]);

  /** Shows the problems found before saving; true when there are none. */
  const validate = (problems: Partial<Record<K, string>>): boolean => {
    setErrors(problems);
    setGeneral(null);
    return Object.keys(problems).length === 0;
  };
  /** Shows why the server refused a save; `fieldInAlert` puts the first field error in the alert when no general one came. */
  const showSaveError = (e: unknown, fieldInAlert: boolean) => {
    const mapped = formErrorsOf(e);
    setErrors(mapped.fields as Partial<Record<K, string>>);
    setGeneral(fieldInAlert ? (mapped.general ?? Object.values(mapped.fields)[0] ?? null) : mapped.general);
  };
  /** Deletes the open feature once confirmed: the toast and a closed form, or the error in the form's alert. */
  const remove = async (run: (id: number) => Promise<unknown>, deletedToast: string, afterClose?: () => void) => {
    if (!form) return;
    try {
      await run(form.id);
      toast(deletedToast);
      setConfirmDelete(false);
      close();
      afterClose?.();
    } catch (e) {
      setGeneral(formErrorsOf(e).general);
      setConfirmDelete(false);
    }
  };

  return {
    form,
    saved,
    setSaved,
    errors,
    setErrors,
    general,
    confirmDelete,
    setConfirmDelete,
    formRef,
    setForm,
    dirty,
    dirtyRef,
    open,
    openDraft,
    close,
    validate,
    showSaveError,
    remove,
  };
}
