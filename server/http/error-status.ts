// The one mapping from a domain error to the HTTP answer (spec 1 §8 error format: detail and field errors).
import type { DomainError, DomainErrorKind } from '../services/errors';

const STATUS: Record<DomainErrorKind, number> = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  TooLarge: 413,
};

export function httpAnswerOf(error: DomainError): {
  status: number;
  body: { detail: string; errors?: Record<string, string[]> };
} {
  const body: { detail: string; errors?: Record<string, string[]> } = { detail: error.message };
  if (error.errors) body.errors = error.errors;
  return { status: STATUS[error.kind], body };
}
