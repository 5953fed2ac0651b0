-- The CH4 heatmap's daily tiles (issue 22 item 3; modelling.md §1.8 'CH4 heatmap'): one row per site and UTC day.
-- A tile holds the day's time-mean modelled enhancement on the site's grid (Float32 little-endian, size × size cells,
-- row 0 the north edge) and the hours it averages, and each standing device's CH4 mean and the site's 5th percentile
-- of one-minute CH4 that day (the measured fallback). wanted_version is the fingerprint of the inputs as a request last
-- saw them (the day's source rates, CH4 chunks and the site's grid); computed_version the one the tile was computed
-- from. A tile is stale while they differ, and is claimed under a lease so two server processes never compute it
-- twice at once.
CREATE TABLE heatmap_tiles (
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  wanted_version text NOT NULL,
  computed_version text,
  lease_owner text,
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  south double precision,
  west double precision,
  north double precision,
  east double precision,
  size integer,
  modelled_hours double precision NOT NULL DEFAULT 0,
  mean_ppm bytea,
  -- [{ deviceId, lat, lng, meanPpm, minutes }] of the devices with CH4 readings that day.
  device_means jsonb NOT NULL DEFAULT '[]',
  low_quantile_ppm double precision,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, day)
);
CREATE INDEX heatmap_tiles_stale_idx ON heatmap_tiles (site_id, day) WHERE computed_version IS DISTINCT FROM wanted_version;

SELECT track_data_version('heatmap_tiles');
