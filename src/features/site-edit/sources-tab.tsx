// The Sources tab (spec 3 §2, §3 'Source', §4, §5 'Source'): the site's sources (deleted ones struck through with
// Show Deleted, and Restore), and the form of the selected or new one. A new source gets a generated name and starts
// point drawing; placing the point saves it. The sources are drawn on the map whichever tab is shown.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SourceEdit } from '@/contracts/site-edit';
import { parseLatLng } from '@/domain/coordinates';
import { SITE_EDIT_TOASTS } from '@/domain/site-edit';
import { RELATIVE_IMPORTANCE_OPTIONS, type SourceField } from '@/domain/source';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useToast } from '@/ui/toasts';
import { useEditSources, useSaveSource, useSourceCategories, useSourceDeleted, useSourceGroupOptions } from './api';
import { Field, NumberField, SelectField } from './field';
import { MapFeatureTab } from './map-feature-tab';
import type { SiteEditTabProps } from './site-edit-context';
import { checkSourceForm, newSourceDraft, sourceLayers, sourceToForm, type SourceForm } from './source-form';
import { useMapFeatureEditor } from './use-map-feature-editor';
import { moved } from './use-nudge';

export function SourcesTab(props: SiteEditTabProps & { active: boolean }) {
  const { site, map } = props;
  const organizationId = site.organizationId;
  const toast = useToast();
  const sources = useEditSources(organizationId, site.id);
  const categories = useSourceCategories();
  const groups = useSourceGroupOptions(organizationId);
  const save = useSaveSource(site.id);
  const setDeleted = useSourceDeleted(organizationId, site.id);
  const [showDeleted, setShowDeleted] = useState(false);
  const all = useMemo(() => sources.data ?? [], [sources.data]);
  const editor = useMapFeatureEditor<SourceForm, SourceEdit, SourceField, ReturnType<typeof checkSourceForm>['body']>({
    type: 'Source',
    tab: props,
    items: all,
    toForm: sourceToForm,
    check: (f) => checkSourceForm(f, organizationId, site.id),
    save: (body) => save.mutateAsync(body),
    layers: sourceLayers,
  });
  const { feature } = editor;
  const { formRef, setForm } = feature;

  useFrameSources(sources.data, map, site.location);

  /** Point drawing: a new source is saved as soon as its point is placed (spec 3 §4). */
  const placePoint = (autoSubmit: boolean) =>
    map.startDrawing(
      'point',
      (g) => {
        if (g.kind !== 'point' || !formRef.current) return;
        const next = moved(formRef.current, { lng: g.position[0], lat: g.position[1] });
        setForm(next);
        if (autoSubmit) void editor.submit(next);
      },
      editor.dropUnplaced,
    );

  return (
    <MapFeatureTab<SourceForm, SourceEdit>
      editor={editor}
      readOnly={site.deleted}
      saving={save.isPending}
      list={{
        onAdd: () =>
          editor.startNew(
            () =>
              newSourceDraft(
                all.map((s) => s.name),
                categories.data?.[0]?.id ?? null,
              ),
            () => placePoint(true),
          ),
        addDisabled: !categories.data,
        showDeleted: { checked: showDeleted, onChange: setShowDeleted },
        query: sources,
        items: all.filter((s) => showDeleted || s.deletedAt === null),
        row: (s) => ({
          main: <SourceName source={s} onOpen={() => editor.openRow(s.id)} />,
          after: s.deletedAt !== null && (
            <RestoreButton
              name={s.name}
              disabled={site.deleted || setDeleted.isPending}
              onRestore={() => void restoreSource(s, setDeleted.mutateAsync, toast)}
            />
          ),
        }),
      }}
      locationAction={(form) => (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => placePoint(form.id === 0)}>
          Place on Map
        </button>
      )}
      fields={(form) => (
        <SourceFields
          form={form}
          setForm={setForm}
          errors={feature.errors}
          categories={categories.data ?? []}
          groups={(groups.data ?? []).filter((g) => g.siteId === site.id)}
        />
      )}
      remove={{
        busy: setDeleted.isPending,
        run: (sourceId) => setDeleted.mutateAsync({ sourceId, deleted: true }),
      }}
    />
  );
}

/** The source form's own fields after Name and Location: height, importance, category and group. */
function SourceFields({
  form,
  setForm,
  errors,
  categories,
  groups,
}: {
  form: SourceForm;
  setForm: (f: SourceForm) => void;
  errors: Partial<Record<SourceField, string>>;
  categories: readonly { id: number; name: string }[];
  groups: readonly { id: number; name: string }[];
}) {
  const set = <K extends keyof SourceForm>(k: K, v: SourceForm[K]) => setForm({ ...form, [k]: v });
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <NumberField label="Height (m)" error={errors.height} value={form.height} onChange={(v) => set('height', v)} />
        <SelectField
          label="Relative Importance"
          error={errors.relativeImportance}
          value={form.relativeImportance}
          options={RELATIVE_IMPORTANCE_OPTIONS}
          onChange={(v) => set('relativeImportance', Number(v))}
        />
      </div>
      <SelectField
        label="Category"
        error={errors.sourceCategoryId}
        value={form.sourceCategoryId ?? ''}
        options={[
          { value: '', label: 'Choose a category' },
          ...categories.map((c) => ({ value: c.id, label: c.name })),
        ]}
        onChange={(v) => set('sourceCategoryId', v ? Number(v) : null)}
      />
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
