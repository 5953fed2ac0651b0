// An answer's bytes handed to a worker once, by transfer, and asked for there by every chart that shares the answer
// (the page's two wind charts read one cached wind answer). The cache keeps the same ArrayBuffer object, emptied by
// the transfer; it is the key to the worker's copy, which is released when the cache lets the buffer go.

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
      return Promise.reject(new Error('The answer is empty or was handed to a worker elsewhere; load it again.'));
    const handle = this.hold(body);
    this.held.set(body, handle);
    this.released.register(body, handle);
    return handle;
  }
}
