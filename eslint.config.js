import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Features are combined only in src/app: one feature never imports another.
const features = (() => {
  try {
    return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature never imports another feature; move shared code to components/ or domain/.',
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'asm/build', 'asm/assembly', 'data', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
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
            {
              target: './src/domain',
              from: [
                './src/app',
                './src/features',
                './src/components',
                './src/codec',
                './src/compute',
                './server',
                './workers',
              ],
              message: 'domain/ is pure.',
            },
            {
              target: './src/contracts',
              from: ['./src/app', './src/features', './src/components', './server'],
              message: 'contracts/ is pure.',
            },
            // The codecs (CSV, KML/KMZ, GeoTIFF, Arrow series, safe xml/zip) run in workers, the browser and the server
            // alike: they stand on src/domain only.
            {
              target: './src/codec',
              from: [
                './src/app',
                './src/features',
                './src/components',
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
    ignores: ['src/components/lib/**', 'src/compute/**', 'src/components/state.ts'],
    rules: {
      // Heavy libraries sit behind one thin wrapper module each.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'comlink', message: 'Use the typed clients in src/compute/.' },
            { name: 'uplot', message: 'Use the chart wrapper in src/components/lib/.' },
            { name: 'maplibre-gl', message: 'Use the map wrapper in src/components/lib/.' },
            { name: 'jotai', message: 'UI state lives in src/components/state.ts.' },
            { name: 'jotai/utils', message: 'UI state lives in src/components/state.ts.' },
          ],
          patterns: [{ group: ['@deck.gl/*'], message: 'Use the map wrapper in src/components/lib/.' }],
        },
      ],
    },
  },
);
