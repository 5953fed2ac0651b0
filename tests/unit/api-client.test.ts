import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR, toApiError } from '@/api/client';

const answer = (status: number, body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('server errors in the client (spec 1 §8)', () => {
  it('shows every field message when there is no detail, and the detail when there is', async () => {
    const fields = await toApiError(answer(400, { errors: { name: ['Name is required'], 'Items[0].Value': ['Too big', 'Not a number'] } }));
    expect(fields.message).toBe('Name is required Too big Not a number');
    expect(fields.errors['Items[0].Value']).toEqual(['Too big', 'Not a number']);
    expect((await toApiError(answer(409, { detail: 'Changed elsewhere' }))).message).toBe('Changed elsewhere');
  });

  it('falls back to the generic message for answers that are not JSON', async () => {
    const e = await toApiError(answer(502, '<html>Bad gateway</html>'));
    expect(e.message).toBe(GENERIC_ERROR);
    expect(e.status).toBe(502);
  });
});
