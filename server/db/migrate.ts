// Applies the numbered SQL files in server/db/migrations once each, in order, each in its own transaction. On
// PostgreSQL several server processes may start at once (README 'Running several processes'): migrations run under an
// advisory lock, and withStartupLock lets the start-up's migrate-and-seed run in one process at a time.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(migrationsDir + name, 'utf8') }));
}

/** PostgreSQL advisory lock keys of this application (arbitrary constants, unique to it). */
const MIGRATE_LOCK_KEY = 4_217_020_101;
const STARTUP_LOCK_KEY = 4_217_020_102;

/**
 * Runs fn while this process holds the advisory lock `key` on PostgreSQL (other processes asking for it wait); on
 * PGlite, which only one process can open, it just runs fn. The lock is a transaction-level one held by a transaction
 * that does nothing else: it is released when fn settles (commit or rollback) and, should the process die, when its
 * connection closes. fn itself runs on the pool's other connections, so it may use transactions of its own.
 */
async function withAdvisoryLock<T>(database: Database, key: number, fn: () => Promise<T>): Promise<T> {
  if (database.engine !== 'postgres') return fn();
  return database.transaction(async (tx) => {
    // The wait and the idle holding may last as long as a seed (minutes): a server's statement, lock or
    // idle-in-transaction timeout (common on managed PostgreSQL) must not cut them short, in this transaction only.
    await tx.query(
      "SELECT set_config('statement_timeout', '0', true), set_config('lock_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)",
    );
    await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
    return fn();
  });
}

/**
 * The start-up's migrate and seed-if-empty, one process at a time: two processes starting on an empty database would
 * otherwise both find it empty and both seed. The second one waits, then finds the migrations applied and the data
 * there. (Its lock is taken before the migrations' own, always in that order, so the two cannot deadlock.)
 */
export function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  return withAdvisoryLock(database, STARTUP_LOCK_KEY, fn);
}

export function migrate(database: Database): Promise<string[]> {
  return withAdvisoryLock(database, MIGRATE_LOCK_KEY, () => migrateUnlocked(database));
}

async function migrateUnlocked(database: Database): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const m of listMigrations()) {
    if (done.has(m.name)) continue;
    const escapedName = m.name.replace(/'/g, "''");
    try {
      await database.exec(`BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (name) VALUES ('${escapedName}');\nCOMMIT;`);
    } catch (error) {
      // Leave nothing half-applied: the failed migration is retried whole next start.
      await database.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${m.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    applied.push(m.name);
  }
  return applied;
}
