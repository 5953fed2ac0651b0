-- Site edit (spec 3 §3 'Structure', 'Basemap'): a site's structures (boxes and cylinders that shape the wind around
-- sources) and its basemaps (georeferenced images drawn under the edit map). Sources already exist (0012).

CREATE TABLE structures (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  name text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  footprint_type text NOT NULL CHECK (footprint_type IN ('Box', 'Cylinder')),
  -- Degrees clockwise from north; X, Y (ground extent) and Z (height) in metres.
  footprint_rotation double precision NOT NULL CHECK (footprint_rotation BETWEEN 0 AND 359),
  footprint_x double precision NOT NULL CHECK (footprint_x BETWEEN 0 AND 100),
  footprint_y double precision NOT NULL CHECK (footprint_y BETWEEN 0 AND 100),
  footprint_z double precision NOT NULL CHECK (footprint_z BETWEEN 0 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX structures_site_idx ON structures (site_id);

CREATE TABLE basemaps (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  name text NOT NULL,
  north_east_latitude double precision NOT NULL,
  north_east_longitude double precision NOT NULL,
  south_west_latitude double precision NOT NULL,
  south_west_longitude double precision NOT NULL,
  show_by_default boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (south_west_latitude < north_east_latitude AND south_west_longitude < north_east_longitude)
);
CREATE INDEX basemaps_site_idx ON basemaps (site_id);

-- The image apart, so lists never read the bytes; at most 2 MB encoded (spec 3 §9).
CREATE TABLE basemap_images (
  basemap_id integer PRIMARY KEY REFERENCES basemaps(id) ON DELETE CASCADE,
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg')),
  content bytea NOT NULL CHECK (octet_length(content) <= 2097152)
);
