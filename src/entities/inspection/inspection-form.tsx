// The Add or Edit Inspection form (spec 3 §5 'Inspection form', 'Inspection'): the domain rules through zod, and the
// couplings — no detection clears and disables rate, concentration, location and source; a new site clears the
// source; coordinates clear the source and a source clears the coordinates; Aerial starts with a detection found and
// has no survey type. Used for saved inspections and for the drafts of Create Inspections alike.
import type { ReactNode } from 'react';
import type { InspectionSites } from '@/contracts/inspection';
import {
  INSPECTION_TYPE_LABELS,
  inspectionFieldChange,
  SURVEY_TYPE_LABELS,
  type InspectionFormValues,
} from '@/domain/inspection';
import { FormAlert } from '@/ui/form/form-alert';
import { DetectionFields, Field, inputClass, InspectionImageField, selectClass, TextInput } from './inspection-fields';
import { idValue, useInspectionForm } from './use-inspection-form';

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

/** A select of labelled options (type, survey type). */
const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));

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
  const form = useInspectionForm(sites, initial, savedImageUrl, onSubmit);
  const { register, errors, fid, apply } = form;
  return (
    <form className="grid gap-3" onSubmit={form.submit} noValidate>
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
            {options(INSPECTION_TYPE_LABELS)}
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
        {form.isAerial ? (
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
              {options(SURVEY_TYPE_LABELS)}
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
        <TextInput form={form} name="thirdPartyInspectionId" label="Third Party Inspection Id" />
        <DetectionFields form={form} />
        {form.isAerial && (
          <>
            <TextInput form={form} name="northEastCornerLocationLatLng" label="North-East Corner (lat,lng)" />
            <TextInput form={form} name="southWestCornerLocationLatLng" label="South-West Corner (lat,lng)" />
          </>
        )}
        <InspectionImageField form={form} readOnly={readOnly} />
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
