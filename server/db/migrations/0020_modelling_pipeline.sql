-- The modelling pipeline's outputs and state (spec 3 §3, modelling.md §1.1, §1.7): per-source 15-minute rates,
-- per-emission bounds and localization probability, and per site the scheduler's state (start, blocked reason,
-- late-data rewind point, lease) with the carry checkpoints it rewinds to.

-- Per-source rate at each 15-minute step (kg/h); `observable` false when no sensor could have seen the source (the
-- rate is carried and the upper bound is what could have been missed).
CREATE TABLE source_rates (
  site_id integer NOT NULL REFERENCES sites(id),
  source_id integer NOT NULL REFERENCES sources(id),
  time timestamptz NOT NULL,
  rate double precision NOT NULL,
  lower_bound double precision NOT NULL,
  upper_bound double precision NOT NULL,
  observable boolean NOT NULL,
  PRIMARY KEY (site_id, source_id, time)
);

-- model_opened_step marks an emission as the pipeline's (the step that first wrote it): a rewind deletes the rows
-- opened from the rewind point on and the recomputation writes them again.
ALTER TABLE emissions
  ADD COLUMN rate_lower double precision,
  ADD COLUMN rate_upper double precision,
  ADD COLUMN probability double precision,
  ADD COLUMN model_opened_step timestamptz;
CREATE UNIQUE INDEX emissions_model_key ON emissions (site_id, source_id, start_time) WHERE model_opened_step IS NOT NULL;

CREATE TABLE site_model_states (
  site_id integer PRIMARY KEY REFERENCES sites(id),
  -- The start date of the current run (Start Model); rewinds never reach before it.
  start_time timestamptz,
  is_blocked boolean NOT NULL DEFAULT false,
  block_reason text,
  -- Earliest reading stored after the steps that read it were processed: the scheduler rewinds to it.
  dirty_from timestamptz,
  -- One server process works a site at a time (taken with an atomic UPDATE, renewed while working).
  lease_owner text,
  lease_until timestamptz
);

-- The carry to feed into the step starting at step_start (null: a fresh start). Kept 7 days behind the cursor.
CREATE TABLE model_checkpoints (
  site_id integer NOT NULL REFERENCES sites(id),
  step_start timestamptz NOT NULL,
  carry jsonb,
  PRIMARY KEY (site_id, step_start)
);
