// The Add or Edit Inspection form (spec 3 §5 'Inspection form', 'Inspection'): the domain rules through zod, and the
// couplings — no detection clears and disables rate, concentration, location and source; a new site clears the
// source; coordinates clear the source and a source clears the coordinates; Aerial starts with a detection found and
// has no survey type. Used for saved inspections and for the drafts of Create Inspections alike.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { InspectionSites } from '@/contracts/inspection';
import {
  INSPECTION_IMAGE_MAX_BYTES,
  INSPECTION_IMAGE_TYPES,
  INSPECTION_MESSAGES,
  INSPECTION_TYPE_LABELS,
  inspectionFieldChange,
  inspectionFormSchema,
  InspectionType,
  SURVEY_TYPE_LABELS,
  type InspectionFormValues,
  type InspectionImage,
  type InspectionImageType,
} from '@/domain/inspection';
import { FormAlert } from '../../ui/form/form-alert';

export function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const idValue = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const numberValue = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function Field({
  id,
  label,
  error,
  children,
  wide = false,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`form-control grid content-start ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className="label-text mb-1 text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <span id={`${id}-error`} className="mt-1 text-xs text-error">
          {error}
        </span>
      )}
    </div>
  );
}

export interface InspectionFormProps {
  sites: InspectionSites;
  initial: InspectionFormValues;
  /** The saved image's address, shown while the form's image is left as it was (undefined). */
  savedImageUrl: string | null;
  readOnly: boolean;
  general: string | null;
  busy: boolean;
  submitLabel: string;
  /** Answers field errors to show, if the save was refused. */
  onSubmit: (values: InspectionFormValues) => Promise<Record<string, string> | undefined>;
  onCancel: () => void;
  /** Extra buttons on the left of the footer (Delete). */
  extraActions?: ReactNode;
}

export function InspectionForm({
  sites,
  initial,
  savedImageUrl,
  readOnly,
  general,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  extraActions,
}: InspectionFormProps) {
  const { register, handleSubmit, formState, setValue, watch, setError, clearErrors } = useForm<InspectionFormValues>({
    defaultValues: initial,
    resolver: zodResolver(inspectionFormSchema),
  });
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const base = useId();
  const fid = (name: string) => `${base}-${name}`;
  const values = watch();
  const errors = formState.errors;
  const apply = (changes: Partial<InspectionFormValues>) => {
    for (const [key, value] of Object.entries(changes) as [
      keyof InspectionFormValues,
      InspectionFormValues[keyof InspectionFormValues],
    ][]) {
      setValue(key, value, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    }
  };
  const site = sites.sites.find((s) => s.id === values.siteId) ?? null;
  const detection = values.detectionFound === true;
  const isAerial = values.type === InspectionType.Aerial;
  const image: InspectionImage | null | undefined = values.image;
  const imageUrl = image ? `data:${image.mimeType};base64,${image.content}` : image === null ? null : savedImageUrl;

  async function chooseImage(file: File | undefined) {
    setImageProblem(null);
    if (!file) return;
    if (!(INSPECTION_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setImageProblem(INSPECTION_MESSAGES.imageType);
    if (file.size > INSPECTION_IMAGE_MAX_BYTES) return setImageProblem(INSPECTION_MESSAGES.imageTooLarge);
    const content = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    setValue('image', { mimeType: file.type as InspectionImageType, content }, { shouldDirty: true });
    clearErrors('image');
  }

  const submit = handleSubmit(async (v) => {
    const problems = await onSubmit(v);
    for (const [field, message] of Object.entries(problems ?? {}))
      setError(field as keyof InspectionFormValues, { type: 'server', message });
  });

  const inputClass = (error: unknown) => `input w-full ${error ? 'input-error' : ''}`;
  const selectClass = (error: unknown) => `select w-full ${error ? 'select-error' : ''}`;
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <FormAlert message={general} />
      <fieldset disabled={readOnly} className="grid gap-3 sm:grid-cols-2">
        <Field id={fid('type')} label="Type" error={errors.type?.message}>
          <select
            id={fid('type')}
            className={selectClass(errors.type)}
            aria-invalid={Boolean(errors.type)}
            {...register('type', {
              setValueAs: idValue,
              onChange: (e: { target: { value: string } }) =>
                apply(inspectionFieldChange('type', idValue(e.target.value))),
            })}
          >
            {Object.entries(INSPECTION_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fid('siteId')} label="Site" error={errors.siteId?.message}>
          <select
            id={fid('siteId')}
            className={selectClass(errors.siteId)}
            aria-invalid={Boolean(errors.siteId)}
            {...register('siteId', {
              setValueAs: idValue,
              onChange: () => apply(inspectionFieldChange('siteId', null)),
            })}
          >
            <option value="">Select a site</option>
            {sites.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fid('time')} label="Inspection Date" error={errors.time?.message}>
          <input
            id={fid('time')}
            type="datetime-local"
            className={inputClass(errors.time)}
            aria-invalid={Boolean(errors.time)}
            {...register('time', { setValueAs: (v: unknown) => (v ? String(v) : null) })}
          />
        </Field>
        {isAerial ? (
          <div className="hidden sm:block" />
        ) : (
          <Field id={fid('surveyType')} label="Survey Type" error={errors.surveyType?.message}>
            <select
              id={fid('surveyType')}
              className={selectClass(errors.surveyType)}
              aria-invalid={Boolean(errors.surveyType)}
              {...register('surveyType', { setValueAs: idValue })}
            >
              <option value="">Select a survey type</option>
              {Object.entries(SURVEY_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={fid('inspectedByUserId')} label="Inspected By" error={errors.inspectedByUserId?.message}>
          <select
            id={fid('inspectedByUserId')}
            className={selectClass(errors.inspectedByUserId)}
            {...register('inspectedByUserId', { setValueAs: idValue })}
          >
            <option value="">Not recorded</option>
            {sites.inspectors.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fid('thirdPartyInspectionId')}
          label="Third Party Inspection Id"
          error={errors.thirdPartyInspectionId?.message}
        >
          <input
            id={fid('thirdPartyInspectionId')}
            className={inputClass(errors.thirdPartyInspectionId)}
            aria-invalid={Boolean(errors.thirdPartyInspectionId)}
            {...register('thirdPartyInspectionId')}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            className="toggle toggle-primary toggle-sm"
            {...register('detectionFound', {
              onChange: (e: { target: { checked: boolean } }) =>
                apply(inspectionFieldChange('detectionFound', e.target.checked)),
            })}
          />
          Detection Found
        </label>
        <Field id={fid('emissionRate')} label="Emission Rate (kg/h)" error={errors.emissionRate?.message}>
          <input
            id={fid('emissionRate')}
            type="number"
            min={0}
            step="any"
            className={inputClass(errors.emissionRate)}
            aria-invalid={Boolean(errors.emissionRate)}
            disabled={!detection}
            {...register('emissionRate', { setValueAs: numberValue })}
          />
        </Field>
        <Field
          id={fid('emissionConcentration')}
          label="Emission Concentration (ppm)"
          error={errors.emissionConcentration?.message}
        >
          <input
            id={fid('emissionConcentration')}
            type="number"
            min={0}
            step="any"
            className={inputClass(errors.emissionConcentration)}
            aria-invalid={Boolean(errors.emissionConcentration)}
            disabled={!detection}
            {...register('emissionConcentration', { setValueAs: numberValue })}
          />
        </Field>
        <Field id={fid('locationLatLng')} label="Location (lat,lng)" error={errors.locationLatLng?.message}>
          <input
            id={fid('locationLatLng')}
            className={inputClass(errors.locationLatLng)}
            aria-invalid={Boolean(errors.locationLatLng)}
            placeholder={site?.locationLatLng ?? 'lat,lng'}
            disabled={!detection}
            {...register('locationLatLng', {
              onChange: (e: { target: { value: string } }) =>
                apply(inspectionFieldChange('locationLatLng', e.target.value)),
            })}
          />
        </Field>
        <Field id={fid('sourceId')} label="Source" error={errors.sourceId?.message}>
          <select
            id={fid('sourceId')}
            className={selectClass(errors.sourceId)}
            aria-invalid={Boolean(errors.sourceId)}
            disabled={!detection || !site}
            {...register('sourceId', {
              setValueAs: idValue,
              onChange: (e: { target: { value: string } }) =>
                apply(inspectionFieldChange('sourceId', idValue(e.target.value))),
            })}
          >
            <option value="">{site && site.sources.length === 0 ? 'The site has no sources' : 'No source'}</option>
            {(site?.sources ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        {isAerial && (
          <>
            <Field
              id={fid('northEastCornerLocationLatLng')}
              label="North-East Corner (lat,lng)"
              error={errors.northEastCornerLocationLatLng?.message}
            >
              <input
                id={fid('northEastCornerLocationLatLng')}
                className={inputClass(errors.northEastCornerLocationLatLng)}
                aria-invalid={Boolean(errors.northEastCornerLocationLatLng)}
                {...register('northEastCornerLocationLatLng')}
              />
            </Field>
            <Field
              id={fid('southWestCornerLocationLatLng')}
              label="South-West Corner (lat,lng)"
              error={errors.southWestCornerLocationLatLng?.message}
            >
              <input
                id={fid('southWestCornerLocationLatLng')}
                className={inputClass(errors.southWestCornerLocationLatLng)}
                aria-invalid={Boolean(errors.southWestCornerLocationLatLng)}
                {...register('southWestCornerLocationLatLng')}
              />
            </Field>
          </>
        )}
        <div className="grid gap-1 sm:col-span-2">
          <span className="text-sm font-medium">Image</span>
          <div className="flex flex-wrap items-center gap-3">
            {imageUrl ? (
              <img
                src={imageUrl}
                alt="Inspection image"
                className="h-24 max-w-48 rounded border border-base-300 object-contain"
              />
            ) : (
              <span className="text-sm text-base-content/70">No image</span>
            )}
            {!readOnly && (
              <>
                <input
                  type="file"
                  accept={INSPECTION_IMAGE_TYPES.join(',')}
                  aria-label="Choose an image"
                  className="file-input file-input-sm"
                  onChange={(e) => void chooseImage(e.target.files?.[0])}
                />
                {imageUrl && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setValue('image', null, { shouldDirty: true })}
                  >
                    Remove image
                  </button>
                )}
              </>
            )}
          </div>
          {(imageProblem ?? errors.image?.message) && (
            <span className="text-xs text-error">{imageProblem ?? errors.image?.message}</span>
          )}
        </div>
        <Field id={fid('description')} label="Description" error={errors.description?.message} wide>
          <textarea
            id={fid('description')}
            className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
            rows={3}
            aria-invalid={Boolean(errors.description)}
            {...register('description')}
          />
        </Field>
      </fieldset>
      <div className="modal-action items-center">
        {extraActions}
        <span className="grow" />
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </button>
        {!readOnly && (
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {submitLabel}
          </button>
        )}
      </div>
    </form>
  );
}
