// The Sources tab (spec 3 §2, §3 'Source', §4, §5 'Source'): the site's sources (deleted ones struck through with
// Show Deleted, and Restore), and the form of the selected or new one. A new source gets a generated name and starts
// point drawing; placing the point saves it. The sources are drawn on the map whichever tab is shown.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SourceEdit } from '@/contracts/site-edit';
import { formatLatLng, parseLatLng, type LatLng } from '@/domain/coordinates';
import { generatedSourceName, storageLatLngText, SITE_EDIT_CONFIRMATIONS, SITE_EDIT_TOASTS } from '@/domain/site-edit';
import {
  COORDINATES_PLACEHOLDER,
  DEFAULT_RELATIVE_IMPORTANCE,
  DEFAULT_SOURCE_HEIGHT,
  RELATIVE_IMPORTANCE_OPTIONS,
  sourcePayloadGroup,
  sourceProblems,
  type SourceField,
} from '@/domain/source';
import { FormAlert } from '@/ui/form/form-alert';
import { formErrorsOf } from '@/ui/form/form-errors';
import { markedPointLayers } from '@/entities/site/site-edit-layers';
import { ConfirmDialog } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useEditSources, useSaveSource, useSourceCategories, useSourceDeleted, useSourceGroupOptions } from './api';
import type { SiteEditTabProps } from './site-edit-context';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { FeatureForm } from './feature-form';
import { FeatureList } from './feature-list';
import { Field, TextField } from './field';
import { useFeatureForm } from './use-feature-form';
import { moved, useNudgeForm } from './use-nudge';

interface SourceForm {
  id: number;
  name: string;
  locationLatLng: string;
  /** Where the feature is, at full precision (nudges of 0.5 m would vanish in the 5 shown decimals). */
  position: LatLng | null;
  height: string;
  relativeImportance: number;
  sourceCategoryId: number | null;
  sourceGroupName: string;
}

const toForm = (s: SourceEdit): SourceForm => {
  const at = parseLatLng(s.locationLatLng);
  return {
    id: s.id,
    name: s.name,
    locationLatLng: at ? formatLatLng(at) : s.locationLatLng,
    position: at,
    height: String(s.height),
    relativeImportance: s.relativeImportance,
    sourceCategoryId: s.sourceCategoryId,
    sourceGroupName: s.sourceGroup?.name ?? '',
  };
};
const heightOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

const COLORS = { normal: [220, 38, 38, 255], selected: [37, 99, 235, 255] } as const;
type Rgba = [number, number, number, number];

