-- Notification subscriptions (spec 2 §3 'Subscription edit') and their delivery: one alarm subscription set per user
-- and organization with its time zone, time format and site filters; an e-mail outbox that keeps every message until
-- it is delivered (retried with backoff when the mail server fails).
ALTER TABLE notification_subscriptions
  ADD COLUMN iana_timezone_id text NOT NULL DEFAULT 'America/Edmonton',
  ADD COLUMN time_format integer NOT NULL DEFAULT 0,
  ADD COLUMN business_unit_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN asset_area_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN site_group_ids integer[] NOT NULL DEFAULT '{}',
  -- [{alarmType, measurementTypeId, frequency, alarmLevel}]
  ADD COLUMN alarm_subscriptions jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The local date of the last daily digest, so each day's is sent once.
  ADD COLUMN last_daily_digest_on date,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX notification_subscriptions_user_org_type_key ON notification_subscriptions (user_id, organization_id, notification_type);

CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  -- What the message is for, so raising or digesting twice never sends twice.
  dedupe_key text NOT NULL UNIQUE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  organization_id integer REFERENCES organizations(id),
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_pending_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;
