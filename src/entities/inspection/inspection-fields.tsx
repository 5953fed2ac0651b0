// The Add or Edit Inspection form's parts (spec 3 §5 'Inspection form'): a labelled field, the detection's figures
// and where it is (disabled without a detection), an aerial inspection's corners, and the image.
import type { ReactNode } from 'react';
import { INSPECTION_IMAGE_TYPES, inspectionFieldChange } from '@/domain/inspection';
import { idValue, type InspectionFormState } from './use-inspection-form';

export const inputClass = (error: unknown) => `input w-full ${error ? 'input-error' : ''}`;
export const selectClass = (error: unknown) => `select w-full ${error ? 'select-error' : ''}`;

export function Field({
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

type TextName = 'thirdPartyInspectionId' | 'northEastCornerLocationLatLng' | 'southWestCornerLocationLatLng';

/** A plain text input of the form with its label and error. */
export function TextInput({ form, name, label }: { form: InspectionFormState; name: TextName; label: string }) {
  const { fid, errors, register } = form;
  return (
    <Field id={fid(name)} label={label} error={errors[name]?.message}>
      <input
        id={fid(name)}
        className={inputClass(errors[name])}
        aria-invalid={Boolean(errors[name])}
        {...register(name)}
      />
    </Field>
  );
}

function NumberInput({
  form,
  name,
  label,
}: {
  form: InspectionFormState;
  name: 'emissionRate' | 'emissionConcentration';
  label: string;
}) {
  const { fid, errors, register } = form;
  return (
    <Field id={fid(name)} label={label} error={errors[name]?.message}>
      <input
        id={fid(name)}
        type="number"
        min={0}
        step="any"
        className={inputClass(errors[name])}
        aria-invalid={Boolean(errors[name])}
        disabled={!form.detection}
        {...register(name, { setValueAs: idValue })}
      />
    </Field>
  );
}

/** Detection Found, and what a detection has: rate, concentration, and where it is (coordinates or a source). */
export function DetectionFields({ form }: { form: InspectionFormState }) {
  const { fid, errors, register, apply, site, detection } = form;
  return (
    <>
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
      <NumberInput form={form} name="emissionRate" label="Emission Rate (kg/h)" />
      <NumberInput form={form} name="emissionConcentration" label="Emission Concentration (ppm)" />
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
    </>
  );
}

/** The image: the chosen or saved one shown, a file to choose (PNG or JPEG within the limit), Remove image. */
export function InspectionImageField({ form, readOnly }: { form: InspectionFormState; readOnly: boolean }) {
  const { imageUrl } = form;
  const problem = form.imageProblem ?? form.errors.image?.message;
  return (
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
              onChange={(e) => void form.chooseImage(e.target.files?.[0])}
            />
            {imageUrl && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={form.removeImage}>
                Remove image
              </button>
            )}
          </>
        )}
      </div>
      {problem && <span className="text-xs text-error">{problem}</span>}
    </div>
  );
}
