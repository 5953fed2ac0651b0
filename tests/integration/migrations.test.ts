import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../server/db/migrate';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

describe.each(testEngines)('migrations on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('applies every numbered migration once and records it', async () => {
    const rows = await t.database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
    expect(await migrate(t.database)).toEqual([]);
  });

  it('creates the foundation tables', async () => {
    const rows = await t.database.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      'organizations',
      'roles',
      'users',
      'user_organizations',
      'sites',
      'site_groups',
      'devices',
      'device_installations',
      'oidc_payloads',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('rejects a second user with the same e-mail in another case', async () => {
    await t.database.query("INSERT INTO users (email, cognito_user_id) VALUES ('a@example.com', 'x1')");
    await expect(
      t.database.query("INSERT INTO users (email, cognito_user_id) VALUES ('A@Example.com', 'x2')"),
    ).rejects.toThrow();
  });
});

describe.each(testEngines)('transactions on %s', (engine) => {
  it('commits everything or nothing', async () => {
    const t = await createTestDatabase(engine);
    try {
      await expect(
        t.database.transaction(async (tx) => {
          await tx.query("INSERT INTO organizations (name) VALUES ('Half Done')");
          await tx.query('INSERT INTO organizations (no_such_column) VALUES (1)');
        }),
      ).rejects.toThrow();
      expect(await t.database.query("SELECT id FROM organizations WHERE name = 'Half Done'")).toEqual([]);
      await t.database.transaction((tx) => tx.query("INSERT INTO organizations (name) VALUES ('Whole')"));
      expect(await t.database.query("SELECT id FROM organizations WHERE name = 'Whole'")).toHaveLength(1);
    } finally {
      await t.drop();
    }
  });
});
