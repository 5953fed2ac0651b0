// The Structures tab (spec 3 §2, §3 'Structure', §4, §5 'Structure'): the site's structures and the form of the
// selected or new one. A new structure starts drawing (a box by default; the shape can be switched to a cylinder while
// drawing); a saved one can be duplicated (' - copy', 5 m east, id 0) or redrawn. Footprints are drawn whichever tab
// is shown.
import { useMemo, useState } from 'react';
import type { Structure } from '@/contracts/site-edit';
import { parseLatLng } from '@/domain/coordinates';
import { duplicateStructure, SITE_EDIT_CONFIRMATIONS, FOOTPRINT_TYPES, type FootprintType } from '@/domain/site-edit';
import { FOOTPRINT_ROTATION_MAX, FOOTPRINT_SIZE_MAX, type StructureField } from '@/domain/structure';
import { FormAlert } from '@/ui/form/form-alert';
import { useDeleteStructure, useSaveStructure, useStructures } from './api';
import { FeatureTab } from './feature-tab';
import { Field, LocationField, TextField } from './field';
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
  const { feature, discard } = editor;
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
      // Cancelling the drawing of a new structure drops it.
      if (formRef.current?.id === 0 && !formRef.current.locationLatLng) discard();
    });
  };

  const duplicate = () => {
    const f = formRef.current;
    if (!f?.position) return;
    const copy = duplicateStructure({ ...f, location: f.position });
    editor.openAsNew(moved({ ...f, id: 0, name: copy.name }, copy.location));
  };

  const readOnly = site.deleted;

  return (
    <FeatureTab
      noun="Structure"
      plural="Structures"
      editing={{ ...editor, close: discard }}
      list={{
        onAdd: () =>
          editor.startNew(
            () => newStructureDraft(all.map((s) => s.name)),
            () => draw('Box', true),
          ),
        addDisabled: readOnly,
        query: structures,
        items: all,
        row: (s) => ({ main: <StructureName structure={s} onOpen={() => editor.openRow(s.id)} /> }),
      }}
      save={{ pending: save.isPending, disabled: readOnly || save.isPending }}
      deleteDisabled={readOnly}
      actions={(form) => (
        <StructureActions
          isNew={form.id === 0}
          readOnly={readOnly}
          dirty={feature.dirty}
          onRedraw={() => draw(form.footprintType, false)}
          onDuplicate={duplicate}
        />
      )}
      fields={(form) => (
        <>
          {drawingNew && <ShapeSwitcher current={form.footprintType} onShape={(t) => draw(t, true)} />}
          <StructureFields form={form} setForm={setForm} errors={feature.errors} general={feature.general} />
          <p className="text-xs text-base-content/70">Arrow keys move the selected structure by 0.5 m.</p>
        </>
      )}
      remove={{
        message: SITE_EDIT_CONFIRMATIONS.deleteStructure,
        busy: del.isPending,
        onConfirm: () => editor.remove((id) => del.mutateAsync(id)),
      }}
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

/** The structure form's fields: name, location, footprint type, rotation and size. */
function StructureFields({
  form,
  setForm,
  errors,
  general,
}: {
  form: StructureForm;
  setForm: (f: StructureForm) => void;
  errors: Partial<Record<StructureField, string>>;
  general: string | null;
}) {
  const set = <K extends keyof StructureForm>(k: K, v: StructureForm[K]) => setForm({ ...form, [k]: v });
  const numberField = (k: NumberKey, label: string, max: number) => (
    <Field label={label} error={errors[k]}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          type="number"
          min={0}
          max={max}
          step="any"
          className="input input-sm input-bordered w-full"
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <>
      <FormAlert message={general} />
      <TextField label="Name" error={errors.name} value={form.name} maxLength={256} onChange={(v) => set('name', v)} />
      <LocationField
        error={errors.locationLatLng}
        value={form.locationLatLng}
        onChange={(text) => setForm({ ...form, locationLatLng: text, position: parseLatLng(text) })}
      />
      <div className="grid grid-cols-2 gap-2">
        <Field label="Footprint Type" error={errors.footprintType}>
          {(id, describedBy) => (
            <select
              id={id}
              aria-describedby={describedBy}
              className="select select-sm select-bordered w-full"
              value={form.footprintType}
              onChange={(e) => set('footprintType', e.target.value as FootprintType)}
            >
              {FOOTPRINT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        {numberField('footprintRotation', 'Rotation (degrees)', FOOTPRINT_ROTATION_MAX)}
        {numberField('footprintX', 'X (m)', FOOTPRINT_SIZE_MAX)}
        {numberField('footprintY', 'Y (m)', FOOTPRINT_SIZE_MAX)}
        {numberField('footprintZ', 'Z (m)', FOOTPRINT_SIZE_MAX)}
      </div>
    </>
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
