// Arguments of `npm run bench:science`: refusals with clear messages, quick and test modes.
import { describe, expect, it } from 'vitest';
import {
  ArgError,
  DEV_SEEDS,
  drawTestSeeds,
  hashSeeds,
  parseArgs,
  refuseTestSeeds,
  REPORTED_TEST_SEEDS,
  tuningOptions,
} from '../../bench/science/args';

const refused = (argv: string[]): string => {
  try {
    parseArgs(argv, {});
  } catch (e) {
    expect(e).toBeInstanceOf(ArgError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('bench:science arguments', () => {
  it('refuses unknown layouts, naming them and the choices', () => {
    expect(refused(['--layouts', 'metec,moon'])).toBe(
      "--layouts: unknown 'moon'; choose from metec, operator, sparse, dense",
    );
  });

  it('refuses seeds that are not integers', () => {
    expect(refused(['--seeds', '1,2.5,x'])).toBe(
      "--seeds takes integers separated by commas; not an integer: '2.5', 'x'",
    );
    expect(refused(['--seeds='])).toContain('not an integer');
  });

  it('refuses unknown flags and bad numbers', () => {
    expect(refused(['--fast'])).toContain("unknown argument '--fast'");
    expect(refused(['--days', '0'])).toBe("--days must be a positive whole number, got '0'");
    expect(refused(['--test', '--seeds', '1'])).toContain('--test');
  });

  it('defaults to the public development seeds, all layouts and 30 days', () => {
    const o = parseArgs([], {});
    expect(o).toMatchObject({
      seeds: [...DEV_SEEDS],
      days: 30,
      label: 'dev',
      layouts: ['metec', 'operator', 'sparse', 'dense'],
      methods: ['pipeline', 'dlq'],
      batchMin: 30,
      stepTimeoutS: 120,
    });
  });

  it('--quick is one layout, one seed, 7 days', () => {
    expect(parseArgs(['--quick'], {})).toMatchObject({
      layouts: ['metec'],
      seeds: [DEV_SEEDS[0]],
      days: 7,
      label: 'quick',
    });
  });

  it('--test draws seeds from BENCH_TEST_SECRET reproducibly (or from crypto), and labels the run test', () => {
    const a = parseArgs(['--test'], { BENCH_TEST_SECRET: 's3cret' });
    const b = parseArgs(['--test'], { BENCH_TEST_SECRET: 's3cret' });
    expect(a.label).toBe('test');
    expect(a.seeds).toEqual(b.seeds);
    expect(a.seedHash).toBe(hashSeeds(a.seeds));
    expect(a.seeds.some((s) => DEV_SEEDS.includes(s))).toBe(false);
    expect(drawTestSeeds(undefined)).not.toEqual(drawTestSeeds(undefined));
  });

  it('--start fixes the scenario start to a UTC date whose scenario has ended', () => {
    const now = Date.parse('2026-11-26T02:00:00Z');
    expect(parseArgs(['--start', '2026-11-17', '--days', '7'], {}, now).start).toBe(Date.parse('2026-11-17T00:00:00Z'));
    expect(parseArgs([], {}, now).start).toBeNull();
    const bad = (argv: string[]) => {
      try {
        parseArgs(argv, {}, now);
        return '';
      } catch (e) {
        return e instanceof ArgError ? e.message : 'not an ArgError';
      }
    };
    expect(bad(['--start', '17/11/2026'])).toBe("--start takes a date as YYYY-MM-DD, got '17/11/2026'");
    expect(bad(['--start', '2026-02-30'])).toBe("--start takes a date as YYYY-MM-DD, got '2026-02-30'");
    expect(bad(['--start', '2026-11-20', '--days', '7'])).toContain('must end before now');
  });

  it('keeps the tuning tools off --test and off every seed reported as a test', () => {
    expect(() => refuseTestSeeds({ test: false, seeds: [101, 202, 111] }, 'replay')).not.toThrow();
    expect(() => refuseTestSeeds({ test: true, seeds: [101] }, 'replay')).toThrow(ArgError);
    for (const seed of REPORTED_TEST_SEEDS)
      expect(() => refuseTestSeeds({ test: false, seeds: [101, seed] }, 'bias.ts tunes')).toThrow(
        /^bias\.ts tunes: development seeds only \(not --test or 303, /,
      );
  });

  it('gives the tuning tools the development seeds never reported as a test when no seeds are named', () => {
    const opts = tuningOptions(['--layouts', 'metec'], 'replay');
    expect(opts.seeds).toEqual(DEV_SEEDS.filter((s) => !REPORTED_TEST_SEEDS.includes(s)));
    expect(opts.seeds.length).toBeGreaterThan(0);
    expect(opts.seedHash).toBe(hashSeeds(opts.seeds));
    expect(tuningOptions(['--seeds', '111,222'], 'replay').seeds).toEqual([111, 222]);
    expect(() => tuningOptions(['--seeds', '101,303'], 'replay')).toThrow(ArgError);
  });
});
