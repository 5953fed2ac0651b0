-- Alarms (spec 2 §3 'Alarm', 'Alarm comment', 'Workflow', 'Alarm parameter template', 'Site alarm parameter'; §4):
-- what raises alarms (templates and each site's parameters), the alarms the engine raised with the thresholds in
-- force, their workflows (Basic or LDAR) and comments.
CREATE TABLE alarm_parameter_templates (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  alarm_type integer NOT NULL,
  measurement_type_id integer NOT NULL,
  -- Aggregation: Average 0, Max 1.
  calculation_method integer NOT NULL,
  hi_threshold double precision NOT NULL,
  hi_hi_threshold double precision,
  critical_threshold double precision,
  sliding_window_hours double precision NOT NULL,
  reset_evaluation_period_hours double precision,
  triggers_ldar_workflow boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX alarm_parameter_templates_org_idx ON alarm_parameter_templates (organization_id);

CREATE TABLE site_alarm_parameters (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  alarm_type integer NOT NULL,
  measurement_type_id integer NOT NULL,
  -- SiteAlarmParameterStatus: Off 0, On 1.
  status integer NOT NULL,
  template_id integer REFERENCES alarm_parameter_templates(id),
  -- AlarmDeviceFilter (measurement alarms): All Qube 0, All Qube Lite 1, Selected Qube 2, Selected Qube Lite 3.
  device_filter integer,
  device_ids integer[] NOT NULL DEFAULT '{}',
  -- The detail, when no template supplies it.
  calculation_method integer,
  hi_threshold double precision,
  hi_hi_threshold double precision,
  critical_threshold double precision,
  sliding_window_hours double precision,
  reset_evaluation_period_hours double precision,
  triggers_ldar_workflow boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX site_alarm_parameters_site_idx ON site_alarm_parameters (site_id);

CREATE TABLE root_causes (
  id serial PRIMARY KEY,
  classification text NOT NULL,
  description text NOT NULL
);

CREATE TABLE workflows (
  id serial PRIMARY KEY,
  -- WorkflowType: Basic 0, LDAR 1.
  workflow_type integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by text,
  acknowledged_at timestamptz,
  classification text,
  root_cause_id integer REFERENCES root_causes(id),
  repair_required boolean,
  repair_type integer,
  repair_completed timestamptz,
  -- Bumped by every change, so a save based on an older read is refused instead of overwriting it.
  version integer NOT NULL DEFAULT 1
);

CREATE TABLE alarms (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  site_alarm_parameter_id integer NOT NULL REFERENCES site_alarm_parameters(id),
  device_id integer REFERENCES devices(id),
  level integer NOT NULL,
  alarm_type integer NOT NULL,
  measurement_type_id integer NOT NULL,
  calculation_method integer NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  max_value double precision NOT NULL,
  total_volume double precision,
  hi_threshold double precision NOT NULL,
  hi_hi_threshold double precision,
  critical_threshold double precision,
  sliding_window_hours double precision NOT NULL,
  workflow_id integer NOT NULL REFERENCES workflows(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alarms_site_time_idx ON alarms (site_id, start_time DESC);
CREATE INDEX alarms_parameter_device_idx ON alarms (site_alarm_parameter_id, device_id, start_time);

CREATE TABLE alarm_comments (
  id serial PRIMARY KEY,
  alarm_id integer NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  user_id integer REFERENCES users(id),
  email text NOT NULL
);
CREATE INDEX alarm_comments_alarm_idx ON alarm_comments (alarm_id, created_at);

-- The root causes an LDAR classification offers (Venting and Fugitive only).
INSERT INTO root_causes (classification, description) VALUES
  ('Venting', 'Tank hatch open'), ('Venting', 'Pneumatic controller venting'), ('Venting', 'Blowdown'), ('Venting', 'Liquids unloading'),
  ('Fugitive', 'Valve packing leak'), ('Fugitive', 'Flange or connector leak'), ('Fugitive', 'Thief hatch seal'), ('Fugitive', 'Compressor seal'), ('Fugitive', 'Pressure relief valve');
