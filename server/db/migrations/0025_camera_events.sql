-- Qube Camera events (spec 3 §3 'Camera event', 'Camera image'; §7 cameraEvents, cameraImage): a picture a camera
-- posted while installed at a site. The event row holds what the lists need; the bytes live in camera_images so a
-- listing never reads them. The event and its image are written in one transaction.
CREATE TABLE camera_events (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  device_installation_id integer NOT NULL REFERENCES device_installations(id) ON DELETE CASCADE,
  site_id integer NOT NULL REFERENCES sites(id),
  time timestamptz NOT NULL,
  snapshot_type text NOT NULL CHECK (snapshot_type IN ('Scheduled', 'Detection', 'Manual')),
  filename text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  width integer NOT NULL,
  height integer NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX camera_events_site_time_idx ON camera_events (site_id, time);
CREATE INDEX camera_events_installation_time_idx ON camera_events (device_installation_id, time);

CREATE TABLE camera_images (
  camera_event_id integer PRIMARY KEY REFERENCES camera_events(id) ON DELETE CASCADE,
  image bytea NOT NULL
);

SELECT track_data_version('camera_events');
SELECT track_data_version('camera_images');
