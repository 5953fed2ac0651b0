// The Basemaps tab (spec 3 §2, §3 'Basemap', §4 'Basemap upload', §5 'Basemap'): the site's basemaps (each shown on
// the map while its box is ticked, ticked at first when shown by default) and the form of the selected or new one.
// Chosen files are read in the file worker (PNG/JPEG, KML with its image, KMZ, GeoTIFF), which fills the corners and
// recompresses images over 2 MB; the upload shows its progress and stops when the page is left.
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { callEndpointBytes, endpointKey } from '@/api/endpoint-client';
import { basemapImageEndpoint, type Basemap } from '@/contracts/site-edit';
import {
  BASEMAP_MAX_FILES,
  basemapProblems,
  unexpectedParseError,
  type BasemapField,
  type ParsedBasemap,
} from '@/domain/basemap';
import { formatLatLng, parseLatLng } from '@/domain/coordinates';
import { SITE_EDIT_CONFIRMATIONS, SITE_EDIT_TOASTS } from '@/domain/site-edit';
import { COORDINATES_PLACEHOLDER } from '@/domain/source';
import { fileJobs } from '@/compute/file-jobs';
import { FormAlert, InlineAlert } from '@/ui/form/form-alert';
import { basemapImageLayer, type Layer } from '@/entities/site/site-edit-layers';
import { useToast } from '@/ui/toasts';
import { useBasemaps, useDeleteBasemap, useSaveBasemap } from './api';
import { FeatureTab } from './feature-tab';
import { Field, TextField } from './field';
import type { SiteEditTabProps } from './site-edit-context';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useFeatureForm } from './use-feature-form';

const ACCEPT = '.png,.jpg,.jpeg,.tif,.tiff,.kml,.kmz,image/png,image/jpeg,image/tiff';

interface BasemapForm {
  id: number;
  name: string;
  northEastCornerLatLng: string;
  southWestCornerLatLng: string;
  showByDefault: boolean;
}

const toForm = (b: Basemap): BasemapForm => ({
  id: b.id,
  name: b.name,
  northEastCornerLatLng: b.northEastCornerLatLng,
  southWestCornerLatLng: b.southWestCornerLatLng,
  showByDefault: b.showByDefault,
});

/** The image's version ends its key: a new image is a new query, the old one's bitmap is not reused. */
const basemapImageKey = (organizationId: number, b: Basemap) =>
  [...endpointKey(basemapImageEndpoint, { query: { organizationId, basemapId: b.id } }), b.imageVersion] as const;

