-- Device measurements (spec 2 §3 measurement types, wind as WindDirection/WindSpeed types) stored columnar: one row
-- per device, measurement type and UTC day, holding that day's sample times (Int32 milliseconds after the day's start)
-- and values (Float32), both little-endian and sorted by time. A year of one-minute data for one type is 365 rows.
CREATE TABLE measurement_chunks (
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  measurement_type integer NOT NULL,
  chunk_start timestamptz NOT NULL,
  sample_count integer NOT NULL,
  first_time timestamptz,
  last_time timestamptz,
  times bytea NOT NULL,
  vals bytea NOT NULL,
  PRIMARY KEY (device_id, measurement_type, chunk_start)
);
