// Issue 24 item 1: the page's two wind charts share one cached answer whose bytes go to the worker once, by transfer.
import { describe, expect, it } from 'vitest';
import { HeldAnswers } from '../../src/compute/held-answers';

/** A worker stand-in: takes the bytes by transfer (the caller's buffer is emptied, as postMessage does). */
function fakeWorker() {
  const kept: number[][] = [];
  const answers = new HeldAnswers(
    async (body: ArrayBuffer) => {
      const moved = structuredClone(body, { transfer: [body] });
      kept.push([...new Uint8Array(moved)]);
      return kept.length - 1;
    },
    () => undefined,
  );
  return { answers, kept };
}

describe('answers held in a worker', () => {
  it('transfers an answer once and gives every chart that shares it the same handle', async () => {
    const { answers, kept } = fakeWorker();
    const body = Uint8Array.of(1, 2, 3).buffer;
    const direction = await answers.handleOf(body);
    expect(body.byteLength).toBe(0); // transferred, not copied
    const speed = await answers.handleOf(body);
    expect(speed).toBe(direction);
    expect(kept).toEqual([[1, 2, 3]]);
  });

  it('keeps different answers apart', async () => {
    const { answers, kept } = fakeWorker();
    const a = await answers.handleOf(Uint8Array.of(1).buffer);
    const b = await answers.handleOf(Uint8Array.of(2).buffer);
    expect(a).not.toBe(b);
    expect(kept).toEqual([[1], [2]]);
  });

  it('refuses bytes already handed over elsewhere with a message', async () => {
    const { answers, kept } = fakeWorker();
    const body = Uint8Array.of(9).buffer;
    structuredClone(body, { transfer: [body] });
    await expect(answers.handleOf(body)).rejects.toThrow(/handed to a worker elsewhere; load it again/);
    expect(kept).toEqual([]);
  });
});
