// The heatmap tile worker: every tick, and at once when a request wants tiles in this process, it claims stale tiles
// one at a time (newest day first), reads their inputs, computes them in the compute thread while renewing nothing
// (a day takes well under the lease) and saves them. Tiles live in the table, so a restart or another server process
// takes up what was left; a tile whose worker died is claimed again once its lease runs out, at most 3 times.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { loadTileInput, TileInputError } from './inputs';
import { onTilesWanted } from './nudge';
import type { TileRunner } from './runner';
import { claimTile, failTile, MAX_TILE_ATTEMPTS, releaseTile, saveTile, TILE_LEASE_MS } from './tiles';

export const TILE_TICK_MS = 60_000;

export type TileOutcome = { status: 'saved' | 'failed' | 'lost'; siteId: number; day: number; reason?: string };

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export class HeatmapTileWorker {
  readonly owner: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly opts: {
      database: Database;
      runner: TileRunner;
      log: (m: string) => void;
      owner?: string;
      leaseMs?: number;
    },
  ) {
    this.owner = opts.owner ?? `heatmap-${randomUUID()}`;
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

  /** Computes tiles until none is stale (tests, the bench, and after a request). */
  async runUntilIdle(max = 10_000): Promise<TileOutcome[]> {
    const out: TileOutcome[] = [];
    for (let i = 0; i < max && !this.stopped; i++) {
      await yieldToRequests();
      const o = await this.runOne();
      if (!o) break;
      out.push(o);
    }
    return out;
  }

  start(tickMs = TILE_TICK_MS): void {
    const pass = () => {
      if (this.running) {
        this.again = true;
        return;
      }
      this.running = (async () => {
        try {
          do {
            this.again = false;
            await this.runUntilIdle();
          } while (this.again && !this.stopped);
        } catch (e) {
          this.opts.log(`heatmap: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          this.running = null;
        }
      })();
    };
    this.timer = setInterval(pass, tickMs);
    this.timer.unref();
    this.unsubscribe = onTilesWanted(pass);
    pass();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.opts.runner.close();
    await this.running;
  }
}
