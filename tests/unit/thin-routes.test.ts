// Issue 21 item 2: a route parses, calls a service and shapes the answer. SQL, transactions and the database's query
// API live in server/services; no route imports another route, and no service imports HTTP.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const routesDir = path.join(root, 'server/routes');

const RULES: { what: string; pattern: RegExp }[] = [
  { what: 'a database call (query, transaction or exec)', pattern: /\.(query|transaction|exec)\s*(<[^>]*>)?\s*\(/ },
  { what: 'SQL', pattern: /\b(SELECT\s+[\w*(]|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b)/ },
  { what: 'an import of the database layer', pattern: /from\s+['"](\.\.\/)+db\/|from\s+['"][^'"]*server\/db\// },
  { what: 'an import of another route', pattern: /from\s+['"]\.\/[^'"]+['"]|from\s+['"][^'"]*\/routes\/[^'"]+['"]/ },
];

function offences(text: string): string[] {
  return RULES.filter((r) => r.pattern.test(text)).map((r) => r.what);
}

describe('thin routes', () => {
  it('finds each kind of offence (the check itself works)', () => {
    expect(offences("await database.query<{ id: number }>('SELECT id FROM sites')")).toEqual([
      'a database call (query, transaction or exec)',
      'SQL',
    ]);
    expect(offences('return database.transaction(async (tx) => save(tx));')).toEqual([
      'a database call (query, transaction or exec)',
    ]);
    expect(offences('const sql = `UPDATE sites SET name = $1 WHERE id = $2`;')).toEqual(['SQL']);
    expect(offences("import type { Queryable } from '../db/client';")).toEqual(['an import of the database layer']);
    expect(offences("import { siteWhere } from './site';")).toEqual(['an import of another route']);
    expect(offences("import { listSites } from '../services/site';\nhandler: ({ query }) => listSites(query)")).toEqual(
      [],
    );
  });

  it('no file in server/routes holds SQL, calls the database or imports the database layer or another route', () => {
    const files = readdirSync(routesDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(40);
    const wrong = files.flatMap((f) =>
      offences(readFileSync(path.join(routesDir, f), 'utf8')).map((o) => `server/routes/${f}: ${o}`),
    );
    expect(wrong).toEqual([]);
  });

  it('no service imports server/http, a route or Fastify (services know nothing of HTTP)', () => {
    const servicesDir = path.join(root, 'server/services');
    const files = readdirSync(servicesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(60);
    const HTTP = /from\s+['"](\.\.\/)+(http|routes)\/|from\s+['"](fastify|@fastify\/[^'"]+)['"]/;
    expect(HTTP.test("import { zodErrors } from '../http/register-route';")).toBe(true);
    expect(HTTP.test("import type { FastifyRequest } from 'fastify';")).toBe(true);
    const wrong = files.filter((f) => HTTP.test(readFileSync(path.join(servicesDir, f), 'utf8')));
    expect(wrong).toEqual([]);
  });
});
