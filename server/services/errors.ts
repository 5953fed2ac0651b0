// What a service refuses, in the domain's words; server/http/error-status.ts is the one place that turns a kind into
// an HTTP status, so services know nothing of HTTP.

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
