-- Data versions behind the answer cache (server/http/answer-cache.ts): every write to a table bumps that table's
-- counter in the same transaction, so a cached answer read after the version it was stored under is stale exactly when
-- a table it read has committed a write since — in any server process on the same database.
-- Each backend (connection) counts in its own row (shard = its pid), so concurrent writers never wait on one another
-- for a counter row; a table's version is the sum of its rows. compact_data_versions() folds the rows of backends that
-- are gone into shard -1 (the sum stays the same).
-- A migration that creates a table calls SELECT track_data_version('name') so cached answers that read it are
-- invalidated too (tests/integration/answer-cache.test.ts fails for a table without it).
CREATE TABLE data_versions (
  table_name text NOT NULL,
  shard integer NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (table_name, shard)
);

CREATE FUNCTION bump_data_version(name text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_versions (table_name, shard, version) VALUES (name, pg_backend_pid(), 1)
  ON CONFLICT (table_name, shard) DO UPDATE SET version = data_versions.version + 1;
$$;

CREATE FUNCTION bump_table_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_data_version(TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- The modelling pipeline moves a site's model_processed_up_to every step; answers that do not show the model's
-- progress (the site list) should not be recomputed for it, so those updates count as 'sites.model_progress'.
CREATE FUNCTION bump_site_row_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - ARRAY['model_processed_up_to', 'model_last_run_time']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['model_processed_up_to', 'model_last_run_time']) THEN
    PERFORM bump_data_version('sites');
  ELSE
    PERFORM bump_data_version('sites.model_progress');
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION track_data_version(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF tbl = 'sites' THEN
    EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_data_version()', tbl);
    EXECUTE format('CREATE TRIGGER data_version_rows AFTER UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION bump_site_row_data_version()', tbl);
  ELSE
    EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_table_data_version()', tbl);
  END IF;
END $$;

CREATE FUNCTION compact_data_versions() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM data_versions
     WHERE shard <> -1 AND shard <> pg_backend_pid() AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
    RETURNING table_name, version
  )
  INSERT INTO data_versions (table_name, shard, version)
  SELECT table_name, -1, sum(version) FROM gone GROUP BY table_name
  ON CONFLICT (table_name, shard) DO UPDATE SET version = data_versions.version + excluded.version;
$$;

SELECT track_data_version(c.relname)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname NOT IN ('data_versions', 'schema_migrations');
