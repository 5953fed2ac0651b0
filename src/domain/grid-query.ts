// How a server-side grid asks for a block (spec 2 §7): startRow, endRow, sortColumn, sortAscending, quickFilters
// (repeated) and one dotted filter per column (`message.type=contains&message.value=fan`). One encoding for the
// client and one schema for the server.
import { z } from 'zod';
import { FILTER_TYPES, isActiveFilter, type ColumnFilterValue } from './grid-filter';

export const MAX_BLOCK_ROWS = 500;

export interface GridBlockRequest {
  startRow: number;
  endRow: number;
  sort: { columnId: string; ascending: boolean } | null;
  filters: Readonly<Record<string, ColumnFilterValue>>;
  quickFilters: readonly string[];
}

/** The flat query parameters of a block request. */
export function gridQueryParams(r: GridBlockRequest): Record<string, string | number | boolean | readonly string[]> {
  const out: Record<string, string | number | boolean | readonly string[]> = { startRow: r.startRow, endRow: r.endRow };
  if (r.sort) {
    out.sortColumn = r.sort.columnId;
    out.sortAscending = r.sort.ascending;
  }
  if (r.quickFilters.length) out.quickFilters = [...r.quickFilters];
  for (const [field, f] of Object.entries(r.filters)) {
    if (!isActiveFilter(f)) continue;
    out[`${field}.type`] = f.type;
    if (f.value !== undefined) out[`${field}.value`] = f.value;
    if (f.valueTo !== undefined) out[`${field}.valueTo`] = f.valueTo;
  }
  return out;
}

export const columnFilterSchema = z.object({
  type: z.enum(FILTER_TYPES),
  value: z.string().max(200).optional(),
  valueTo: z.string().max(200).optional(),
});

const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(20));

/** The block-request part of a server-side grid's query, with the filterable fields it knows and its quick filters. */
export function gridQuerySchema<F extends string, Q extends string>(
  fields: readonly F[],
  quickFilters: readonly Q[] = [],
) {
  // An empty list makes an enum that accepts nothing: a grid without quick filters refuses any.
  const quick = repeated(z.enum(quickFilters as unknown as [Q, ...Q[]]));
  return z
    .object({
      startRow: z.coerce.number().int().min(0),
      endRow: z.coerce.number().int().min(1),
      sortColumn: z.enum(fields as unknown as [F, ...F[]]).optional(),
      sortAscending: z.enum(['true', 'false']).optional(),
      quickFilters: quick,
      ...(Object.fromEntries(fields.map((f) => [f, columnFilterSchema.optional()])) as Record<
        F,
        z.ZodOptional<typeof columnFilterSchema>
      >),
    })
    .superRefine((q, ctx) => {
      // Generic field keys hide the fixed ones from the checker; they are there.
      const { startRow, endRow } = q as unknown as { startRow: number; endRow: number };
      if (!(endRow > startRow && endRow - startRow <= MAX_BLOCK_ROWS))
        ctx.addIssue({
          code: 'custom',
          path: ['endRow'],
          message: `endRow must be after startRow, at most ${MAX_BLOCK_ROWS} rows`,
        });
    });
}
