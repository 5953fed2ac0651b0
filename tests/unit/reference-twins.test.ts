// Issue 24 item 1: one implementation per kernel. The TypeScript twins in asm/reference are test references and the
// benchmarks' peers; product code (src, server, workers) may import their types but never run them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** Product files allowed to run a twin, and why. */
const ALLOWED: Record<string, string> = {
  // The /benchmarks page times each kernel against its twin in the worker: the twins are its peers.
  'src/compute/kernel-benchmarks.ts': 'the /benchmarks page peers',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Each import or re-export of asm/reference in `text` that brings a value (not only types). */
function valueImportsOfReference(text: string): string[] {
  const found: string[] = [];
  // Static imports and re-exports: `import x, { a, type B } from '…'`, `export { a } from '…'`, `export * from '…'`.
  const statement = /\b(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]*asm\/reference[^'"]*)['"]/g;
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue; // `import type …` / `export type …`
    const clause = m[3]!.trim();
    const braces = /^\{([^}]*)\}$/.exec(clause);
    const onlyTypes =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    if (!onlyTypes) found.push(m[0]);
  }
  // Side-effect imports, dynamic imports and requires.
  for (const m of text.matchAll(/\bimport\s*['"]([^'"]*asm\/reference[^'"]*)['"]/g)) found.push(m[0]);
  for (const m of text.matchAll(/\b(import|require)\s*\(\s*['"`]([^'"`]*asm\/reference[^'"`]*)['"`]/g))
    found.push(m[0]);
  return found;
}

describe('the TypeScript twins stay references', () => {
  it('recognises value imports and lets type-only imports through', () => {
    expect(valueImportsOfReference("import { m4 } from '../../asm/reference/m4';")).toHaveLength(1);
    expect(valueImportsOfReference("import * as rose from '../asm/reference/rose';")).toHaveLength(1);
    expect(valueImportsOfReference("import { type Grid, idw } from '../asm/reference/windfield';")).toHaveLength(1);
    expect(valueImportsOfReference("export { PUFF_STRIDE } from '../../../asm/reference/puff';")).toHaveLength(1);
    expect(valueImportsOfReference("const m = await import('../asm/reference/gaps');")).toHaveLength(1);
    expect(valueImportsOfReference("import type { Grid } from '../../asm/reference/windfield';")).toEqual([]);
    expect(valueImportsOfReference("import { type Grid } from '../../asm/reference/windfield';")).toEqual([]);
    expect(valueImportsOfReference("export type { Grid as IdwGrid } from '../../asm/reference/windfield';")).toEqual(
      [],
    );
    expect(valueImportsOfReference("import { m4 } from '../../src/compute/wasm-core';")).toEqual([]);
  });

  it('no product file in src, server or workers runs a twin', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('server'), ...sourceFiles('workers')];
    // The scan must see the server's modelling and the workers, where twins were imported before.
    expect(files).toContain('server/services/modelling/puff-kernel.ts');
    expect(files).toContain('workers/geo.worker.ts');
    const offences = files
      .filter((f) => !(f in ALLOWED))
      .flatMap((f) => valueImportsOfReference(readFileSync(path.join(root, f), 'utf8')).map((s) => `${f}: ${s}`));
    expect(offences).toEqual([]);
  });
});
