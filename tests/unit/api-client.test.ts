import { describe, expect, it } from 'vitest';
import { apiBytes, GENERIC_ERROR, NETWORK_ERROR_MESSAGE, toApiError } from '@/api/client';

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('server errors in the client (spec 1 §8)', () => {
  it('shows every field message when there is no detail, and the detail when there is', async () => {
    const fields = await toApiError(
      answer(400, { errors: { name: ['Name is required'], 'Items[0].Value': ['Too big', 'Not a number'] } }),
    );
    expect(fields.message).toBe('Name is required Too big Not a number');
    expect(fields.errors['Items[0].Value']).toEqual(['Too big', 'Not a number']);
    expect((await toApiError(answer(409, { detail: 'Changed elsewhere' }))).message).toBe('Changed elsewhere');
  });

  it('falls back to the generic message for answers that are not JSON', async () => {
    const e = await toApiError(answer(502, '<html>Bad gateway</html>'));
    expect(e.message).toBe(GENERIC_ERROR);
    expect(e.status).toBe(502);
  });

  it('says the server could not be reached when no answer came, and leaves a cancelled request an abort', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    await expect(
      apiBytes('http://127.0.0.1:1/api/data/deviceRawData/', { accept: 'application/json' }),
    ).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(
      apiBytes('http://127.0.0.1:1/api/data/deviceRawData/', { accept: 'application/json', signal: cancelled.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
