// Input bounds shared by every route and form: ids are PostgreSQL `integer` (int32) columns, so an id outside
// 1..2147483647 is refused here with a message instead of reaching the database and failing there (a 500).
import { z } from 'zod';

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const BOUND_MESSAGES = {
  id: `Must be a whole number from 1 to ${INT32_MAX}`,
  idOrNew: `Must be 0 (new) or a whole number from 1 to ${INT32_MAX}`,
  int32: (min: number, max: number) => `Must be a whole number from ${min} to ${max}`,
  finite: 'Must be a finite number',
  stringMax: (max: number) => `Must be at most ${max} characters`,
} as const;

/** A whole number between min and max (within int32), with one message for every way of missing it. */
export const int32Schema = (min = INT32_MIN, max = INT32_MAX, message: string = BOUND_MESSAGES.int32(min, max)) =>
  z
    .number({ error: message })
    .int(message)
    .min(Math.max(min, INT32_MIN), message)
    .max(Math.min(max, INT32_MAX), message);

/** A row id in a JSON body. */
export const idSchema = int32Schema(1, INT32_MAX, BOUND_MESSAGES.id);
/** A row id in a JSON body where 0 means 'add a new one'. */
export const idOrNewSchema = int32Schema(0, INT32_MAX, BOUND_MESSAGES.idOrNew);

// Query strings and path parameters carry text: only plain decimal digits become a number ('0x10', '1e3' and ' 12'
// stay text and are refused as such, unlike Number()).
const decimal = (v: unknown) => (typeof v === 'string' && /^-?\d{1,20}$/.test(v) ? Number(v) : v);

/** An int32 from a query string or path parameter. */
export const queryInt32Schema = (min = INT32_MIN, max = INT32_MAX, message: string = BOUND_MESSAGES.int32(min, max)) =>
  z.preprocess(decimal, int32Schema(min, max, message));

/** A row id from a query string or path parameter ('/:id'). */
export const queryIdSchema = queryInt32Schema(1, INT32_MAX, BOUND_MESSAGES.id);

/** A finite number (zod refuses NaN and ±Infinity; JSON cannot carry them, query strings can). */
export const finiteNumberSchema = (message: string = BOUND_MESSAGES.finite) => z.number({ error: message });
