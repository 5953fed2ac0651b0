// Applies the numbered SQL files in server/db/migrations once each, in order, each in its own transaction.
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

export async function migrate(database: Database): Promise<string[]> {
  await database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
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
