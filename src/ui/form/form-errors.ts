// A failed save onto a form: field errors for the fields, the rest as one general message (spec 1 §5, §8).
import { ApiError, GENERIC_ERROR } from '@/api/client';
import { mapServerErrors } from '@/domain/server-errors';

export function formErrorsOf(error: unknown): { fields: Record<string, string>; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: GENERIC_ERROR };
  const mapped = mapServerErrors(error.errors);
  return {
    fields: mapped.fields,
    general: mapped.general ?? (Object.keys(mapped.fields).length ? null : error.message),
  };
}
