-- Cloud function calls (spec 2 §3 'Cloud function history row'): every call made through the device cloud adapter,
-- successful or not, with who made it.
CREATE TABLE cloud_function_calls (
  id bigserial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  -- Set when the call was made for a whole site.
  site_id integer REFERENCES sites(id),
  function_type text NOT NULL,
  argument text NOT NULL,
  success boolean NOT NULL,
  error text,
  user_name text NOT NULL,
  time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cloud_function_calls_device_idx ON cloud_function_calls (device_id, time DESC);
