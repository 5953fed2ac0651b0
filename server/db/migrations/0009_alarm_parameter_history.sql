-- Alarm Parameter History and Alarm Parameter Template History (spec 2 §3 'History rows'): every saved state of a
-- template or a site parameter, from when it took effect until it was replaced, and who saved it.
CREATE TABLE alarm_parameter_template_history (
  id bigserial PRIMARY KEY,
  template_id integer NOT NULL REFERENCES alarm_parameter_templates(id) ON DELETE CASCADE,
  effective_from timestamptz NOT NULL DEFAULT now(),
  date_ended timestamptz,
  snapshot jsonb NOT NULL,
  changed_by text NOT NULL
);
CREATE INDEX alarm_parameter_template_history_idx ON alarm_parameter_template_history (template_id, effective_from DESC);

CREATE TABLE site_alarm_parameter_history (
  id bigserial PRIMARY KEY,
  site_alarm_parameter_id integer NOT NULL REFERENCES site_alarm_parameters(id) ON DELETE CASCADE,
  effective_from timestamptz NOT NULL DEFAULT now(),
  date_ended timestamptz,
  snapshot jsonb NOT NULL,
  changed_by text NOT NULL
);
CREATE INDEX site_alarm_parameter_history_idx ON site_alarm_parameter_history (site_alarm_parameter_id, effective_from DESC);
