// The Structures tab (spec 3 §2, §3 'Structure', §4, §5 'Structure'): the site's structures and the form of the
// selected or new one. A new structure starts drawing (a box by default; the shape can be switched to a cylinder while
// drawing); a saved one can be duplicated (' - copy', 5 m east, id 0) or redrawn. Footprints are drawn whichever tab
// is shown.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Structure } from '@/contracts/site-edit';
import { formatLatLng, parseLatLng, type LatLng } from '@/domain/coordinates';
import {
  duplicateStructure,
  footprintPolygon,
  footprintSize,
  normalizeRotation,
  SITE_EDIT_CONFIRMATIONS,
  storageLatLngText,
  SITE_EDIT_TOASTS,
  FOOTPRINT_TYPES,
  type FootprintType,
} from '@/domain/site-edit';
import { COORDINATES_PLACEHOLDER } from '@/domain/source';
import { FOOTPRINT_ROTATION_MAX, FOOTPRINT_SIZE_MAX, structureProblems, type StructureField } from '@/domain/structure';
import { FormAlert } from '@/ui/form/form-alert';
import { shapeLayer, type OutlinedShape } from '@/entities/site/site-edit-layers';
import { ConfirmDialog } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useDeleteStructure, useSaveStructure, useStructures } from './api';
import { FeatureForm } from './feature-form';
import { FeatureList } from './feature-list';
import { Field, TextField } from './field';
import type { DrawnGeometry, SiteEditTabProps } from './site-edit-context';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useFeatureForm } from './use-feature-form';
import { moved, useNudgeForm } from './use-nudge';

interface StructureForm {
  id: number;
  name: string;
  locationLatLng: string;
  /** Where the feature is, at full precision (nudges of 0.5 m would vanish in the 5 shown decimals). */
  position: LatLng | null;
  footprintType: FootprintType;
  footprintRotation: string;
  footprintX: string;
  footprintY: string;
  footprintZ: string;
}

const toForm = (s: Structure): StructureForm => {
  const at = parseLatLng(s.locationLatLng);
  return {
    id: s.id,
    name: s.name,
    locationLatLng: at ? formatLatLng(at) : s.locationLatLng,
    position: at,
    footprintType: s.footprintType,
    footprintRotation: String(s.footprintRotation),
    footprintX: String(s.footprintX),
    footprintY: String(s.footprintY),
    footprintZ: String(s.footprintZ),
  };
};
const num = (t: string): number | null => (t.trim() === '' ? null : Number(t));

function ringOf(f: {
  position: LatLng | null;
  footprintType: FootprintType;
  footprintRotation: string | number;
  footprintX: string | number;
  footprintY: string | number;
}) {
  const at = f.position;
  if (!at) return null;
  const n = (v: string | number) => (typeof v === 'number' ? v : num(v));
  return footprintPolygon({
    location: at,
    footprintType: f.footprintType,
    footprintRotation: n(f.footprintRotation),
    footprintX: n(f.footprintX),
    footprintY: n(f.footprintY),
  });
}

/** The next 'Structure N' no structure uses. */
function generatedStructureName(names: readonly string[]): string {
  const taken = new Set(names.map((n) => n.toLowerCase()));
  for (let n = names.length + 1; ; n++) if (!taken.has(`structure ${n}`)) return `Structure ${n}`;
}

