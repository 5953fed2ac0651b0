-- Inspections (spec 3 §3 'Inspection'): Aerial flyovers and Survey walks (OGI or AVO) recorded against a site, with
-- what was found. The organization is the site's. Deleting an inspection removes it (and its image).

CREATE TABLE inspections (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  -- Aerial=1, Survey=2.
  type integer NOT NULL CHECK (type IN (1, 2)),
  time timestamptz NOT NULL,
  detection_found boolean NOT NULL,
  -- kg/h and ppm; only with a detection.
  emission_rate double precision CHECK (emission_rate >= 0),
  emission_concentration double precision CHECK (emission_concentration >= 0),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  source_id integer REFERENCES sources(id),
  -- OGI=1, AVO=2; Survey inspections only.
  survey_type integer CHECK (survey_type IN (1, 2)),
  inspected_by_user_id integer REFERENCES users(id),
  third_party_inspection_id text,
  description text,
  -- The corners of an Aerial image on the map.
  north_east_latitude double precision,
  north_east_longitude double precision,
  south_west_latitude double precision,
  south_west_longitude double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id),
  CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CHECK (type = 2 OR survey_type IS NULL)
);
-- The event log (newest first over a window) and a site's inspections.
CREATE INDEX inspections_time_idx ON inspections (time DESC, id DESC);
CREATE INDEX inspections_site_time_idx ON inspections (site_id, time);

-- An inspection's image, apart so lists never read the bytes.
CREATE TABLE inspection_images (
  inspection_id integer PRIMARY KEY REFERENCES inspections(id) ON DELETE CASCADE,
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg')),
  content bytea NOT NULL
);
