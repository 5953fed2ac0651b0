// Hostile numbers at the edges (the 'siteId=99999999999' report): ids past int32 answer 400 with the field's message in
// query strings, paths and bodies, only plain decimal digits count as a number in a query, and a PostgreSQL data error
// a schema missed is a 400 on both engines (the safety net in server/http/register-route.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUND_MESSAGES, idSchema, INT32_MAX, queryIdSchema } from '@/contracts/bounds';
import { clientDataError } from '../../server/http/register-route';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe('id builders', () => {
  it('take 1 to 2147483647 only, from text as plain decimal digits', () => {
    expect(queryIdSchema.safeParse('12').data).toBe(12);
    expect(queryIdSchema.safeParse(String(INT32_MAX)).data).toBe(INT32_MAX);
    for (const v of [
      '99999999999',
      String(INT32_MAX + 1),
      '0',
      '-1',
      '1.5',
      'abc',
      '0x10',
      '1e3',
      ' 12',
      '',
      'Infinity',
    ]) {
      const r = queryIdSchema.safeParse(v);
      expect(r.success, v).toBe(false);
      expect(r.error?.issues[0]?.message, v).toBe(BOUND_MESSAGES.id);
    }
    for (const v of [99_999_999_999, 0, -1, 1.5, '12', Number.NaN, null])
      expect(idSchema.safeParse(v).success, String(v)).toBe(false);
  });
});

describe.each(testEngines)('input bounds on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  it('answers 400 with the message for an id past int32 in a query, a path and a body', async () => {
    const query = await t.as(f.admin, {
      method: 'GET',
      url: `/api/site/siteDetail/?organizationId=${f.orgA}&siteId=99999999999`,
    });
    expect(query.statusCode, query.body).toBe(400);
    expect((query.json() as { errors: Record<string, string[]> }).errors.siteId).toEqual([BOUND_MESSAGES.id]);
    const org = await t.as(f.admin, {
      method: 'GET',
      url: '/api/site/siteDetail/?organizationId=99999999999&siteId=1',
    });
    expect(org.statusCode, org.body).toBe(400);
    const path = await t.as(f.admin, {
      method: 'DELETE',
      url: `/api/siteGroup/delete/99999999999?organizationId=${f.orgA}`,
    });
    expect(path.statusCode, path.body).toBe(400);
    expect((path.json() as { errors: Record<string, string[]> }).errors.id).toEqual([BOUND_MESSAGES.id]);
    const body = await t.as(f.admin, {
      method: 'POST',
      url: '/api/siteGroup/edit',
      payload: { id: 99_999_999_999, name: 'Big', organizationId: f.orgA },
    });
    expect(body.statusCode, body.body).toBe(400);
    expect((body.json() as { errors: Record<string, string[]> }).errors.id).toEqual([BOUND_MESSAGES.idOrNew]);
  });

  it('turns PostgreSQL data errors into 400s', async () => {
    const errorOf = async (sql: string, params: unknown[]) => {
      try {
        await t.database.query(sql, params);
      } catch (e) {
        return e;
      }
      throw new Error(`${sql} did not fail`);
    };
    for (const [sql, params] of [
      ['SELECT $1::int AS v', ['99999999999']],
      ['SELECT $1::int AS v', ['abc']],
      ['SELECT $1::text AS v', ['a\u0000b']],
    ] as const) {
      const refused = clientDataError(await errorOf(sql, [...params]));
      expect(refused?.kind, `${sql} ${JSON.stringify(params)}`).toBe('Invalid');
    }
    expect(clientDataError(new Error('boom'))).toBeNull();
    expect(clientDataError({ code: '42P01' })).toBeNull();
  });
});
