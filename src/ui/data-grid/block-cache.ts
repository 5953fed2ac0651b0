// Rows of a server-side grid, fetched in blocks of `blockSize` (startRow/endRow) and kept for at most `maxBlocks`
// blocks, least recently used first out (spec 2 §9: device events block 40, alarms block 100, at most 3 blocks).
export interface BlockRequest {
  startRow: number;
  endRow: number;
  signal: AbortSignal;
}

export interface BlockAnswer<T> {
  rows: T[];
  /** Total rows matching, when the server knows it. */
  totalRows?: number | null;
  /** Index after the last row when the end has been reached, else null/-1. */
  lastRow?: number | null;
}

export type BlockLoader<T> = (request: BlockRequest) => Promise<BlockAnswer<T>>;

interface Block<T> {
  rows: T[] | null;
  error: string | null;
  usedAt: number;
  controller: AbortController;
}

export class BlockCache<T> {
  private readonly blocks = new Map<number, Block<T>>();
  private clock = 0;
  private known: number | null = null;
  private highest = 0;
  private generation = 0;

  constructor(
    private readonly load: BlockLoader<T>,
    readonly blockSize: number,
    readonly maxBlocks: number,
    private readonly onChange: () => void,
  ) {
    if (blockSize < 1 || maxBlocks < 1) throw new Error('A block cache needs a block size and at least one block');
  }

  /** Rows the grid shows: the total when known, else what was seen plus one block to scroll into. */
  get rowCount(): number {
    return this.known ?? this.highest + this.blockSize;
  }

  /** True once the server has said how many rows there are. */
  get complete(): boolean {
    return this.known !== null;
  }

  get blockCount(): number {
    return this.blocks.size;
  }

  /** The row at `index`, or undefined while its block loads (the load starts here). */
  row(index: number): T | undefined {
    const b = this.ensure(Math.floor(index / this.blockSize));
    return b.rows?.[index % this.blockSize];
  }

  errorAt(index: number): string | null {
    return this.blocks.get(Math.floor(index / this.blockSize))?.error ?? null;
  }

  /** Makes sure the blocks covering rows first..last are loaded or loading, and marks them recently used. */
  touch(first: number, last: number): void {
    if (last < first) return;
    for (let b = Math.floor(first / this.blockSize); b <= Math.floor(last / this.blockSize); b++) this.ensure(b);
  }

  /** Drops everything (sort or filter changed): in-flight loads are aborted and their answers ignored. */
  reset(): void {
    this.generation++;
    for (const b of this.blocks.values()) b.controller.abort();
    this.blocks.clear();
    this.known = null;
    this.highest = 0;
    this.onChange();
  }

  /** Loads a failed block again. */
  retry(index: number): void {
    const key = Math.floor(index / this.blockSize);
    this.blocks.delete(key);
    this.ensure(key);
  }

  private ensure(key: number): Block<T> {
    const existing = this.blocks.get(key);
    if (existing) {
      existing.usedAt = ++this.clock;
      return existing;
    }
    const block: Block<T> = { rows: null, error: null, usedAt: ++this.clock, controller: new AbortController() };
    this.blocks.set(key, block);
    this.evict(key);
    const generation = this.generation;
    const startRow = key * this.blockSize;
    this.load({ startRow, endRow: startRow + this.blockSize, signal: block.controller.signal }).then(
      (answer) => {
        if (generation !== this.generation || this.blocks.get(key) !== block) return;
        block.rows = answer.rows;
        if (answer.totalRows !== undefined && answer.totalRows !== null && answer.totalRows >= 0)
          this.known = answer.totalRows;
        else if (answer.lastRow !== undefined && answer.lastRow !== null && answer.lastRow >= 0)
          this.known = answer.lastRow;
        else if (answer.rows.length < this.blockSize) this.known = startRow + answer.rows.length;
        this.highest = Math.max(this.highest, startRow + answer.rows.length);
        this.onChange();
      },
      (error: unknown) => {
        if (generation !== this.generation || this.blocks.get(key) !== block || block.controller.signal.aborted) return;
        block.error = error instanceof Error ? error.message : String(error);
        this.onChange();
      },
    );
    return block;
  }

  private evict(keep: number): void {
    while (this.blocks.size > this.maxBlocks) {
      let oldest: number | null = null;
      let oldestAt = Infinity;
      for (const [k, b] of this.blocks) {
        if (k !== keep && b.usedAt < oldestAt) {
          oldest = k;
          oldestAt = b.usedAt;
        }
      }
      if (oldest === null) return;
      this.blocks.get(oldest)!.controller.abort();
      this.blocks.delete(oldest);
    }
  }
}
