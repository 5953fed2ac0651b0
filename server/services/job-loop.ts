// The loop shared by the background job workers (plumes, heatmap tiles): every tick, and at once when nudged in this
// process, one pass works jobs one at a time until none waits, yielding to requests between them. Passes never
// overlap: a nudge during a pass runs one more after it. The jobs themselves (claim, lease, save) are the subclass's.

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export abstract class JobLoop<Outcome> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private unsubscribe: (() => void) | null = null;
  protected stopped = false;

  constructor(
    private readonly loop: {
      /** Prefixes the log line of a pass that failed. */
      name: string;
      log: (message: string) => void;
      /** Ends the job's compute thread; a run in progress ends at once and its job is released, not failed. */
      close: () => Promise<void>;
      /** The most jobs one pass works. */
      maxPerPass: number;
    },
  ) {}

  /** Claims and works one job; null when none waits. */
  abstract runOne(): Promise<Outcome | null>;

  /** Works jobs until none waits (tests, benches, and each pass). */
  async runUntilIdle(max = this.loop.maxPerPass): Promise<Outcome[]> {
    const done: Outcome[] = [];
    for (let i = 0; i < max && !this.stopped; i++) {
      await yieldToRequests();
      const outcome = await this.runOne();
      if (!outcome) break;
      done.push(outcome);
    }
    return done;
  }

  /** Passes every `tickMs` and whenever `subscribe`'s nudge fires. */
  protected startLoop(tickMs: number, subscribe: (nudge: () => void) => () => void): void {
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
          this.loop.log(`${this.loop.name}: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          this.running = null;
        }
      })();
    };
    this.timer = setInterval(pass, tickMs);
    this.timer.unref();
    this.unsubscribe = subscribe(pass);
    pass();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.loop.close();
    await this.running;
  }
}
