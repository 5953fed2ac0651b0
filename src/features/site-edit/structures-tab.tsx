// The Structures tab (spec 3 §2, §3 'Structure', §4, §5 'Structure'): the site's structures and the form of the
// selected or new one. A new structure starts drawing (a box by default; the shape can be switched to a cylinder while
// drawing); a saved one can be duplicated (' - copy', 5 m east, id 0) or redrawn. Footprints are drawn whichever tab
// is shown.
import { useEffect, useMemo, useState } from 'react';
import type { Structure } from '@/contracts/site-edit';
import { formatLatLng, parseLatLng, type LatLng } from '@/domain/coordinates';
import {
  duplicateStructure,
  footprintPolygon,
  footprintSize,
  normalizeRotation,
  nudge,
  SITE_EDIT_CONFIRMATIONS,
  storageLatLngText,
  SITE_EDIT_TOASTS,
  FOOTPRINT_TYPES,
  type FootprintType,
} from '@/domain/site-edit';
import { COORDINATES_PLACEHOLDER } from '@/domain/sources';
import {
  FOOTPRINT_ROTATION_MAX,
  FOOTPRINT_SIZE_MAX,
  structureProblems,
  type StructureField,
} from '@/domain/structures';
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
import { useNudge } from './use-nudge';

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
const moved = <F extends { locationLatLng: string; position: LatLng | null }>(f: F, p: LatLng): F => ({
  ...f,
  locationLatLng: formatLatLng(p),
  position: p,
});

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
  const {
    form,
    saved,
    setSaved,
    errors,
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
  } = useFeatureForm<StructureForm, Structure, StructureField>({
    toForm,
    onDirtyChange,
    onClose: () => setDrawingNew(false),
    follow: { selected, items: all },
  });

  useEffect(() => {
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
    map.setLayers('Structures', [
      shapeLayer('site-edit-structures', shapes, (id) => {
        if (dirtyRef.current) return;
        onSelect({ type: 'Structure', id });
      }),
    ]);
  }, [all, form, map, onSelect, dirtyRef]);
  useEffect(() => () => map.setLayers('Structures', []), [map]);

  const submit = async (f: StructureForm | null = formRef.current): Promise<boolean> => {
    if (!f) return false;
    const values = {
      ...f,
      locationLatLng: f.position ? storageLatLngText(f.position) : f.locationLatLng,
      footprintRotation: num(f.footprintRotation),
      footprintX: num(f.footprintX),
      footprintY: num(f.footprintY),
      footprintZ: num(f.footprintZ),
    };
    if (!validate(structureProblems(values))) return false;
    try {
      const { name, locationLatLng, footprintType, footprintRotation, footprintX, footprintY, footprintZ } = values;
      const result = await save.mutateAsync({
        organizationId,
        ...(f.id ? { id: f.id } : {}),
        siteId: site.id,
        name,
        locationLatLng,
        footprintType,
        footprintRotation,
        footprintX,
        footprintY,
        footprintZ,
      });
      toast(f.id ? SITE_EDIT_TOASTS.structureEdited : SITE_EDIT_TOASTS.structureAdded);
      open(result);
      onSelect({ type: 'Structure', id: result.id });
      return true;
    } catch (e) {
      // Structure submit errors show in an error alert (spec 3 §8).
      showSaveError(e, true);
      return false;
    }
  };

  const discard = () => {
    map.cancelDrawing();
    close();
    onSelect(null);
  };
  const unsaved = useUnsavedChangesGuard(dirty, () => submit(), discard);

  const applyShape = (g: DrawnGeometry) => {
    const f = formRef.current;
    if (!f || (g.kind !== 'rectangle' && g.kind !== 'circle')) return;
    setDrawingNew(false);
    setForm({
      ...f,
      ...moved(f, { lng: g.center[0], lat: g.center[1] }),
      footprintType: g.kind === 'rectangle' ? 'Box' : 'Cylinder',
      footprintRotation: String(normalizeRotation(g.rotation)),
      footprintX: String(footprintSize(g.xMeters)),
      footprintY: String(footprintSize(g.yMeters)),
    });
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
      openDraft({
        id: 0,
        name: generatedStructureName(all.map((s) => s.name)),
        locationLatLng: '',
        position: null,
        footprintType: 'Box',
        footprintRotation: '0',
        footprintX: '',
        footprintY: '',
        footprintZ: '',
      });
      onSelect({ type: 'Structure', id: 0 });
      draw('Box', true);
    });

  const duplicate = () => {
    const f = formRef.current;
    if (!f?.position) return;
    const copy = duplicateStructure({ ...f, location: f.position });
    setForm(moved({ ...f, id: 0, name: copy.name }, copy.location));
    setSaved(null);
    onSelect({ type: 'Structure', id: 0 });
  };

  useNudge(active && form?.position != null && !site.deleted, (key) => {
    const f = formRef.current;
    if (f?.position) setForm(moved(f, nudge(f.position, key)));
  });

  const set = <K extends keyof StructureForm>(k: K, v: StructureForm[K]) => form && setForm({ ...form, [k]: v });
  const readOnly = site.deleted;
  const numberField = (
    k: 'footprintRotation' | 'footprintX' | 'footprintY' | 'footprintZ',
    label: string,
    max: number,
  ) => (
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
          value={form?.[k] ?? ''}
          onChange={(e) => set(k, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <div className="flex flex-col gap-3">
      <FeatureList
        noun="Structure"
        plural="Structures"
        onAdd={startNew}
        addDisabled={readOnly}
        query={{
          isPending: structures.isPending,
          error: structures.error,
          refetch: structures.refetch,
          loaded: structures.data !== undefined,
        }}
        items={all}
        selectedId={form?.id ?? null}
        row={(s) => ({
          main: (
            <button
              type="button"
              className="w-full truncate text-left hover:underline"
              onClick={() => unsaved.guard(() => onSelect({ type: 'Structure', id: s.id }))}
            >
              {s.name}
              <span className="ml-2 text-xs text-base-content/70">
                {s.footprintType} {s.footprintX}×{s.footprintY}×{s.footprintZ} m
              </span>
            </button>
          ),
        })}
      />

      {form && (
        <FeatureForm
          noun="Structure"
          id={form.id}
          name={saved?.name ?? form.name}
          onSubmit={() => void submit()}
          saving={save.isPending}
          saveDisabled={readOnly || save.isPending}
          dirty={dirty}
          onClose={discard}
          deleteDisabled={readOnly}
          onDelete={() => setConfirmDelete(true)}
          actions={
            <>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={readOnly}
                onClick={() => draw(form.footprintType, false)}
              >
                Redraw
              </button>
              {form.id !== 0 && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={readOnly || dirty}
                  title={dirty ? 'Save or discard the changes first' : undefined}
                  onClick={duplicate}
                >
                  Duplicate
                </button>
              )}
            </>
          }
        >
          {drawingNew && (
            <div className="flex items-center gap-2 text-sm" role="group" aria-label="Shape">
              <span>Shape:</span>
              {FOOTPRINT_TYPES.map((t) => (
                <button
                  key={t}
                  type="button"
                  className={`btn btn-xs ${form.footprintType === t ? 'btn-primary' : 'btn-outline'}`}
                  aria-pressed={form.footprintType === t}
                  onClick={() => draw(t, true)}
                >
                  {t}
                </button>
              ))}
            </div>
          )}
          <FormAlert message={general} />
          <TextField
            label="Name"
            error={errors.name}
            value={form.name}
            maxLength={256}
            onChange={(v) => set('name', v)}
          />
          <Field label="Location" error={errors.locationLatLng}>
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                className="input input-sm input-bordered w-full"
                placeholder={COORDINATES_PLACEHOLDER}
                value={form.locationLatLng}
                onChange={(e) =>
                  form && setForm({ ...form, locationLatLng: e.target.value, position: parseLatLng(e.target.value) })
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
          <p className="text-xs text-base-content/70">Arrow keys move the selected structure by 0.5 m.</p>
        </FeatureForm>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete structure"
        message={SITE_EDIT_CONFIRMATIONS.deleteStructure}
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onConfirm={() =>
          void remove(
            (id) => del.mutateAsync(id),
            SITE_EDIT_TOASTS.structureDeleted,
            () => onSelect(null),
          )
        }
        onCancel={() => setConfirmDelete(false)}
      />
      {unsaved.dialog}
    </div>
  );
}