export function StructuresTab({
  site,
  map,
  onDirtyChange,
  selected,
  onSelect,
  active,
}: SiteEditTabProps & { active: boolean }) {
  const organizationId = site.organizationId;
  const toast = useToast();
  const structures = useStructures(organizationId, site.id);
  const save = useSaveStructure(site.id);
  const del = useDeleteStructure(organizationId, site.id);
  const [drawingNew, setDrawingNew] = useState(false);
  const all = useMemo(() => structures.data ?? [], [structures.data]);
  const feature = useFeatureForm<StructureForm, Structure, StructureField>({
    toForm,
    onDirtyChange,
    onClose: () => setDrawingNew(false),
    follow: { selected, items: all },
  });
  const { form, formRef, setForm, dirty } = feature;

  useStructuresOnMap(all, form, map, (id) => {
    // Unsaved changes block selecting another feature on the map (spec 3 §4).
    if (!feature.dirtyRef.current) onSelect({ type: 'Structure', id });
  });

  const submit = async (f: StructureForm | null = formRef.current): Promise<boolean> => {
    if (!f) return false;
    const values = structureValues(f);
    if (!feature.validate(structureProblems(values))) return false;
    try {
      const result = await save.mutateAsync(structurePayload(values, organizationId, site.id));
      toast(f.id ? SITE_EDIT_TOASTS.structureEdited : SITE_EDIT_TOASTS.structureAdded);
      feature.open(result);
      onSelect({ type: 'Structure', id: result.id });
      return true;
    } catch (e) {
      // Structure submit errors show in an error alert (spec 3 §8).
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

  const startNew = () =>
    unsaved.guard(() => {
      feature.openDraft(newStructureDraft(all.map((s) => s.name)));
      onSelect({ type: 'Structure', id: 0 });
      draw('Box', true);
    });

  const duplicate = () => {
    const f = formRef.current;
    if (!f?.position) return;
    const copy = duplicateStructure({ ...f, location: f.position });
    setForm(moved({ ...f, id: 0, name: copy.name }, copy.location));
    feature.setSaved(null);
    onSelect({ type: 'Structure', id: 0 });
  };

  useNudgeForm(active && !site.deleted, form, formRef, setForm);

  const readOnly = site.deleted;

  return (
    <div className="flex flex-col gap-3">
      <FeatureList
        noun="Structure"
        plural="Structures"
        onAdd={startNew}
        addDisabled={readOnly}
        query={structures}
        items={all}
        selectedId={form?.id ?? null}
        row={(s) => ({
          main: (
            <StructureName
              structure={s}
              onOpen={() => unsaved.guard(() => onSelect({ type: 'Structure', id: s.id }))}
            />
          ),
        })}
      />

      {form && (
        <FeatureForm
          noun="Structure"
          id={form.id}
          name={feature.saved?.name ?? form.name}
          onSubmit={() => void submit()}
          saving={save.isPending}
          saveDisabled={readOnly || save.isPending}
          dirty={dirty}
          onClose={discard}
          deleteDisabled={readOnly}
          onDelete={() => feature.setConfirmDelete(true)}
          actions={
            <StructureActions
              isNew={form.id === 0}
              readOnly={readOnly}
              dirty={dirty}
              onRedraw={() => draw(form.footprintType, false)}
              onDuplicate={duplicate}
            />
          }
        >
          {drawingNew && <ShapeSwitcher current={form.footprintType} onShape={(t) => draw(t, true)} />}
          <StructureFields form={form} setForm={setForm} errors={feature.errors} general={feature.general} />
          <p className="text-xs text-base-content/70">Arrow keys move the selected structure by 0.5 m.</p>
        </FeatureForm>
      )}
      <ConfirmDialog
        open={feature.confirmDelete}
        title="Delete structure"
        message={SITE_EDIT_CONFIRMATIONS.deleteStructure}
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onConfirm={() =>
          void feature.remove(
            (id) => del.mutateAsync(id),
            SITE_EDIT_TOASTS.structureDeleted,
            () => onSelect(null),
          )
        }
        onCancel={() => feature.setConfirmDelete(false)}
      />
      {unsaved.dialog}
    </div>
  );
}

/** The map's footprints: every structure, the one being edited where its form puts it, highlighted. */
function structureShapes(all: readonly Structure[], form: StructureForm | null) {
  const shapes: OutlinedShape<number>[] = all
    .filter((s) => s.id !== form?.id)
    .flatMap((s) => {
      const ring = ringOf({ ...s, position: parseLatLng(s.locationLatLng) });
      return ring
        ? [
            {
              datum: s.id,
              ring,
              fill: [100, 116, 139, 90] as [number, number, number, number],
              line: [51, 65, 85, 255] as [number, number, number, number],
            },
          ]
        : [];
    });
  const ring = form ? ringOf(form) : null;
  if (form && ring) shapes.push({ datum: form.id, ring, fill: [37, 99, 235, 70], line: [37, 99, 235, 255] });
  return shapes;
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
      <Field label="Location" error={errors.locationLatLng}>
        {(id, describedBy) => (
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
        )}
      </Field>
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

/** The form's numbers read, and its location as stored. */
function structureValues(f: StructureForm) {
  return {
    ...f,
    locationLatLng: f.position ? storageLatLngText(f.position) : f.locationLatLng,
    footprintRotation: num(f.footprintRotation),
    footprintX: num(f.footprintX),
    footprintY: num(f.footprintY),
    footprintZ: num(f.footprintZ),
  };
}

/** The save request of a checked structure form. */
function structurePayload(values: ReturnType<typeof structureValues>, organizationId: number, siteId: number) {
  const { id, name, locationLatLng, footprintType, footprintRotation, footprintX, footprintY, footprintZ } = values;
  return {
    organizationId,
    ...(id ? { id } : {}),
    siteId,
    name,
    locationLatLng,
    footprintType,
    footprintRotation,
    footprintX,
    footprintY,
    footprintZ,
  };
}

const newStructureDraft = (names: string[]): StructureForm => ({
  id: 0,
  name: generatedStructureName(names),
  locationLatLng: '',
  position: null,
  footprintType: 'Box',
  footprintRotation: '0',
  footprintX: '',
  footprintY: '',
  footprintZ: '',
});

/** The form with a drawn rectangle or circle: its centre, shape, rotation and size. */
function withDrawnShape(f: StructureForm, g: Extract<DrawnGeometry, { kind: 'rectangle' | 'circle' }>): StructureForm {
  return {
    ...moved(f, { lng: g.center[0], lat: g.center[1] }),
    footprintType: g.kind === 'rectangle' ? 'Box' : 'Cylinder',
    footprintRotation: String(normalizeRotation(g.rotation)),
    footprintX: String(footprintSize(g.xMeters)),
    footprintY: String(footprintSize(g.yMeters)),
  };
}

/** Draws the footprints on the map whichever tab is shown; a click on one picks it. */
function useStructuresOnMap(
  all: readonly Structure[],
  form: StructureForm | null,
  map: SiteEditTabProps['map'],
  onPick: (id: number) => void,
) {
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    map.setLayers('Structures', [
      shapeLayer('site-edit-structures', structureShapes(all, form), (id) => pick.current(id)),
    ]);
  }, [all, form, map]);
  useEffect(() => () => map.setLayers('Structures', []), [map]);
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
