-- Sensor configurations (spec 3 §3 'Sensor configuration'): coefficient versions per CH4 (RMX) sensor serial number,
-- and every attempt to load a version onto a device through the device cloud. The version id is the row id, which
-- devices report back (devices.sensor_configuration_version_id) once they run it.
CREATE TABLE sensor_configurations (
  id serial PRIMARY KEY,
  sensor_serial_number text NOT NULL CHECK (sensor_serial_number ~ '^[0-9]{8}$'),
  coefficients text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  user_email text NOT NULL
);
CREATE INDEX sensor_configurations_serial_idx ON sensor_configurations (sensor_serial_number, id DESC);

CREATE TABLE sensor_configuration_syncs (
  id bigserial PRIMARY KEY,
  sensor_configuration_id integer NOT NULL REFERENCES sensor_configurations(id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  time timestamptz NOT NULL DEFAULT now(),
  success boolean NOT NULL,
  error text,
  user_email text NOT NULL
);
CREATE INDEX sensor_configuration_syncs_version_device_idx ON sensor_configuration_syncs (sensor_configuration_id, device_id, time DESC);
CREATE INDEX sensor_configuration_syncs_device_idx ON sensor_configuration_syncs (device_id);
-- Devices are found by the CH4 sensor they carry.
CREATE INDEX devices_ch4_sensor_idx ON devices ((serial_numbers->>'ch4'));
