-- Deployment plans (spec 3 §3 'Deployment plan'): every Save is a revision holding the request and the optimizer's
-- result; the latest is the site's plan. sources_fingerprint is a hash of the site's active sources when the plan
-- was made: the plan is valid while the sources still hash the same (so any way of editing sources is seen).
CREATE TABLE deployment_plans (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id),
  request jsonb NOT NULL,
  result jsonb NOT NULL,
  notes text NOT NULL DEFAULT '',
  sources_fingerprint text NOT NULL,
  modified_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  modified_by_email text NOT NULL,
  modified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deployment_plans_site_idx ON deployment_plans (site_id, modified_at DESC);
