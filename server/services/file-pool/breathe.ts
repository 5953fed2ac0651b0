// Long loops over an upload's rows on the event loop pause every so often, so other requests are answered between
// batches. With PGlite (in-process) an awaited query resolves without returning to the event loop, so an await per
// row is not enough: setImmediate is.
export const ROWS_PER_BREATH = 250;

/** Lets the event loop run pending I/O when `index` ends a batch of rows. */
export async function breathe(index: number, every = ROWS_PER_BREATH): Promise<void> {
  if (index % every === every - 1) await new Promise<void>((resolve) => setImmediate(resolve));
}
