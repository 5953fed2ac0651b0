-- Each site's CH4 volume per UTC day, by source category and severity, with the day's 24 hourly volumes: period
-- totals over months and years read these rows instead of prorating every emission (refreshed by every writer of
-- emissions through server/services/emission-rollup.ts).
CREATE TABLE emission_daily_volumes (
  site_id integer NOT NULL REFERENCES sites(id),
  day date NOT NULL,
  -- 0 when the source has no category; -1 when the emission reached no alarm level.
  source_category_id integer NOT NULL DEFAULT 0,
  severity integer NOT NULL DEFAULT -1,
  volume double precision NOT NULL,
  hourly double precision[] NOT NULL,
  PRIMARY KEY (site_id, day, source_category_id, severity)
);
CREATE INDEX emission_daily_volumes_day_idx ON emission_daily_volumes (day);
