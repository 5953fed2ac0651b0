// npm run seed -- --orgs N --sites N --devices N --days N --featured-days N --history-sites N --emission-days N --seed N [--reset]
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { isDatabaseEmpty, seedDatabase } from './seed';

function count(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}, got '${raw}'`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orgs: { type: 'string' },
      sites: { type: 'string' },
      devices: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      'featured-days': { type: 'string' },
      'history-sites': { type: 'string' },
      'emission-days': { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const config = loadConfig();
  const d = config.seedSize;
  const size = {
    orgs: count('orgs', values.orgs, d.orgs, 3),
    sites: count('sites', values.sites, d.sites, 0),
    devices: count('devices', values.devices, d.devices, 0),
    days: count('days', values.days, d.days, 1),
    seed: count('seed', values.seed, d.seed, 0),
    featuredDays: count('featured-days', values['featured-days'], d.featuredDays ?? 365, 0),
    historySites: count('history-sites', values['history-sites'], d.historySites ?? 30, 0),
    emissionDays: count('emission-days', values['emission-days'], d.emissionDays ?? 365, 0),
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (values.reset) {
      // Drop every table of ours and start again from the migrations.
      await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    }
    await migrate(database);
    if (!(await isDatabaseEmpty(database))) {
      console.error('The database already holds data; run with --reset to replace it.');
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    const summary = await seedDatabase(database, size, (m) => console.log(`  ${m}`));
    console.log(
      `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.entries(summary.counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    if (summary.featuredDevices.length)
      console.log(`A year of one-minute data: /device/${summary.featuredDevices.join(', /device/')}`);
    if (summary.roamingDevice) console.log(`Moved between seven sites: /device/${summary.roamingDevice}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
