// Issue 24 item 1: the page's two wind charts share one cached answer whose bytes go to the worker once, by transfer.
import { describe, expect, it } from 'vitest';
import { HELD_ANSWER_LOST, HeldAnswers, heldAnswerLost, withFreshBytes } from '../../src/compute/held-answers';
import { WORKER_DIED } from '../../src/compute/worker-pool';

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

  it('forgets a hold whose worker died, so the next chart is told to fetch again', async () => {
    let fail = true;
    const answers = new HeldAnswers(
      async (body: ArrayBuffer) => {
        structuredClone(body, { transfer: [body] });
        if (fail) throw new Error(`${WORKER_DIED} (crashed)`);
        return 1;
      },
      () => undefined,
    );
    const body = Uint8Array.of(4).buffer;
    await expect(answers.handleOf(body)).rejects.toThrow(WORKER_DIED);
    fail = false;
    await expect(answers.handleOf(body)).rejects.toMatchObject({ name: HELD_ANSWER_LOST });
  });
});

describe('an answer lost with its worker', () => {
  /** Stands in for the query cache: the cached buffer until a fresh fetch replaces it. */
  function cache() {
    let n = 0;
    let cached: ArrayBuffer | null = null;
    const fetches: boolean[] = [];
    const bytesOf = async (fresh: boolean) => {
      fetches.push(fresh);
      if (fresh || !cached) cached = Uint8Array.of(++n).buffer;
      return cached;
    };
    return { bytesOf, fetches };
  }

  it('is loaded once more from fresh bytes when the worker no longer holds it', async () => {
    const { bytesOf, fetches } = cache();
    let lost = true;
    const loaded = await withFreshBytes(bytesOf, async (body) => {
      const value = new Uint8Array(body)[0]!;
      if (lost) {
        lost = false;
        throw heldAnswerLost('The wind answer is no longer held in the worker; please reload the chart.');
      }
      return value;
    });
    expect(loaded).toBe(2);
    expect(fetches).toEqual([false, true]);
  });

  it('is loaded again when its worker died during the call', async () => {
    const { bytesOf, fetches } = cache();
    let calls = 0;
    const loaded = await withFreshBytes(bytesOf, async (body) => {
      if (calls++ === 0) throw new Error(`${WORKER_DIED} (out of memory)`);
      return body.byteLength;
    });
    expect(loaded).toBe(1);
    expect(fetches).toEqual([false, true]);
  });

  it('passes any other error through without fetching again', async () => {
    const { bytesOf, fetches } = cache();
    await expect(
      withFreshBytes(bytesOf, async () => {
        throw new Error('The answer is not a wind answer');
      }),
    ).rejects.toThrow('not a wind answer');
    expect(fetches).toEqual([false]);
  });

  it('tries fresh bytes once only', async () => {
    const { bytesOf, fetches } = cache();
    await expect(
      withFreshBytes(bytesOf, async () => {
        throw heldAnswerLost('gone');
      }),
    ).rejects.toMatchObject({ name: HELD_ANSWER_LOST });
    expect(fetches).toEqual([false, true]);
  });
});
