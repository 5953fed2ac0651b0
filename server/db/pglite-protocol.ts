// Messages between the server's thread and the thread that runs PGlite (pglite-thread.ts, pglite-worker.ts).

export type PgliteRequest =
  | { id: number; op: 'open'; dataDir: string | null }
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx: number | null }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'copy'; sql: string; bytes: Uint8Array }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields (code, detail, constraint, …), kept across the thread boundary. */
export interface PgliteErrorFields {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type PgliteResponse =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: PgliteErrorFields };

/** The fields of pg-protocol's DatabaseError that callers may read. */
export const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;
