// Grid column filters (spec 1 §3 'Filter types'): one rule for the client-side grid and for the server-side grids'
// endpoints, so a filter means the same thing wherever the rows are filtered.
export const FILTER_TYPES = [
  'contains',
  'not contains',
  'equals',
  'not equal',
  'blank',
  'not blank',
  'greater than',
  'less than',
  'in range',
  'starts with',
  'ends with',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** What a column holds decides which filter types it offers. */
export type ColumnKind = 'text' | 'number' | 'date';

export const FILTER_TYPES_BY_KIND: Readonly<Record<ColumnKind, readonly FilterType[]>> = {
  text: ['contains', 'not contains', 'equals', 'not equal', 'starts with', 'ends with', 'blank', 'not blank'],
  number: ['equals', 'not equal', 'greater than', 'less than', 'in range', 'blank', 'not blank'],
  date: ['equals', 'greater than', 'less than', 'in range', 'blank', 'not blank'],
};

export interface ColumnFilterValue {
  type: FilterType;
  /** Text, a number, or an ISO date (yyyy-mm-dd) as typed. */
  value?: string;
  /** Upper bound for 'in range'. */
  valueTo?: string;
}

/** Filters that need no value, and those that need two. */
export const needsNoValue = (type: FilterType) => type === 'blank' || type === 'not blank';
export const needsRange = (type: FilterType) => type === 'in range';

/** A filter the user has not finished typing filters nothing. */
export function isActiveFilter(f: ColumnFilterValue | undefined): f is ColumnFilterValue {
  if (!f) return false;
  if (needsNoValue(f.type)) return true;
  if ((f.value ?? '').trim() === '') return false;
  return !needsRange(f.type) || (f.valueTo ?? '').trim() !== '';
}

export type CellValue = string | number | boolean | Date | null | undefined;

const isBlank = (v: CellValue) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (typeof v === 'number' && Number.isNaN(v));

function asNumber(v: CellValue): number | null {
  if (isBlank(v)) return null;
  if (v instanceof Date) return v.getTime();
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Day start (UTC ms) of a yyyy-mm-dd filter value, or of a cell's time. */
function dayOf(v: CellValue): number | null {
  if (isBlank(v)) return null;
  const t = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
  if (!Number.isFinite(t)) return null;
  return Math.floor(t / 86_400_000) * 86_400_000;
}

/** Whether a cell passes a filter. Text compares case-insensitively; dates compare by calendar day (UTC). */
export function matchesFilter(cell: CellValue, filter: ColumnFilterValue, kind: ColumnKind): boolean {
  if (!isActiveFilter(filter)) return true;
  if (filter.type === 'blank') return isBlank(cell);
  if (filter.type === 'not blank') return !isBlank(cell);
  if (kind === 'text') {
    const text = isBlank(cell) ? '' : String(cell).toLowerCase();
    const q = filter.value!.trim().toLowerCase();
    switch (filter.type) {
      case 'contains':
        return text.includes(q);
      case 'not contains':
        return !text.includes(q);
      case 'equals':
        return text === q;
      case 'not equal':
        return text !== q;
      case 'starts with':
        return text.startsWith(q);
      case 'ends with':
        return text.endsWith(q);
      default:
        return true;
    }
  }
  const read = kind === 'number' ? asNumber : dayOf;
  const value = read(cell);
  const a = read(filter.value!.trim());
  const b = needsRange(filter.type) ? read(filter.valueTo!.trim()) : null;
  if (a === null) return true;
  if (filter.type === 'not equal') return value !== a;
  if (value === null) return false;
  switch (filter.type) {
    case 'equals':
      return value === a;
    case 'greater than':
      return value > a;
    case 'less than':
      return value < a;
    case 'in range':
      return b === null ? true : value >= Math.min(a, b) && value <= Math.max(a, b);
    default:
      return true;
  }
}
