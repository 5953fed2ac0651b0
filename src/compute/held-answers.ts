// An answer's bytes handed to a worker once, by transfer, and asked for there by every chart that shares the answer
// (the page's two wind charts read one cached wind answer). The cache keeps the same ArrayBuffer object, emptied by
// the transfer; it is the key to the worker's copy, which is released when the cache lets the buffer go.
import { WORKER_DIED } from './worker-pool';

export class HeldAnswers<Handle> {
  private readonly held = new WeakMap<ArrayBuffer, Promise<Handle>>();
  private readonly released: FinalizationRegistry<Promise<Handle>>;

  /**
   * @param hold transfers the bytes to where they are decoded and kept, answering the handle they are asked by.
   * @param release drops the kept answer (called once the buffer is garbage).
   */
  constructor(
    private readonly hold: (body: ArrayBuffer) => Promise<Handle>,
    release: (handle: Handle) => void,
  ) {
    this.released = new FinalizationRegistry((handle) => void handle.then(release, () => undefined));
  }

  /** The handle of `body`'s kept answer: the first call hands the bytes over, later calls reuse it. */
  handleOf(body: ArrayBuffer): Promise<Handle> {
    const known = this.held.get(body);
    if (known) return known;
    if (body.byteLength === 0)
      return Promise.reject(heldAnswerLost('The answer is empty or was handed to a worker elsewhere; load it again.'));
    const handle = this.hold(body);
    // A hold that failed (its worker died) is forgotten: the next call finds the emptied buffer and says so.
    void handle.catch(() => this.held.delete(body));
    this.held.set(body, handle);
    this.released.register(body, handle);
    return handle;
  }
}

/** The name of the error when a kept answer is gone: its bytes were handed over and its worker no longer holds it. */
export const HELD_ANSWER_LOST = 'HeldAnswerLost';

/** An error named HELD_ANSWER_LOST (the name survives the worker boundary, unlike the class). */
export function heldAnswerLost(message: string): Error {
  const e = new Error(message);
  e.name = HELD_ANSWER_LOST;
  return e;
}

/**
 * Runs `load` on an answer's bytes; when the kept answer is gone (its worker died, during the call or since, or the
 * cached buffer was handed elsewhere) asks once more with fresh bytes instead of leaving the chart empty until the cache
 * expires.
 */
export async function withFreshBytes<T>(
  bytesOf: (fresh: boolean) => Promise<ArrayBuffer>,
  load: (body: ArrayBuffer) => Promise<T>,
): Promise<T> {
  try {
    return await load(await bytesOf(false));
  } catch (e) {
    if (!(e instanceof Error) || (e.name !== HELD_ANSWER_LOST && !e.message.startsWith(WORKER_DIED))) throw e;
    return load(await bytesOf(true));
  }
}
