-- The GPS fixes a device reports (spec 2 §3 'Location stat'): where it said it was, with how many satellites, and how
-- far that is from the location of the installation it belonged to (haversine, metres; computed by the writer with
-- src/domain/map.ts distanceKm).
-- A fix names its device and installation; (id, device_id) lets the pair be checked against the installation.
ALTER TABLE device_installations ADD CONSTRAINT device_installations_id_device_key UNIQUE (id, device_id);

CREATE TABLE device_location_stats (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL,
  device_installation_id integer NOT NULL,
  time timestamptz NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  number_of_satellites integer NOT NULL CHECK (number_of_satellites >= 0),
  distance_from_installation_m double precision NOT NULL CHECK (distance_from_installation_m >= 0),
  FOREIGN KEY (device_installation_id, device_id) REFERENCES device_installations (id, device_id) ON DELETE CASCADE
);
-- A device's fixes newest first (the Installations tab), and one installation's by time.
CREATE INDEX device_location_stats_device_time_idx ON device_location_stats (device_id, time DESC);
CREATE INDEX device_location_stats_installation_time_idx ON device_location_stats (device_installation_id, time DESC);
