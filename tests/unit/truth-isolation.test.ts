// The benchmark's truth and the pipeline it scores must not share code: no import between bench/truth/** and
// server/services/modelling/** in either direction (relative, aliased or dynamic). eslint.config.js has the same zone.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TRUTH = join(ROOT, 'bench/truth');
const MODELLING = join(ROOT, 'server/services/modelling');

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return tsFiles(p);
    return /\.(ts|tsx|mts|cts)$/.test(name) ? [p] : [];
  });
}

/** Module specifiers of static imports/exports, dynamic import() and require(). */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

/** Absolute path a specifier points at, for relative and project-aliased specifiers; undefined for packages. */
function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  if (spec.startsWith('@/')) return join(ROOT, 'src', spec.slice(2));
  if (spec.startsWith('/')) return spec;
  return undefined;
}

function inside(path: string, dir: string): boolean {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !r.startsWith('/'));
}

function violations(fromDir: string, forbidden: string, forbiddenName: string): string[] {
  const bad: string[] = [];
  for (const file of tsFiles(fromDir)) {
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const t = target(file, spec);
      if ((t && inside(t, forbidden)) || spec.includes(forbiddenName)) bad.push(`${relative(ROOT, file)} → ${spec}`);
    }
  }
  return bad;
}

describe('truth isolation', () => {
  it('finds the truth files and recognises every import form', () => {
    expect(tsFiles(TRUTH).length).toBeGreaterThan(5);
    const src = `import a from '../x';\nimport type { B } from "./y";\nexport * from '../../server/services/modelling/z';\nconst m = await import('./w');\nrequire('q');\nimport './side-effect';`;
    expect(specifiers(src)).toEqual(['../x', './y', '../../server/services/modelling/z', './side-effect', './w', 'q']);
  });

  it('bench/truth imports nothing from server/services/modelling', () => {
    expect(violations(TRUTH, MODELLING, 'services/modelling')).toEqual([]);
  });

  it('server/services/modelling imports nothing from bench/truth', () => {
    expect(violations(MODELLING, TRUTH, 'bench/truth')).toEqual([]);
  });
});
