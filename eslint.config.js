import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The client's layers, top to bottom: src/app combines src/features (screens), which combine src/entities (one
// business area's queries, dialogs, cells), which stand on src/ui (generic components); below them src/api,
// src/compute, src/codec, src/contracts and src/domain. Lint keeps every arrow pointing down.
const subfolders = (dir) => {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
// One feature never imports another.
const featureZones = subfolders('./src/features').map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature never imports another feature; move shared code to src/entities, src/ui or src/domain.',
}));
// One entity never imports another: what two areas share is a type in src/domain or src/contracts, or a piece the
// feature that combines them passes in.
const entityZones = subfolders('./src/entities').map((name) => ({
  target: `./src/entities/${name}`,
  from: './src/entities',
  except: [`./${name}`],
  message:
    'An entity never imports another entity; share through src/domain or src/contracts, or let the feature combine them.',
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'asm/build', 'asm/assembly', 'data', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // Without a resolver that knows .ts/.tsx and the '@/' alias, no-restricted-paths cannot resolve an import and
    // silently passes it, so every zone below would be unenforced.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [fileURLToPath(new URL('./src', import.meta.url))] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...entityZones,
            {
              target: './src/ui',
              from: ['./src/app', './src/features', './src/entities'],
              message: 'src/ui is generic: it imports no entity or feature.',
            },
            {
              target: './src/entities',
              from: ['./src/app', './src/features'],
              message: 'An entity imports no feature.',
            },
            {
              target: './src/domain',
              from: [
                './src/app',
                './src/features',
                './src/entities',
                './src/ui',
                './src/codec',
                './src/compute',
                './server',
                './workers',
              ],
              message: 'domain/ is pure.',
            },
            {
              target: './src/contracts',
              from: ['./src/app', './src/features', './src/entities', './src/ui', './server'],
              message: 'contracts/ is pure.',
            },
            // The codecs (CSV, KML/KMZ, GeoTIFF, Arrow series, safe xml/zip) run in workers, the browser and the server
            // alike: they stand on src/domain only.
            {
              target: './src/codec',
              from: [
                './src/app',
                './src/features',
                './src/entities',
                './src/ui',
                './src/api',
                './src/auth',
                './src/compute',
                './src/contracts',
                './server',
                './workers',
              ],
              message: 'src/codec imports nothing above it (only src/domain).',
            },
            { target: './src', from: './server', message: 'The client never imports server code.' },
            // The benchmark's truth is a different model in different code from the inversion it scores.
            {
              target: './bench/truth',
              from: './server/services/modelling',
              message: 'The truth simulator never imports the modelling pipeline.',
            },
            {
              target: './server/services/modelling',
              from: './bench/truth',
              message: 'The modelling pipeline never imports the truth simulator.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/chart/**', 'src/ui/map/**', 'src/entities/*/*-layers.ts', 'src/compute/**', 'src/ui/state.ts'],
    rules: {
      // Heavy libraries sit behind one thin wrapper module each.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'comlink', message: 'Use the typed clients in src/compute/.' },
            { name: 'uplot', message: 'Use the chart wrappers in src/ui/chart/.' },
            { name: 'maplibre-gl', message: 'Use the map wrapper in src/ui/map/ (or an entity *-layers.ts builder).' },
            { name: 'jotai', message: 'UI state lives in src/ui/state.ts.' },
            { name: 'jotai/utils', message: 'UI state lives in src/ui/state.ts.' },
          ],
          patterns: [
            {
              group: ['@deck.gl/*'],
              message: 'Use the map wrapper in src/ui/map/ (or an entity *-layers.ts builder).',
            },
          ],
        },
      ],
    },
  },
);
