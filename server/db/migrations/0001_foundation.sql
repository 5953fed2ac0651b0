-- Foundation: organizations, roles, users, site options, site groups, sites, devices, identity-provider store.
CREATE TABLE organizations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  single_sign_on_enabled boolean NOT NULL DEFAULT false,
  domains jsonb NOT NULL DEFAULT '[]'::jsonb,
  customer_success_reps jsonb NOT NULL DEFAULT '[]'::jsonb,
  sales_reps jsonb NOT NULL DEFAULT '[]'::jsonb,
  org_contacts jsonb NOT NULL DEFAULT '[]'::jsonb,
  csp_frame_ancestor_domain text,
  iframe_src_urls jsonb NOT NULL DEFAULT '[]'::jsonb,
  support_email text NOT NULL DEFAULT 'support@example.com',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL,
  -- 'organization' roles are assigned per organization; 'qube' roles are provider-staff global roles.
  kind text NOT NULL CHECK (kind IN ('organization', 'qube')),
  organization_id integer REFERENCES organizations(id),
  permissions jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  sign_on_method text NOT NULL DEFAULT 'EmailPassword' CHECK (sign_on_method IN ('EmailPassword', 'SSO')),
  is_qube_user boolean NOT NULL DEFAULT false,
  qube_role_id integer REFERENCES roles(id),
  iana_timezone_id text NOT NULL DEFAULT 'America/Edmonton',
  user_status text NOT NULL DEFAULT 'CONFIRMED',
  cognito_user_id text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_organization_id integer REFERENCES organizations(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_organizations (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations(id),
  role_id integer NOT NULL REFERENCES roles(id),
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX user_organizations_org_idx ON user_organizations (organization_id);

-- One table for every site option list (country, basin, ...); business units and asset areas belong to an organization.
CREATE TABLE site_options (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  name text NOT NULL,
  parent_id integer REFERENCES site_options(id),
  organization_id integer REFERENCES organizations(id)
);
CREATE INDEX site_options_kind_idx ON site_options (kind, organization_id);

CREATE TABLE site_groups (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  name text NOT NULL
);
CREATE UNIQUE INDEX site_groups_org_name_key ON site_groups (organization_id, lower(name));

CREATE TABLE sites (
  id serial PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations(id),
  name text NOT NULL,
  alias text,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  business_unit_id integer REFERENCES site_options(id),
  asset_area_id integer REFERENCES site_options(id),
  country_id integer REFERENCES site_options(id),
  state_province_id integer REFERENCES site_options(id),
  regulation_id integer REFERENCES site_options(id),
  regulatory_site_type_id integer REFERENCES site_options(id),
  generic_site_type_id integer REFERENCES site_options(id),
  basin_id integer REFERENCES site_options(id),
  industry_segment_id integer REFERENCES site_options(id),
  fluid_type_id integer REFERENCES site_options(id),
  modelling_pipeline_is_on boolean NOT NULL DEFAULT false,
  model_last_run_time timestamptz,
  model_processed_up_to timestamptz,
  notification_required boolean NOT NULL DEFAULT false,
  special_tickets_required boolean NOT NULL DEFAULT false,
  work_permit_required boolean NOT NULL DEFAULT false,
  access_notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX sites_org_idx ON sites (organization_id);

CREATE TABLE site_site_groups (
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  site_group_id integer NOT NULL REFERENCES site_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (site_id, site_group_id)
);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  name text NOT NULL,
  organization_id integer REFERENCES organizations(id),
  -- 'Qube', 'QubeLite' or 'QubeCamera' (spec 2 §1).
  device_type text NOT NULL CHECK (device_type IN ('Qube', 'QubeLite', 'QubeCamera')),
  particle_online_status boolean,
  serial_number text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX devices_name_key ON devices (name);
CREATE INDEX devices_org_idx ON devices (organization_id);

CREATE TABLE device_installations (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id),
  site_id integer NOT NULL REFERENCES sites(id),
  -- DeviceInstallationType: Active=0, Quarantine=1, QuarantineWind=2.
  installation_type integer NOT NULL DEFAULT 0,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  quarantined_at timestamptz
);
CREATE INDEX device_installations_device_idx ON device_installations (device_id);
CREATE INDEX device_installations_site_idx ON device_installations (site_id);

CREATE TABLE notification_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations(id),
  token text NOT NULL UNIQUE,
  notification_type text NOT NULL DEFAULT 'Alarm',
  created_at timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at timestamptz
);

CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  organization_id integer,
  time timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  user_name text NOT NULL,
  changes jsonb NOT NULL
);
CREATE INDEX audit_entries_entity_idx ON audit_entries (entity_type, entity_id);

-- Built-in identity provider: sessions, grants, codes and tokens survive a restart.
CREATE TABLE oidc_payloads (
  id text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (id, type)
);
CREATE INDEX oidc_payloads_grant_idx ON oidc_payloads (grant_id);
CREATE INDEX oidc_payloads_uid_idx ON oidc_payloads (uid);
