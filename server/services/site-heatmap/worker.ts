// The heatmap tile worker: every tick, and at once when a request wants tiles in this process, it claims stale tiles
// one at a time (newest day first), reads their inputs, computes them in the compute thread while renewing nothing
// (a day takes well under the lease) and saves them. Tiles live in the table, so a restart or another server process
// takes up what was left; a tile whose worker died is claimed again once its lease runs out, at most 3 times. Once
// an hour a pass first sweeps the tiles nobody can want again (tiles.ts pruneTiles).
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { JobLoop } from '../job-loop';
import { loadTileInput, TileInputError } from './inputs';
import { onTilesWanted } from './nudge';
import type { TileRunner } from './runner';
import { claimTile, failTile, MAX_TILE_ATTEMPTS, pruneTiles, releaseTile, saveTile, TILE_LEASE_MS } from './tiles';

export const TILE_TICK_MS = 60_000;
export const TILE_PRUNE_MS = 60 * 60_000;

export type TileOutcome = { status: 'saved' | 'failed' | 'lost'; siteId: number; day: number; reason?: string };

export class HeatmapTileWorker extends JobLoop<TileOutcome> {
  readonly owner: string;
  private pruneDue = 0;

  constructor(
    private readonly opts: {
      database: Database;
      runner: TileRunner;
      log: (m: string) => void;
      owner?: string;
      leaseMs?: number;
    },
  ) {
    super({ name: 'heatmap', log: opts.log, close: () => opts.runner.close(), maxPerPass: 10_000 });
    this.owner = opts.owner ?? `heatmap-${randomUUID()}`;
  }

  /** Sweeps the table when an hour has passed since the last sweep (the first pass sweeps), then works the queue. */
  override async runUntilIdle(max?: number): Promise<TileOutcome[]> {
    if (Date.now() >= this.pruneDue && !this.stopped) {
      this.pruneDue = Date.now() + TILE_PRUNE_MS;
      try {
        const pruned = await pruneTiles(this.opts.database);
        if (pruned.deletedSites + pruned.superseded > 0)
          this.opts.log(
            `heatmap: deleted ${pruned.deletedSites} tiles of deleted sites and ${pruned.superseded} superseded tiles`,
          );
      } catch (e) {
        this.opts.log(`heatmap: sweeping tiles failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return super.runUntilIdle(max);
  }

  /** Claims and computes one stale tile; null when none waits. */
  async runOne(): Promise<TileOutcome | null> {
    const db = this.opts.database;
    const tile = await claimTile(db, this.owner, this.opts.leaseMs ?? TILE_LEASE_MS);
    if (!tile) return null;
    const done = (status: TileOutcome['status'], reason?: string): TileOutcome => ({
      status,
      siteId: tile.siteId,
      day: tile.day,
      ...(reason ? { reason } : {}),
    });
    if (tile.attempts > MAX_TILE_ATTEMPTS) {
      const reason = `The heatmap tile stopped ${MAX_TILE_ATTEMPTS} times before it finished`;
      await failTile(db, tile, this.owner, reason);
      return done('failed', reason);
    }
    try {
      const { input, bounds, positions } = await loadTileInput(db, tile);
      const result = await this.opts.runner.run(input);
      const saved = await saveTile(db, tile, this.owner, { bounds, size: input.grid.size, result, positions });
      return done(saved ? 'saved' : 'lost');
    } catch (e) {
      if (this.stopped) {
        await releaseTile(db, tile, this.owner).catch(() => undefined);
        return done('lost');
      }
      if (!(e instanceof TileInputError))
        this.opts.log(
          `heatmap: tile ${tile.siteId}/${new Date(tile.day).toISOString().slice(0, 10)} failed: ${e instanceof Error && e.stack ? e.stack : String(e)}`,
        );
      const reason = (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
      await failTile(db, tile, this.owner, reason).catch(() => undefined);
      return done('failed', reason);
    }
  }

  start(tickMs = TILE_TICK_MS): void {
    this.startLoop(tickMs, onTilesWanted);
  }
}
