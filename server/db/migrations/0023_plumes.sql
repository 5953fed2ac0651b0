-- Simulated plumes (spec 3 §3 'Plume frame', §4 plume states, §7 plume calls; modelling.md §1.8). One plume per
-- emission, worked as a background job: InProgress (1) while queued or running under a lease, then Saved (0) with its
-- frames, written in one transaction with the status, or Failed (2) with the reason. A failed plume can be asked for
-- again (the same row goes back to InProgress).
CREATE TABLE plumes (
  id serial PRIMARY KEY,
  emission_id integer NOT NULL UNIQUE REFERENCES emissions(id) ON DELETE CASCADE,
  site_id integer NOT NULL REFERENCES sites(id),
  status smallint NOT NULL CHECK (status IN (0, 1, 2)),
  error text,
  -- Runs started for the current request; a job whose worker died is taken again once its lease runs out.
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_until timestamptz,
  -- The frames' grid (SW and NE corners in degrees) and the frame sheet: every frame of the plume in one PNG,
  -- sheet_columns frames across, frame_size cells square; a cell's red and green bytes are the high and low bytes of
  -- round(min(ppm, 500) / 0.1). One image per plume, so a player fetches it once, not once per frame.
  south double precision,
  west double precision,
  north double precision,
  east double precision,
  frame_size integer,
  sheet_columns integer,
  frame_sheet bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plumes_site_idx ON plumes (site_id);
CREATE INDEX plumes_in_progress_idx ON plumes (id) WHERE status = 1;

CREATE TABLE plume_frames (
  id serial PRIMARY KEY,
  plume_id integer NOT NULL REFERENCES plumes(id) ON DELETE CASCADE,
  site_id integer NOT NULL REFERENCES sites(id),
  -- The frame's cell in the plume's sheet (row-major).
  frame_index integer NOT NULL,
  time timestamptz NOT NULL,
  UNIQUE (plume_id, frame_index)
);
CREATE INDEX plume_frames_site_time_idx ON plume_frames (site_id, time);

SELECT track_data_version('plumes');
SELECT track_data_version('plume_frames');
