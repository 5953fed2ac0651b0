// What a service refuses, in the domain's words; server/http/error-status.ts is the one place that turns a kind into
// an HTTP status, so services know nothing of HTTP.
import type { z } from 'zod';

export type DomainErrorKind =
  | 'Invalid' // the request breaks a rule (field errors when a form's fields are at fault)
  | 'Unauthenticated' // no or a bad credential
  | 'Forbidden' // a known caller without the right
  | 'NotFound' // missing, or another organization's (which is told apart from missing nowhere)
  | 'Conflict' // the record changed or exists already
  | 'Gone' // a link or record that existed and expired
  | 'TooLarge'; // an upload over its limit

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field errors in the spec's format: field → messages. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new DomainError('NotFound', what);
export const invalid = (detail: string, errors?: Record<string, string[]>) =>
  new DomainError('Invalid', detail, errors);

/** A schema's problems keyed by field path, as the spec's error body lists them. */
export function zodErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, fallback: T): T {
  if (!schema) return fallback;
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('Invalid', 'The request is not valid.', zodErrors(result.error));
  return result.data;
}
