// How the PDF's device list is paged (spec 3 §9): the first page lists 20 devices; each later page holds 44 per
// column over 3 columns.
export const FIRST_PAGE_DEVICES = 20;
export const DEVICES_PER_COLUMN = 44;
export const COLUMNS_PER_PAGE = 3;

/** Device indexes per page, each page as columns (the first page has one column). */
export function devicePages(count: number): number[][][] {
  const pages: number[][][] = [];
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  pages.push([range(0, Math.min(count, FIRST_PAGE_DEVICES))]);
  for (let start = FIRST_PAGE_DEVICES; start < count; start += DEVICES_PER_COLUMN * COLUMNS_PER_PAGE) {
    const columns: number[][] = [];
    for (let c = 0; c < COLUMNS_PER_PAGE; c++) {
      const from = start + c * DEVICES_PER_COLUMN;
      if (from >= count) break;
      columns.push(range(from, Math.min(count, from + DEVICES_PER_COLUMN)));
    }
    pages.push(columns);
  }
  return pages;
}
