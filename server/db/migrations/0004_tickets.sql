-- Support tickets (spec 2 §3 'Ticket', 'Conversation entry', 'Ticket create'): the built-in ticket desk. Ticket ids
-- are the desk's own numbers; a configured Freshdesk account replaces this store through the ticket-desk adapter.
CREATE TABLE ticket_field_options (
  id serial PRIMARY KEY,
  -- symptomPrimary, symptomSecondary (child of a primary), symptomInference, nextStep
  field text NOT NULL,
  name text NOT NULL,
  parent_id integer REFERENCES ticket_field_options(id)
);
CREATE INDEX ticket_field_options_field_idx ON ticket_field_options (field, parent_id);

CREATE SEQUENCE tickets_id_seq START 4001;
CREATE TABLE tickets (
  id integer PRIMARY KEY DEFAULT nextval('tickets_id_seq'),
  organization_id integer NOT NULL REFERENCES organizations(id),
  device_id integer REFERENCES devices(id) ON DELETE SET NULL,
  site_id integer REFERENCES sites(id),
  subject text NOT NULL,
  description text,
  -- TicketStatus, TicketPriority, TicketSource (spec 2 §3 enumerations)
  status integer NOT NULL,
  priority integer NOT NULL,
  source integer NOT NULL,
  symptom_primary_id integer REFERENCES ticket_field_options(id),
  symptom_secondary_id integer REFERENCES ticket_field_options(id),
  symptom_inference_id integer REFERENCES ticket_field_options(id),
  next_step_id integer REFERENCES ticket_field_options(id),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
ALTER SEQUENCE tickets_id_seq OWNED BY tickets.id;
CREATE INDEX tickets_device_idx ON tickets (device_id);
CREATE INDEX tickets_site_idx ON tickets (site_id);

CREATE TABLE ticket_conversations (
  id serial PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  -- Blank for a private note.
  support_email text,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_conversations_ticket_idx ON ticket_conversations (ticket_id, created_at);
