-- The built-in identity provider's signing and cookie keys, shared by every server process on one PostgreSQL
-- (README 'Running several processes'): a token signed or a cookie set by one process must verify on every other.
-- One row; the first process to start inserts the keys it generated (INSERT … ON CONFLICT DO NOTHING) and every
-- process then reads that row, so processes starting together agree. On the embedded database (one process) the keys
-- stay in DATA_DIR/oidc/keys.json and this table is unused.
CREATE TABLE oidc_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  keys jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
