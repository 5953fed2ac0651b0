// The Structures tab (spec 3 §2, §3 'Structure', §4, §5 'Structure'): the site's structures and the form of the
// selected or new one. A new structure starts drawing (a box by default; the shape can be switched to a cylinder while
// drawing); a saved one can be duplicated (' - copy', 5 m east, id 0) or redrawn. Footprints are drawn whichever tab
// is shown.
import { useMemo, useState } from 'react';
import type { Structure } from '@/contracts/site-edit';
import { duplicateStructure, FOOTPRINT_TYPES, type FootprintType } from '@/domain/site-edit';
import { FOOTPRINT_ROTATION_MAX, FOOTPRINT_SIZE_MAX, type StructureField } from '@/domain/structure';
import { useDeleteStructure, useSaveStructure, useStructures } from './api';
import { NumberField, SelectField } from './field';
import { MapFeatureTab } from './map-feature-tab';
import type { DrawnGeometry, SiteEditTabProps } from './site-edit-context';
import {
  checkStructureForm,
  newStructureDraft,
  structureLayers,
  structureToForm,
  withDrawnShape,
  type StructureForm,
} from './structure-form';
import { useMapFeatureEditor } from './use-map-feature-editor';
import { moved } from './use-nudge';

export function StructuresTab(props: SiteEditTabProps & { active: boolean }) {
  const { site, map } = props;
  const organizationId = site.organizationId;
  const structures = useStructures(organizationId, site.id);
  const save = useSaveStructure(site.id);
  const del = useDeleteStructure(organizationId, site.id);
  const [drawingNew, setDrawingNew] = useState(false);
  const all = useMemo(() => structures.data ?? [], [structures.data]);
  const editor = useMapFeatureEditor<
    StructureForm,
    Structure,
    StructureField,
    ReturnType<typeof checkStructureForm>['body']
  >({
    type: 'Structure',
    tab: props,
    items: all,
    toForm: structureToForm,
    onClose: () => setDrawingNew(false),
    check: (f) => checkStructureForm(f, organizationId, site.id),
    save: (body) => save.mutateAsync(body),
    layers: structureLayers,
  });
  const { feature } = editor;
  const { formRef, setForm } = feature;

  const applyShape = (g: DrawnGeometry) => {
    const f = formRef.current;
    if (!f || (g.kind !== 'rectangle' && g.kind !== 'circle')) return;
    setDrawingNew(false);
    setForm(withDrawnShape(f, g));
  };
  const draw = (type: FootprintType, isNew: boolean) => {
    const f = formRef.current;
    if (f) setForm({ ...f, footprintType: type });
    setDrawingNew(isNew);
    map.startDrawing(type === 'Box' ? 'rectangle' : 'circle', applyShape, () => {
      setDrawingNew(false);
      editor.dropUnplaced();
    });
  };

  const duplicate = () => {
    const f = formRef.current;
    if (!f?.position) return;
    const copy = duplicateStructure({ ...f, location: f.position });
    editor.openAsNew(moved({ ...f, id: 0, name: copy.name }, copy.location));
  };

  return (
    <MapFeatureTab<StructureForm, Structure>
      editor={editor}
      readOnly={site.deleted}
      saving={save.isPending}
      list={{
        onAdd: () =>
          editor.startNew(
            () => newStructureDraft(all.map((s) => s.name)),
            () => draw('Box', true),
          ),
        query: structures,
        items: all,
        row: (s) => ({ main: <StructureName structure={s} onOpen={() => editor.openRow(s.id)} /> }),
      }}
      actions={(form) => (
        <StructureActions
          isNew={form.id === 0}
          readOnly={site.deleted}
          dirty={feature.dirty}
          onRedraw={() => draw(form.footprintType, false)}
          onDuplicate={duplicate}
        />
      )}
      beforeFields={(form) =>
        drawingNew && <ShapeSwitcher current={form.footprintType} onShape={(t) => draw(t, true)} />
      }
      fields={(form) => <FootprintFields form={form} setForm={setForm} errors={feature.errors} />}
      remove={{ busy: del.isPending, run: (id) => del.mutateAsync(id) }}
    />
  );
}

/** While a new structure is drawn, its shape can be switched. */
function ShapeSwitcher({ current, onShape }: { current: FootprintType; onShape: (t: FootprintType) => void }) {
  return (
    <div className="flex items-center gap-2 text-sm" role="group" aria-label="Shape">
      <span>Shape:</span>
      {FOOTPRINT_TYPES.map((t) => (
        <button
          key={t}
          type="button"
          className={`btn btn-xs ${current === t ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={current === t}
          onClick={() => onShape(t)}
        >
          {t}
        </button>
      ))}
    </div>
  );
}

function StructureActions({
  isNew,
  readOnly,
  dirty,
  onRedraw,
  onDuplicate,
}: {
  isNew: boolean;
  readOnly: boolean;
  dirty: boolean;
  onRedraw: () => void;
  onDuplicate: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={readOnly} onClick={onRedraw}>
        Redraw
      </button>
      {!isNew && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={readOnly || dirty}
          title={dirty ? 'Save or discard the changes first' : undefined}
          onClick={onDuplicate}
        >
          Duplicate
        </button>
      )}
    </>
  );
}

type NumberKey = 'footprintRotation' | 'footprintX' | 'footprintY' | 'footprintZ';

/** The structure form's own fields after Name and Location: footprint type, rotation and size. */
function FootprintFields({
  form,
  setForm,
  errors,
}: {
  form: StructureForm;
  setForm: (f: StructureForm) => void;
  errors: Partial<Record<StructureField, string>>;
}) {
  const set = <K extends keyof StructureForm>(k: K, v: StructureForm[K]) => setForm({ ...form, [k]: v });
  const numberField = (k: NumberKey, label: string, max: number) => (
    <NumberField label={label} error={errors[k]} value={form[k]} max={max} onChange={(v) => set(k, v)} />
  );
  return (
    <div className="grid grid-cols-2 gap-2">
      <SelectField
        label="Footprint Type"
        error={errors.footprintType}
        value={form.footprintType}
        options={FOOTPRINT_TYPES.map((t) => ({ value: t, label: t }))}
        onChange={(v) => set('footprintType', v as FootprintType)}
      />
      {numberField('footprintRotation', 'Rotation (degrees)', FOOTPRINT_ROTATION_MAX)}
      {numberField('footprintX', 'X (m)', FOOTPRINT_SIZE_MAX)}
      {numberField('footprintY', 'Y (m)', FOOTPRINT_SIZE_MAX)}
      {numberField('footprintZ', 'Z (m)', FOOTPRINT_SIZE_MAX)}
    </div>
  );
}

/** A structure in the list: its name, shape and size. */
function StructureName({ structure: s, onOpen }: { structure: Structure; onOpen: () => void }) {
  return (
    <button type="button" className="w-full truncate text-left hover:underline" onClick={onOpen}>
      {s.name}
      <span className="ml-2 text-xs text-base-content/70">
        {s.footprintType} {s.footprintX}×{s.footprintY}×{s.footprintZ} m
      </span>
    </button>
  );
}
