// Server-side grid filters and sort as SQL (the same rule as src/domain/grid-filter.ts matchesFilter): text compares
// case-insensitively, numbers numerically, dates by UTC calendar day; a filter still being typed filters nothing.
import { isActiveFilter, needsRange, type ColumnFilterValue, type ColumnKind } from '@/domain/grid-filter';

export interface GridField {
  /** SQL expression of the column (trusted: from the route's own table, never from the request). */
  sql: string;
  kind: ColumnKind;
  /** What to sort by when it differs from the shown value (an enumeration's number behind its label). */
  sortSql?: string;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Appends the WHERE conditions of the active filters; values go to `params` as placeholders. */
export function filterConditions(
  fields: Readonly<Record<string, GridField>>,
  filters: Readonly<Record<string, ColumnFilterValue | undefined>>,
  params: unknown[],
): string[] {
  const out: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [name, f] of Object.entries(filters)) {
    const field = fields[name];
    if (!field || !isActiveFilter(f)) continue;
    const blank =
      field.kind === 'text' ? `(${field.sql} IS NULL OR btrim(${field.sql}::text) = '')` : `${field.sql} IS NULL`;
    if (f.type === 'blank') {
      out.push(blank);
      continue;
    }
    if (f.type === 'not blank') {
      out.push(`NOT ${blank}`);
      continue;
    }
    if (field.kind === 'text') {
      const text = `lower(coalesce(${field.sql}::text, ''))`;
      const q = f.value!.trim().toLowerCase();
      const like = (pattern: string) => `${text} LIKE ${p(pattern)} ESCAPE '\\'`;
      if (f.type === 'contains') out.push(like(`%${likeEscape(q)}%`));
      else if (f.type === 'not contains') out.push(`NOT ${like(`%${likeEscape(q)}%`)}`);
      else if (f.type === 'equals') out.push(`${text} = ${p(q)}`);
      else if (f.type === 'not equal') out.push(`${text} <> ${p(q)}`);
      else if (f.type === 'starts with') out.push(like(`${likeEscape(q)}%`));
      else if (f.type === 'ends with') out.push(like(`%${likeEscape(q)}`));
      continue;
    }
    const read = (v: string): number | null => {
      if (field.kind === 'number') {
        const n = Number(v.trim());
        return Number.isFinite(n) ? n : null;
      }
      const t = Date.parse(v.trim());
      return Number.isFinite(t) ? Math.floor(t / 86_400_000) * 86_400_000 : null;
    };
    const a = read(f.value!);
    if (a === null) continue;
    const b = needsRange(f.type) ? read(f.valueTo!) : null;
    // Dates compare by UTC day: the cell's day start in epoch ms.
    const cell =
      field.kind === 'number'
        ? `${field.sql}::double precision`
        : `(floor(extract(epoch FROM ${field.sql}) / 86400) * 86400000)`;
    if (f.type === 'equals') out.push(`${cell} = ${p(a)}`);
    else if (f.type === 'not equal') out.push(`(${field.sql} IS NULL OR ${cell} <> ${p(a)})`);
    else if (f.type === 'greater than') out.push(`${cell} > ${p(a)}`);
    else if (f.type === 'less than') out.push(`${cell} < ${p(a)}`);
    else if (f.type === 'in range' && b !== null)
      out.push(`${cell} BETWEEN ${p(Math.min(a, b))} AND ${p(Math.max(a, b))}`);
  }
  return out;
}

/** A text column showing an enumeration's labels (filters match the label, sorting follows the number). */
export function enumField(sql: string, options: readonly { value: number; label: string }[]): GridField {
  const cases = options.map((o) => `WHEN ${Number(o.value)} THEN '${o.label.replace(/'/g, "''")}'`).join(' ');
  return { sql: `(CASE ${sql} ${cases} END)`, kind: 'text', sortSql: sql };
}

/** ORDER BY for a known sort column, with a stable tiebreak. */
export function orderBy(
  fields: Readonly<Record<string, GridField>>,
  column: string | undefined,
  ascending: string | undefined,
  fallback: string,
  tiebreak: string,
): string {
  const field = column ? fields[column] : undefined;
  if (!field) return `ORDER BY ${fallback}, ${tiebreak}`;
  const dir = ascending === 'false' ? 'DESC' : 'ASC';
  return `ORDER BY ${field.sortSql ?? field.sql} ${dir} NULLS LAST, ${tiebreak}`;
}
