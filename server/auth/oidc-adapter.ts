// oidc-provider storage in table oidc_payloads, so sessions, grants and tokens survive a restart.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client';

interface PayloadRow extends Record<string, unknown> {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

export function createAdapterFactory(database: Database): new (name: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await database.query(
        `INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
         ON CONFLICT (id, type) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
           uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          id,
          this.name,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      );
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const [row] = await database.query<PayloadRow>(
        `SELECT payload, consumed_at FROM oidc_payloads WHERE ${column} = $1 AND type = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [value, this.name],
      );
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : row.payload;
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await database.query('UPDATE oidc_payloads SET consumed_at = now() WHERE id = $1 AND type = $2', [id, this.name]);
    }
    async destroy(id: string): Promise<void> {
      await database.query('DELETE FROM oidc_payloads WHERE id = $1 AND type = $2', [id, this.name]);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await database.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}
