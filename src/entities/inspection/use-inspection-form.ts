// The Add or Edit Inspection form's state (spec 3 §5 'Inspection form'): the values checked by the domain's schema,
// the couplings between fields applied as the user changes one, the chosen image read and checked, and the save's
// field errors placed on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { InspectionSites } from '@/contracts/inspection';
import {
  INSPECTION_IMAGE_MAX_BYTES,
  INSPECTION_IMAGE_TYPES,
  INSPECTION_MESSAGES,
  inspectionFormSchema,
  InspectionType,
  type InspectionFormValues,
  type InspectionImageType,
} from '@/domain/inspection';

/** A select's id or a number box's value: blank is none. */
export const idValue = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function bytesToBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function useInspectionForm(
  sites: InspectionSites,
  initial: InspectionFormValues,
  savedImageUrl: string | null,
  onSubmit: (values: InspectionFormValues) => Promise<Record<string, string> | undefined>,
) {
  const form = useForm<InspectionFormValues>({ defaultValues: initial, resolver: zodResolver(inspectionFormSchema) });
  const { handleSubmit, formState, setValue, watch, setError, clearErrors } = form;
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const base = useId();
  const values = watch();

  /** Applies the couplings a change brings (cleared or set fields), checked again once the form was submitted. */
  const apply = (changes: Partial<InspectionFormValues>) => {
    for (const [key, value] of Object.entries(changes) as [
      keyof InspectionFormValues,
      InspectionFormValues[keyof InspectionFormValues],
    ][])
      setValue(key, value, { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };

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

  const image = values.image;
  return {
    register: form.register,
    errors: formState.errors,
    /** A field's element id, unique to this form. */
    fid: (name: string) => `${base}-${name}`,
    apply,
    site: sites.sites.find((s) => s.id === values.siteId) ?? null,
    detection: values.detectionFound === true,
    isAerial: values.type === InspectionType.Aerial,
    /** The chosen image, none once removed, else the saved one. */
    imageUrl: image ? `data:${image.mimeType};base64,${image.content}` : image === null ? null : savedImageUrl,
    imageProblem,
    chooseImage,
    removeImage: () => setValue('image', null, { shouldDirty: true }),
    submit: handleSubmit(async (v) => {
      const problems = await onSubmit(v);
      for (const [field, message] of Object.entries(problems ?? {}))
        setError(field as keyof InspectionFormValues, { type: 'server', message });
    }),
  };
}

export type InspectionFormState = ReturnType<typeof useInspectionForm>;
