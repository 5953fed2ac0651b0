-- Emission data (spec 3 §3): sources with categories and groups, emissions found by the modelling pipeline, the
-- modelled site rate, monthly CH4 targets and site baselines.

CREATE TABLE source_categories (
  id integer PRIMARY KEY,
  name text NOT NULL
);
INSERT INTO source_categories (id, name) VALUES
  (1, 'Wellhead'), (2, 'Tank'), (3, 'Separator'), (4, 'Compressor'), (5, 'Pneumatic Device'),
  (6, 'Flare'), (7, 'Dehydrator'), (8, 'Pipeline');

CREATE TABLE source_groups (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  name text NOT NULL
);
CREATE UNIQUE INDEX source_groups_site_name_key ON source_groups (site_id, lower(name));

CREATE TABLE sources (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  name text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  -- Metres above ground (spec 3 §3, default 2).
  height double precision NOT NULL DEFAULT 2,
  -- Ignore=0, Low=1, Medium=2, High=3.
  relative_importance integer NOT NULL DEFAULT 2,
  source_category_id integer REFERENCES source_categories(id),
  source_group_id integer REFERENCES source_groups(id),
  deleted_at timestamptz
);
CREATE INDEX sources_site_idx ON sources (site_id);

CREATE TABLE emissions (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  source_id integer REFERENCES sources(id),
  start_time timestamptz NOT NULL,
  -- Empty while the pipeline is still processing the emission (spec 3 §4).
  end_time timestamptz,
  -- kg of CH4 and kg/h; an open emission's volume grows at its rate.
  total_volume double precision NOT NULL,
  rate double precision NOT NULL,
  -- Alarm level the emission reached: Hi=0, HiHi=1, Critical=2; empty when under every threshold.
  severity integer,
  classification text CHECK (classification IN ('Fugitive', 'IncompleteCombustion', 'Venting', 'NothingFound')),
  root_cause_id integer REFERENCES root_causes(id)
);
CREATE INDEX emissions_site_time_idx ON emissions (site_id, start_time);

-- The modelled site rate at the pipeline's 15-minute step, with its uncertainty bounds (kg/h).
CREATE TABLE site_rates (
  site_id integer NOT NULL REFERENCES sites(id),
  time timestamptz NOT NULL,
  rate double precision NOT NULL,
  lower_bound double precision NOT NULL,
  upper_bound double precision NOT NULL,
  PRIMARY KEY (site_id, time)
);

-- Monthly CH4 targets (EmissionTargetEdit): at most one live target per site, in force from its effective date.
CREATE TABLE emission_targets (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  effective_from date NOT NULL,
  target_volume_per_month double precision NOT NULL,
  deleted_at timestamptz
);
CREATE UNIQUE INDEX emission_targets_site_key ON emission_targets (site_id) WHERE deleted_at IS NULL;

CREATE TABLE site_baselines (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  -- 0 User Input/Inventory, 1 Site Average, 2 EPA 30 Day Average.
  baseline_type integer NOT NULL,
  effective_from timestamptz NOT NULL,
  effective_to timestamptz,
  yearly_emission_inventory double precision,
  baseline_range_start date,
  baseline_range_end date,
  baseline_start_date date,
  activities jsonb NOT NULL DEFAULT '[]',
  inspection_date date,
  inspection_comments text,
  epa_site_type text,
  -- kg/h, and the 7- and 90-day thresholds in kg/h.
  baseline double precision NOT NULL,
  seven_day_threshold double precision,
  ninety_day_threshold double precision,
  baseline_is_max_for_site_type boolean NOT NULL DEFAULT false,
  daily_volumes jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  ended_at timestamptz,
  ended_by text,
  deleted_at timestamptz,
  deleted_by text
);
CREATE INDEX site_baselines_site_idx ON site_baselines (site_id, effective_from);
