// Issue 21 item 1: every API endpoint is declared once in src/contracts (path, method, schemas, access); the server's
// routes and the client's calls and query keys are built from those declarations, never from literals.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@/contracts/endpoint';
import { allRouteSpecs } from '../../server/app';

const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const API_PATH_LITERAL = /['"`]\/api\/[A-Za-z]/;
const QUERY_KEY_LITERAL = /queryKey: \[/;

function offences(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  if (!file.startsWith('src/contracts/') && API_PATH_LITERAL.test(text)) found.push('an API path literal');
  if (file.startsWith('src/') && !file.startsWith('src/api/') && QUERY_KEY_LITERAL.test(text))
    found.push('a literal query key');
  return found;
}

async function declaredEndpoints(): Promise<Map<string, Endpoint>> {
  const endpoints = new Map<string, Endpoint>();
  for (const file of sourceFiles('src/contracts')) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    // An export is an endpoint or a record of them (one per audited entity, workflow action, Pull API entry).
    const isEndpoint = (v: unknown): v is Endpoint =>
      !!v && typeof v === 'object' && 'path' in v && 'method' in v && 'answer' in v;
    for (const value of Object.values(module)) {
      const found = isEndpoint(value)
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value as Record<string, unknown>).filter(isEndpoint)
          : [];
      for (const e of found) {
        const key = `${e.method} ${e.path}`;
        expect(endpoints.get(key) ?? e, `${key} is declared twice`).toBe(e);
        endpoints.set(key, e);
      }
    }
  }
  return endpoints;
}

describe('endpoint registry', () => {
  const files = [...sourceFiles('src'), ...sourceFiles('server'), ...sourceFiles('workers')];

  it('no API path or query key is written outside the registry', () => {
    const wrong = files.flatMap((f) => offences(f).map((o) => `${f}: ${o}`));
    expect(wrong).toEqual([]);
  });

  it('every route serves a declared endpoint with its method, path and access', async () => {
    const endpoints = await declaredEndpoints();
    for (const spec of allRouteSpecs(null)) {
      const declared = endpoints.get(`${spec.method} ${spec.url}`);
      expect(declared, `${spec.method} ${spec.url} is served but not declared in src/contracts`).toBeDefined();
      if (!declared) continue;
      expect(spec.access, spec.url).toEqual(declared.access);
      expect(spec.raw ?? false, spec.url).toBe(declared.answer !== 'json');
    }
    const served = new Set(allRouteSpecs(null).map((s) => `${s.method} ${s.url}`));
    expect([...endpoints.keys()].filter((k) => !served.has(k))).toEqual([]);
  });
});
