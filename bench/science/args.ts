// Command-line arguments of `npm run bench:science`. Bad arguments throw ArgError (exit code 2) with a clear message.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { LAYOUTS, type LayoutName } from '../truth/types';

export const METHODS = ['pipeline', 'dlq'] as const;
export type Method = (typeof METHODS)[number];

/** The fixed public development seeds (modelling.md §2.1: dev seeds are public; never call them test seeds). */
export const DEV_SEEDS: readonly number[] = [101, 202, 303];
export const TEST_SEED_COUNT = 3;

/**
 * Seeds reported as untuned tests in bench/README.md (808 was session 23's fresh seed, 909 session 24's, 1111 its
 * round 2's, 1212 session 25's, 1313 session 26's, 1414 session 27's, 1515 and 1616 session 28's, 1717 session 29's,
 * 1818 session 30's): the tuning tools (replay, bias) refuse them.
 */
export const REPORTED_TEST_SEEDS: readonly number[] = [
  303, 404, 707, 808, 909, 1111, 1212, 1313, 1414, 1515, 1616, 1717, 1818,
];

/** Throws unless `opts` names development seeds only (not --test, not a seed reported as a test). */
export function refuseTestSeeds(opts: Pick<Options, 'test' | 'seeds'>, tool: string): void {
  if (opts.test || opts.seeds.some((s) => REPORTED_TEST_SEEDS.includes(s)))
    throw new ArgError(`${tool}: development seeds only (not --test or ${REPORTED_TEST_SEEDS.join(', ')})`);
}

/**
 * The options of a tuning tool (replay, bias): without --seeds, the development seeds never reported as a test
 * (DEV_SEEDS holds 303, session 20's untuned seed); any test seed is refused.
 */
export function tuningOptions(argv: readonly string[], tool: string): Options {
  let opts = parseArgs(argv);
  if (!argv.includes('--seeds') && !opts.test) {
    const seeds = opts.seeds.filter((s) => !REPORTED_TEST_SEEDS.includes(s));
    opts = { ...opts, seeds, seedHash: hashSeeds(seeds) };
  }
  refuseTestSeeds(opts, tool);
  return opts;
}

export type RunLabel = 'dev' | 'test' | 'quick';

export interface Options {
  seeds: number[];
  /** SHA-256 of the seed list; the only trace of test seeds in the report. */
  seedHash: string;
  label: RunLabel;
  days: number;
  layouts: LayoutName[];
  json: string | null;
  quick: boolean;
  test: boolean;
  batchMin: number;
  stepTimeoutS: number;
  methods: Method[];
  /** Scenario start (UTC midnight, ms) from --start; null: (days + 1) days before today, so the scenario moves daily. */
  start: number | null;
}

export class ArgError extends Error {}

export const USAGE = `Usage: npm run bench:science -- [options]
  --seeds a,b,c        integer seeds (default: the public development set ${DEV_SEEDS.join(',')})
  --test               seeds drawn at run time (crypto, or derived from BENCH_TEST_SECRET); only their SHA-256 is printed
  --days N             simulated days per site (default 30)
  --layouts l1,l2      any of ${LAYOUTS.join(', ')} (default: all)
  --quick              one layout (metec), one seed, 7 days: the CI smoke test
  --methods m1,m2      any of ${METHODS.join(', ')} (default: both)
  --json FILE          where to write the JSON (default bench/results/science-<label>.json)
  --batch-min N        simulated minutes per ingest batch (default 30)
  --step-timeout-s N   seconds to wait for the pipeline to process a batch (default 120)
  --start YYYY-MM-DD   scenario start (UTC); the scenario is drawn from seed and start, so a fixed start replays
                       the same releases on any day (default: days + 1 days before today)`;

const positiveInt = (flag: string, raw: string): number => {
  if (!/^\d+$/.test(raw) || Number(raw) <= 0)
    throw new ArgError(`${flag} must be a positive whole number, got '${raw}'`);
  return Number(raw);
};