export function SourcesTab({
  site,
  map,
  onDirtyChange,
  selected,
  onSelect,
  active,
}: SiteEditTabProps & { active: boolean }) {
  const organizationId = site.organizationId;
  const toast = useToast();
  const sources = useEditSources(organizationId, site.id);
  const categories = useSourceCategories();
  const groups = useSourceGroupOptions(organizationId);
  const save = useSaveSource(site.id);
  const setDeleted = useSourceDeleted(organizationId, site.id);
  const [showDeleted, setShowDeleted] = useState(false);
  const all = useMemo(() => sources.data ?? [], [sources.data]);
  const feature = useFeatureForm<SourceForm, SourceEdit, SourceField>({
    toForm,
    onDirtyChange,
    follow: { selected, items: all },
  });
  const { form, formRef, setForm, dirty } = feature;

  useFrameSources(sources.data, map, site.location);

  useSourcesOnMap(all, form, map, (id) => {
    // Unsaved changes block selecting another feature on the map (spec 3 §4).
    if (!feature.dirtyRef.current) onSelect({ type: 'Source', id });
  });

  const submit = async (f: SourceForm | null = formRef.current): Promise<boolean> => {
    if (!f) return false;
    const values = { ...f, height: heightOf(f.height) };
    if (!feature.validate(sourceProblems(values))) return false;
    try {
      const result = await save.mutateAsync(sourcePayload(f, values.height, organizationId, site.id));
      toast(f.id ? SITE_EDIT_TOASTS.sourceEdited : SITE_EDIT_TOASTS.sourceAdded);
      feature.open(result);
      onSelect({ type: 'Source', id: result.id });
      return true;
    } catch (e) {
      // Source submit errors show in an error alert (spec 3 §8).
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

  const startNew = () =>
    unsaved.guard(() => {
      const draft = newSourceDraft(
        all.map((s) => s.name),
        categories.data?.[0]?.id ?? null,
      );
      feature.openDraft(draft);
      onSelect({ type: 'Source', id: 0 });
      placePoint(true);
    });

  /** Point drawing: a new source is saved as soon as its point is placed (spec 3 §4). */
  const placePoint = (autoSubmit: boolean) =>
    map.startDrawing(
      'point',
      (g) => {
        if (g.kind !== 'point' || !formRef.current) return;
        const next = moved(formRef.current, { lng: g.position[0], lat: g.position[1] });
        setForm(next);
        if (autoSubmit) void submit(next);
      },
      () => {
        if (formRef.current?.id === 0 && !formRef.current.locationLatLng) discard();
      },
    );

  useNudgeForm(active && !site.deleted, form, formRef, setForm);

  const shown = all.filter((s) => showDeleted || s.deletedAt === null);
  const siteGroups = (groups.data ?? []).filter((g) => g.siteId === site.id);
  const readOnly = site.deleted;

  return (
    <div className="flex flex-col gap-3">
      <FeatureList
        noun="Source"
        plural="Sources"
        onAdd={startNew}
        addDisabled={readOnly || !categories.data}
        showDeleted={{ checked: showDeleted, onChange: setShowDeleted }}
        query={sources}
        items={shown}
        selectedId={form?.id ?? null}
        row={(s) => ({
          main: <SourceName source={s} onOpen={() => unsaved.guard(() => onSelect({ type: 'Source', id: s.id }))} />,
          after: s.deletedAt !== null && (
            <RestoreButton
              name={s.name}
              disabled={readOnly || setDeleted.isPending}
              onRestore={() => void restoreSource(s, setDeleted.mutateAsync, toast)}
            />
          ),
        })}
      />

      {form && (
        <FeatureForm
          noun="Source"
          id={form.id}
          name={feature.saved?.name ?? form.name}
          onSubmit={() => void submit()}
          saving={save.isPending}
          saveDisabled={readOnly || save.isPending}
          dirty={dirty}
          onClose={discard}
          deleteDisabled={readOnly}
          onDelete={() => feature.setConfirmDelete(true)}
        >
          <SourceFields
            form={form}
            setForm={setForm}
            errors={feature.errors}
            general={feature.general}
            categories={categories.data ?? []}
            groups={siteGroups}
            onPlace={() => placePoint(form.id === 0)}
          />
          <p className="text-xs text-base-content/70">Arrow keys move the selected source by 0.5 m.</p>
        </FeatureForm>
      )}
      <ConfirmDialog
        open={feature.confirmDelete}
        title="Delete source"
        message={SITE_EDIT_CONFIRMATIONS.deleteSource}
        confirmLabel="Delete"
        danger
        busy={setDeleted.isPending}
        onConfirm={() =>
          void feature.remove(
            (sourceId) => setDeleted.mutateAsync({ sourceId, deleted: true }),
            SITE_EDIT_TOASTS.sourceDeleted,
            () => onSelect(null),
          )
        }
        onCancel={() => feature.setConfirmDelete(false)}
      />
      {unsaved.dialog}
    </div>
  );
}

/** The source form's fields: name, location (typed or placed on the map), height, importance, category and group. */
function SourceFields({
  form,
  setForm,
  errors,
  general,
  categories,
  groups,
  onPlace,
}: {
  form: SourceForm;
  setForm: (f: SourceForm) => void;
  errors: Partial<Record<SourceField, string>>;
  general: string | null;
  categories: readonly { id: number; name: string }[];
  groups: readonly { id: number; name: string }[];
  onPlace: () => void;
}) {
  const set = <K extends keyof SourceForm>(k: K, v: SourceForm[K]) => setForm({ ...form, [k]: v });
  return (
    <>
      <FormAlert message={general} />
      <TextField label="Name" error={errors.name} value={form.name} maxLength={256} onChange={(v) => set('name', v)} />
      <Field label="Location" error={errors.locationLatLng}>
        {(id, describedBy) => (
          <div className="flex gap-1">
            <input
              id={id}
              aria-describedby={describedBy}
              className="input input-sm input-bordered w-full"
              placeholder={COORDINATES_PLACEHOLDER}
              value={form.locationLatLng}
              onChange={(e) =>
                setForm({ ...form, locationLatLng: e.target.value, position: parseLatLng(e.target.value) })
              }
            />
            <button type="button" className="btn btn-sm btn-outline" onClick={onPlace}>
              Place on Map
            </button>
          </div>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Height (m)" error={errors.height}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              type="number"
              min={0}
              step="any"
              className="input input-sm input-bordered w-full"
              value={form.height}
              onChange={(e) => set('height', e.target.value)}
            />
          )}
        </Field>
        <Field label="Relative Importance" error={errors.relativeImportance}>
          {(id, describedBy) => (
            <select
              id={id}
              aria-describedby={describedBy}
              className="select select-sm select-bordered w-full"
              value={form.relativeImportance}
              onChange={(e) => set('relativeImportance', Number(e.target.value))}
            >
              {RELATIVE_IMPORTANCE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Category" error={errors.sourceCategoryId}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className="select select-sm select-bordered w-full"
            value={form.sourceCategoryId ?? ''}
            onChange={(e) => set('sourceCategoryId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Group" error={errors.sourceGroupName}>
        {(id, describedBy) => (
          <>
            <input
              id={id}
              aria-describedby={describedBy}
              className="input input-sm input-bordered w-full"
              list="site-edit-source-groups"
              value={form.sourceGroupName}
              onChange={(e) => set('sourceGroupName', e.target.value)}
            />
            <datalist id="site-edit-source-groups">
              {groups.map((g) => (
                <option key={g.id} value={g.name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
    </>
  );
}

/** The map's source points: every live one, the one being edited where its form puts it, highlighted. */
function sourcePoints(all: readonly SourceEdit[], form: SourceForm | null) {
  const points = all
    .filter((s) => s.deletedAt === null && s.id !== form?.id)
    .flatMap((s) => {
      const p = parseLatLng(s.locationLatLng);
      return p ? [{ datum: s.id, lng: p.lng, lat: p.lat, fill: [...COLORS.normal] as Rgba, label: s.name }] : [];
    });
  const at = form?.position ?? null;
  if (form && at)
    points.push({ datum: form.id, lng: at.lng, lat: at.lat, fill: [...COLORS.selected] as Rgba, label: form.name });
  return points;
}

const newSourceDraft = (names: string[], sourceCategoryId: number | null): SourceForm => ({
  id: 0,
  name: generatedSourceName(names),
  locationLatLng: '',
  position: null,
  height: String(DEFAULT_SOURCE_HEIGHT),
  relativeImportance: DEFAULT_RELATIVE_IMPORTANCE,
  sourceCategoryId,
  sourceGroupName: '',
});

/** A source in the list: its name and category; a deleted one struck through and not selectable. */
function SourceName({ source: s, onOpen }: { source: SourceEdit; onOpen: () => void }) {
  const isDeleted = s.deletedAt !== null;
  return (
    <button
      type="button"
      className={`flex-1 truncate text-left ${isDeleted ? 'text-base-content/60 line-through' : 'hover:underline'}`}
      disabled={isDeleted}
      onClick={onOpen}
    >
      {s.name}
      <span className="ml-2 text-xs text-base-content/70">{s.sourceCategoryName ?? 'Uncategorized'}</span>
    </button>
  );
}

/** Frames the site with its live sources once they are known. */
function useFrameSources(
  sources: readonly SourceEdit[] | undefined,
  map: SiteEditTabProps['map'],
  site: SiteEditTabProps['site']['location'],
) {
  const framed = useRef(false);
  useEffect(() => {
    if (framed.current || !sources) return;
    framed.current = true;
    const live = sources
      .filter((s) => s.deletedAt === null)
      .flatMap((s) => {
        const p = parseLatLng(s.locationLatLng);
        return p ? [[p.lng, p.lat] as [number, number]] : [];
      });
    if (live.length > 0) map.fitTo([site, ...live]);
  }, [sources, map, site]);
}

/** Draws the sources on the map whichever tab is shown; a click on one picks it. */
function useSourcesOnMap(
  all: readonly SourceEdit[],
  form: SourceForm | null,
  map: SiteEditTabProps['map'],
  onPick: (id: number) => void,
) {
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    map.setLayers(
      'Sources',
      markedPointLayers('site-edit-sources', sourcePoints(all, form), 7, (id) => pick.current(id)),
    );
  }, [all, form, map]);
  useEffect(() => () => map.setLayers('Sources', []), [map]);
}

/** The save request of a source form (the height already read as a number). */
function sourcePayload(f: SourceForm, height: number | null, organizationId: number, siteId: number) {
  return {
    organizationId,
    ...(f.id ? { id: f.id } : {}),
    siteId,
    name: f.name,
    locationLatLng: f.position ? storageLatLngText(f.position) : f.locationLatLng,
    height,
    relativeImportance: f.relativeImportance,
    sourceCategoryId: f.sourceCategoryId,
    ...sourcePayloadGroup(f.sourceGroupName),
  };
}

function RestoreButton({ name, disabled, onRestore }: { name: string; disabled: boolean; onRestore: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      disabled={disabled}
      onClick={onRestore}
      aria-label={`Restore ${name}`}
    >
      Restore
    </button>
  );
}

/** Restores a deleted source: a toast either way. */
async function restoreSource(
  s: SourceEdit,
  setDeleted: (v: { sourceId: number; deleted: boolean }) => Promise<unknown>,
  toast: ReturnType<typeof useToast>,
) {
  try {
    await setDeleted({ sourceId: s.id, deleted: false });
    toast(SITE_EDIT_TOASTS.sourceRestored);
  } catch (e) {
    toast(formErrorsOf(e).general ?? SITE_EDIT_TOASTS.sourceRestored, 'error');
  }
}
