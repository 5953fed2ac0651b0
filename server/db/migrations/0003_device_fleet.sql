-- Device fleet (spec 2 §3 'Device detail', 'Device edit', 'Installation', 'Device event'): what a device is made of,
-- what its device cloud reports, where and how it was installed, and the events it sends.
ALTER TABLE devices RENAME COLUMN serial_number TO third_party_serial_number;
ALTER TABLE devices
  ADD COLUMN third_party_id text,
  ADD COLUMN pcb_qr_code text,
  ADD COLUMN hardware_content text,
  ADD COLUMN sensor_configuration_version_id integer,
  ADD COLUMN rmx_gen text,
  ADD COLUMN particle_firmware_version text,
  ADD COLUMN particle_targeted_firmware_version text,
  ADD COLUMN particle_last_heard_at timestamptz,
  ADD COLUMN particle_last_handshake_at timestamptz,
  ADD COLUMN particle_notes text,
  -- Hardware item -> device_hardware_options id (anemometer, battery, solar, fan, pcbVersion, antenna, inletFilter).
  ADD COLUMN hardware jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Serial numbers by part (ch4 ... voc sensors, anemometer, battery, solar, fan, pcb, daughterCard).
  ADD COLUMN serial_numbers jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN inlet_vent_dca_cleanout_time timestamptz,
  ADD COLUMN production_notes text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The values a hardware item can take; new ones are added by free typing (QubeAdministration only).
CREATE TABLE device_hardware_options (
  id serial PRIMARY KEY,
  item text NOT NULL,
  name text NOT NULL
);
CREATE UNIQUE INDEX device_hardware_options_item_name_key ON device_hardware_options (item, lower(name));

ALTER TABLE device_installations
  ADD COLUMN height double precision,
  ADD COLUMN azimuth double precision,
  ADD COLUMN installed_by text,
  ADD COLUMN uninstalled_by text,
  ADD COLUMN quarantine_notes text;
-- A device stands in one place at a time: at most one open installation.
CREATE UNIQUE INDEX device_installations_open_key ON device_installations (device_id) WHERE ended_at IS NULL;

CREATE TABLE device_events (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  site_id integer REFERENCES sites(id),
  time timestamptz NOT NULL,
  event_code integer NOT NULL,
  message text NOT NULL,
  parameters text,
  firmware_version text
);
CREATE INDEX device_events_time_idx ON device_events (time DESC, id DESC);
CREATE INDEX device_events_device_time_idx ON device_events (device_id, time DESC);