function parseSeeds(raw: string): number[] {
  const parts = raw.split(',').map((s) => s.trim());
  const bad = parts.filter((s) => !/^-?\d+$/.test(s) || !Number.isSafeInteger(Number(s)));
  if (parts.length === 0 || bad.length > 0)
    throw new ArgError(
      `--seeds takes integers separated by commas; not an integer: ${bad.map((b) => `'${b}'`).join(', ') || "''"}`,
    );
  return parts.map(Number);
}

function parseList<T extends string>(flag: string, raw: string, allowed: readonly T[]): T[] {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((s) => !(allowed as readonly string[]).includes(s));
  if (items.length === 0 || unknown.length > 0)
    throw new ArgError(
      `${flag}: unknown ${unknown.map((u) => `'${u}'`).join(', ') || 'empty list'}; choose from ${allowed.join(', ')}`,
    );
  return [...new Set(items)] as T[];
}

/** Test seeds: from BENCH_TEST_SECRET when set (HMAC, so the secret is not recoverable from them), else from crypto. */
export function drawTestSeeds(secret: string | undefined, count = TEST_SEED_COUNT): number[] {
  const bytes = secret
    ? createHmac('sha256', secret).update('bench:science test seeds').digest()
    : randomBytes(4 * count);
  return Array.from({ length: count }, (_, i) => bytes.readUInt32BE(4 * i) & 0x7fffffff);
}

export const hashSeeds = (seeds: readonly number[]): string =>
  createHash('sha256').update(seeds.join(',')).digest('hex');

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now = Date.now()): Options {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const takesValue = new Set([
    '--seeds',
    '--days',
    '--layouts',
    '--json',
    '--batch-min',
    '--step-timeout-s',
    '--methods',
    '--start',
  ]);
  const bare = new Set(['--quick', '--test']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (takesValue.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new ArgError(`${name} needs a value`);
      values.set(name, value);
    } else if (bare.has(name) && eq < 0) flags.add(name);
    else throw new ArgError(`unknown argument '${arg}'\n${USAGE}`);
  }
  const quick = flags.has('--quick');
  const test = flags.has('--test');
  if (test && values.has('--seeds')) throw new ArgError('--test draws its own seeds; do not combine it with --seeds');
  let seeds = values.has('--seeds')
    ? parseSeeds(values.get('--seeds')!)
    : test
      ? drawTestSeeds(env.BENCH_TEST_SECRET)
      : [...DEV_SEEDS];
  let layouts: LayoutName[] = values.has('--layouts')
    ? parseList('--layouts', values.get('--layouts')!, LAYOUTS)
    : [...LAYOUTS];
  let days = values.has('--days') ? positiveInt('--days', values.get('--days')!) : 30;
  if (quick) {
    // The smoke test: one layout, one seed, 7 days (explicit flags still narrow it).
    if (!values.has('--layouts')) layouts = ['metec'];
    seeds = seeds.slice(0, 1);
    if (!values.has('--days')) days = 7;
  }
  const label: RunLabel = test ? 'test' : quick ? 'quick' : 'dev';
  return {
    seeds,
    seedHash: hashSeeds(seeds),
    label,
    days,
    layouts,
    json: values.get('--json') ?? null,
    quick,
    test,
    batchMin: values.has('--batch-min') ? positiveInt('--batch-min', values.get('--batch-min')!) : 30,
    stepTimeoutS: values.has('--step-timeout-s')
      ? positiveInt('--step-timeout-s', values.get('--step-timeout-s')!)
      : 120,
    methods: values.has('--methods') ? parseList('--methods', values.get('--methods')!, METHODS) : [...METHODS],
    start: values.has('--start') ? parseStart(values.get('--start')!, days, now) : null,
  };
}

const DAY_MS = 86_400_000;

/** A UTC date whose whole scenario lies in the past (the console reads only up to now). */
function parseStart(raw: string, days: number, now: number): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== raw)
    throw new ArgError(`--start takes a date as YYYY-MM-DD, got '${raw}'`);
  if (ms + days * DAY_MS > now)
    throw new ArgError(`--start ${raw}: the ${days}-day scenario must end before now; choose an earlier date`);
  return ms;
}