export function BasemapsTab({ site, map, onDirtyChange }: SiteEditTabProps) {
  const organizationId = site.organizationId;
  const toast = useToast();
  const basemaps = useBasemaps(organizationId, site.id);
  const save = useSaveBasemap(organizationId, site.id);
  const del = useDeleteBasemap(organizationId, site.id);
  const all = useMemo(() => basemaps.data ?? [], [basemaps.data]);
  const [hidden, setHidden] = useState<Record<number, boolean>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const file = useBasemapFile();
  const { image, preview, reading, warnings, aborter } = file;
  // Basemaps are not picked on the map, so the form does not follow the shell's selection.
  const feature = useFeatureForm<BasemapForm, Basemap, BasemapField>({
    toForm,
    onDirtyChange,
    dirtyBesideForm: image !== null,
    onClose: () => {
      file.clear();
      setProgress(null);
    },
  });
  const { form, setForm, formRef, setErrors, dirty, close: reset } = feature;

  // Each shown basemap's image, decoded for the map.
  const visible = all.filter((b) => !(hidden[b.id] ?? !b.showByDefault));
  const { bitmaps, bitmapKey } = useBasemapBitmaps(organizationId, visible);

  useEffect(() => {
    const layers = basemapLayers(visible, bitmaps, form, preview);
    map.setLayers('Basemaps', layers);
    // The bitmaps are tracked by bitmapKey; the arrays are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bitmapKey, all, hidden, form, preview, map]);
  useEffect(() => () => map.setLayers('Basemaps', []), [map]);

  const open = (b: Basemap) => {
    reset();
    feature.open(b);
  };

  const chooseFiles = (files: File[]) => {
    if (!form || files.length === 0) return;
    setErrors((e) => ({ ...e, image: undefined }));
    void file.read(files, {
      onCorners: (parsed) => {
        // The form as it is now: it may have been edited while the file was read.
        const f = formRef.current;
        if (f) setForm(withParsedCorners(f, parsed, files[0]!.name));
        if (parsed.northEast && parsed.southWest)
          map.fitTo([
            [parsed.southWest.lng, parsed.southWest.lat],
            [parsed.northEast.lng, parsed.northEast.lat],
          ]);
      },
      // File errors show on the image field (spec 3 §5).
      onError: (message) => setErrors((x) => ({ ...x, image: message })),
    });
  };

  const submit = async (): Promise<boolean> => {
    if (!form) return false;
    if (!feature.validate(basemapProblems({ ...form, hasImage: image !== null, isNew: form.id === 0 }))) return false;
    const controller = new AbortController();
    aborter.current = controller;
    setProgress(0);
    try {
      const result = await save.mutateAsync({
        fields: basemapFields(form, site.id),
        image: image ? { bytes: image.bytes, mime: image.mime } : null,
        onProgress: setProgress,
        signal: controller.signal,
      });
      toast(form.id ? SITE_EDIT_TOASTS.basemapEdited : SITE_EDIT_TOASTS.basemapAdded);
      setHidden((h) => ({ ...h, [result.id]: !result.showByDefault }));
      open(result);
      return true;
    } catch (e) {
      if (controller.signal.aborted) return false;
      feature.showSaveError(e, false);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const unsaved = useUnsavedChangesGuard(dirty, submit, reset);
  const startNew = () =>
    unsaved.guard(() => {
      reset();
      feature.openDraft({ id: 0, name: '', northEastCornerLatLng: '', southWestCornerLatLng: '', showByDefault: true });
    });

  return (
    <FeatureTab
      noun="Basemap"
      plural="Basemaps"
      editing={{ feature, submit, close: reset, unsaved }}
      list={{
        onAdd: startNew,
        query: basemaps,
        items: all,
        row: (b) => ({
          before: (
            <input
              type="checkbox"
              className="checkbox checkbox-xs"
              checked={!(hidden[b.id] ?? !b.showByDefault)}
              aria-label={`Show ${b.name} on the map`}
              onChange={(e) => setHidden((h) => ({ ...h, [b.id]: !e.target.checked }))}
            />
          ),
          main: <BasemapName name={b.name} onOpen={() => unsaved.guard(() => open(b))} />,
          after: <ZoomButton name={b.name} onZoom={() => fitBasemap(map, b)} />,
        }),
      }}
      save={{ pending: save.isPending, disabled: save.isPending || reading }}
      fields={(form) => (
        <>
          <BasemapFields
            form={form}
            setForm={setForm}
            errors={feature.errors}
            general={feature.general}
            imageLabel={form.id === 0 ? 'Image' : 'Replace Image'}
            fileInput={fileInput}
            onFiles={chooseFiles}
            reading={reading}
            warnings={warnings}
          />
          {progress !== null && (
            <progress
              className="progress progress-primary w-full"
              value={Math.round(progress * 100)}
              max={100}
              aria-label="Upload progress"
            />
          )}
        </>
      )}
      remove={{
        message: SITE_EDIT_CONFIRMATIONS.deleteBasemap,
        busy: del.isPending,
        onConfirm: () => void feature.remove((id) => del.mutateAsync(id), SITE_EDIT_TOASTS.basemapDeleted),
      }}
    />
  );
}

/** Each shown basemap's image, decoded for the map; the key names which have arrived. */
function useBasemapBitmaps(organizationId: number, visible: readonly Basemap[]) {
  const images = useQueries({
    queries: visible.map((b) => ({
      queryKey: basemapImageKey(organizationId, b),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        createImageBitmap(
          new Blob([
            await callEndpointBytes(basemapImageEndpoint, {
              query: { organizationId, basemapId: b.id },
              accept: 'image/png, image/jpeg',
              signal,
            }),
          ]),
        ),
      staleTime: Infinity,
    })),
  });
  const bitmaps = images.map((q) => q.data ?? null);
  const bitmapKey = bitmaps.map((b, i) => (b ? visible[i]!.id : 0)).join(',');
  return { bitmaps, bitmapKey };
}

/** The map's basemap images: each shown one at its corners (the edited one at its form's, with a new image's preview),
 * and a new basemap's preview. */
function basemapLayers(
  visible: readonly Basemap[],
  bitmaps: readonly (ImageBitmap | null)[],
  form: BasemapForm | null,
  preview: ImageBitmap | null,
): Layer[] {
  const layers: Layer[] = [];
  visible.forEach((b, i) => {
    const bitmap = bitmaps[i];
    const editing = form?.id === b.id;
    const ne = parseLatLng(editing ? form.northEastCornerLatLng : b.northEastCornerLatLng);
    const sw = parseLatLng(editing ? form.southWestCornerLatLng : b.southWestCornerLatLng);
    const shown = editing && preview ? preview : bitmap;
    if (shown && ne && sw) layers.push(basemapImageLayer(`site-edit-basemap-${b.id}`, shown, sw, ne));
  });
  if (form?.id === 0 && preview) {
    const ne = parseLatLng(form.northEastCornerLatLng);
    const sw = parseLatLng(form.southWestCornerLatLng);
    if (ne && sw) layers.push(basemapImageLayer('site-edit-basemap-new', preview, sw, ne, 0.85));
  }
  return layers;
}

function fitBasemap(map: SiteEditTabProps['map'], b: Basemap) {
  const ne = parseLatLng(b.northEastCornerLatLng);
  const sw = parseLatLng(b.southWestCornerLatLng);
  if (ne && sw)
    map.fitTo([
      [sw.lng, sw.lat],
      [ne.lng, ne.lat],
    ]);
}

/** A file the worker could not read: its own message, or the spec's for an unexpected failure. */
function fileErrorMessage(e: unknown): string {
  if (!(e instanceof Error)) return unexpectedParseError(String(e));
  return e.name === 'FileParseError' ? e.message : unexpectedParseError(e.message);
}

/** The basemap form's fields: the image file (read in the worker), its warnings, name, corners and visibility. */
function BasemapFields({
  form,
  setForm,
  errors,
  general,
  imageLabel,
  fileInput,
  onFiles,
  reading,
  warnings,
}: {
  form: BasemapForm;
  setForm: (f: BasemapForm) => void;
  errors: Partial<Record<BasemapField, string>>;
  general: string | null;
  imageLabel: string;
  fileInput: RefObject<HTMLInputElement | null>;
  onFiles: (files: File[]) => void;
  reading: boolean;
  warnings: readonly string[];
}) {
  const set = <K extends keyof BasemapForm>(k: K, v: BasemapForm[K]) => setForm({ ...form, [k]: v });
  return (
    <>
      <FormAlert message={general} />
      <Field label={imageLabel} error={errors.image}>
        {(id, describedBy) => (
          <input
            id={id}
            ref={fileInput}
            aria-describedby={describedBy}
            type="file"
            multiple
            accept={ACCEPT}
            className="file-input file-input-sm file-input-bordered w-full"
            onChange={(e) => onFiles(Array.from(e.target.files ?? []))}
          />
        )}
      </Field>
      <p className="text-xs text-base-content/70">
        PNG, JPEG, GeoTIFF, KMZ, or a KML with its image (up to {BASEMAP_MAX_FILES} files).
      </p>
      {reading && (
        <p className="flex items-center gap-2 text-sm" role="status">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Reading the file…
        </p>
      )}
      {warnings.map((w) => (
        <InlineAlert key={w} tone="warning">
          {w}
        </InlineAlert>
      ))}
      <TextField label="Name" error={errors.name} value={form.name} maxLength={256} onChange={(v) => set('name', v)} />
      <TextField
        label="Northeast Corner"
        error={errors.northEastCornerLatLng}
        value={form.northEastCornerLatLng}
        placeholder={COORDINATES_PLACEHOLDER}
        onChange={(v) => set('northEastCornerLatLng', v)}
      />
      <TextField
        label="Southwest Corner"
        error={errors.southWestCornerLatLng}
        value={form.southWestCornerLatLng}
        placeholder={COORDINATES_PLACEHOLDER}
        onChange={(v) => set('southWestCornerLatLng', v)}
      />
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={form.showByDefault}
          onChange={(e) => set('showByDefault', e.target.checked)}
        />
        Show by default
      </label>
    </>
  );
}

/** The form with the corners a file held, and its name from the file when it has none. */
function withParsedCorners(f: BasemapForm, parsed: ParsedBasemap, fileName: string): BasemapForm {
  return {
    ...f,
    name: f.name || fileName.replace(/\.[^.]+$/, ''),
    ...(parsed.northEast ? { northEastCornerLatLng: formatLatLng(parsed.northEast) } : {}),
    ...(parsed.southWest ? { southWestCornerLatLng: formatLatLng(parsed.southWest) } : {}),
  };
}

/**
 * The chosen image file, read in the file worker: the image to upload, its preview, the reader's warnings, and the
 * controller that stops a read or an upload (a new file, a closed form, a left page).
 */
function useBasemapFile() {
  const [image, setImage] = useState<ParsedBasemap['image'] | null>(null);
  const [preview, setPreview] = useState<ImageBitmap | null>(null);
  const [reading, setReading] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const aborter = useRef<AbortController | null>(null);
  // Leaving the page stops a file being read or uploaded.
  useEffect(() => () => aborter.current?.abort(), []);
  const clear = () => {
    aborter.current?.abort();
    setImage(null);
    setPreview(null);
    setWarnings([]);
    setReading(false);
  };
  const read = async (
    files: File[],
    on: { onCorners: (parsed: ParsedBasemap) => void; onError: (message: string) => void },
  ) => {
    setWarnings([]);
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setReading(true);
    try {
      const parsed = await fileJobs.parseBasemap(files, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setImage(parsed.image);
      setPreview(
        await createImageBitmap(new Blob([parsed.image.bytes as Uint8Array<ArrayBuffer>], { type: parsed.image.mime })),
      );
      setWarnings(parsed.warnings);
      on.onCorners(parsed);
    } catch (e) {
      if (controller.signal.aborted || (e instanceof Error && e.name === 'CancelledError')) return;
      on.onError(fileErrorMessage(e));
      setImage(null);
      setPreview(null);
    } finally {
      if (aborter.current === controller) setReading(false);
    }
  };
  return { image, preview, reading, warnings, aborter, clear, read };
}

/** The saved fields of a basemap form. */
const basemapFields = (form: BasemapForm, siteId: number) => ({
  ...(form.id ? { id: form.id } : {}),
  siteId,
  name: form.name,
  northEastCornerLatLng: form.northEastCornerLatLng,
  southWestCornerLatLng: form.southWestCornerLatLng,
  showByDefault: form.showByDefault,
});

function BasemapName({ name, onOpen }: { name: string; onOpen: () => void }) {
  return (
    <button type="button" className="flex-1 truncate text-left hover:underline" onClick={onOpen}>
      {name}
    </button>
  );
}

function ZoomButton({ name, onZoom }: { name: string; onZoom: () => void }) {
  return (
    <button type="button" className="btn btn-ghost btn-xs" aria-label={`Zoom to ${name}`} onClick={onZoom}>
      Zoom
    </button>
  );
}
