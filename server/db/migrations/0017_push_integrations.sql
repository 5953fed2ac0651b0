-- Push integrations (spec 3 §3 'Integration'): an organization's outbound webhooks. The push worker
-- (server/services/push-integration/) posts new records of the integration's data type to its URL and records each
-- execution with its requests. Deleting an integration is a soft delete so its audit and history stay readable.

CREATE TABLE integrations (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  -- Alarms=0, Emissions=1, Emission Rates=2 (src/domain/integrations.ts); fixed once created.
  data_type integer NOT NULL CHECK (data_type IN (0, 1, 2)),
  request_url text NOT NULL CHECK (request_url ~* '^https://'),
  -- [{ "key": ..., "value": ... }] in the order the user gave them.
  headers jsonb NOT NULL DEFAULT '[]',
  max_request_size_in_bytes integer CHECK (max_request_size_in_bytes BETWEEN 10000 AND 2147483647),
  enabled boolean NOT NULL,
  ch4_rate_display_unit_id integer NOT NULL,
  ch4_volume_display_unit_id integer NOT NULL,
  -- What was last delivered (the shape per data type is in src/domain/integrations.ts); moves only on success.
  bookmark jsonb NOT NULL,
  -- A worker holds an integration while it delivers, so two server processes never send the same records twice.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id),
  deleted_at timestamptz
);
CREATE INDEX integrations_org_idx ON integrations (organization_id) WHERE deleted_at IS NULL;

-- The sites an integration covers; none means every site of the organization. A deleted group drops out here (the
-- group delete route disables an integration it leaves without any group).
CREATE TABLE integration_site_groups (
  integration_id integer NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  site_group_id integer NOT NULL REFERENCES site_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (integration_id, site_group_id)
);
CREATE INDEX integration_site_groups_group_idx ON integration_site_groups (site_group_id);

-- One delivery attempt of the records found after the bookmark: success when every request got a 2xx answer.
CREATE TABLE integration_executions (
  id serial PRIMARY KEY,
  integration_id integer NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  time timestamptz NOT NULL DEFAULT now(),
  success boolean NOT NULL,
  -- The integration's bookmark after the execution: the new one on success, the unchanged retry point on failure.
  bookmark jsonb NOT NULL,
  record_count integer NOT NULL
);
-- The last ten successes and failures, and the 24-hour counts.
CREATE INDEX integration_executions_idx ON integration_executions (integration_id, success, time DESC);

CREATE TABLE integration_execution_requests (
  execution_id integer NOT NULL REFERENCES integration_executions(id) ON DELETE CASCADE,
  request_number integer NOT NULL,
  -- Kept up to 64 KB each (the full body was sent).
  request_body text NOT NULL,
  response_body text,
  response_status_code integer,
  exception text,
  PRIMARY KEY (execution_id, request_number)
);
