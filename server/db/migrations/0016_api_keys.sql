-- Pull API keys (spec 3 §3 'Api key', §5 'Api key'): what a key may read (endpoint categories, every site or the
-- sites of some groups, raw data or sampled), in which units, and when it was last used. Only a SHA-256 hash of the
-- key is kept; the key itself is shown once when it is created. Deleting a key is soft (deleted_at).

CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- API endpoint categories (src/domain/enums.ts API_ENDPOINT_CATEGORIES).
  api_endpoints text[] NOT NULL CHECK (cardinality(api_endpoints) > 0),
  can_access_all_sites boolean NOT NULL DEFAULT false,
  can_access_high_frequency_data boolean NOT NULL DEFAULT false,
  ch4_rate_display_unit_id integer NOT NULL,
  ch4_volume_display_unit_id integer NOT NULL,
  speed_display_unit_id integer NOT NULL,
  -- The first characters of the key, shown in the list so a key can be told apart without revealing it.
  key_prefix text NOT NULL,
  -- Hex SHA-256 of the whole key: a 32-byte random secret needs no salt or slow hash.
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users(id),
  last_used_at timestamptz,
  deleted_at timestamptz,
  deleted_by integer REFERENCES users(id)
);
CREATE INDEX api_keys_organization_idx ON api_keys (organization_id) WHERE deleted_at IS NULL;

-- The site groups a key is limited to when it does not cover all sites; a deleted group leaves its keys.
CREATE TABLE api_key_site_groups (
  api_key_id integer NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  site_group_id integer NOT NULL REFERENCES site_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (api_key_id, site_group_id)
);
CREATE INDEX api_key_site_groups_group_idx ON api_key_site_groups (site_group_id);
