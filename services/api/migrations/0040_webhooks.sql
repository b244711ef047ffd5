-- Webhook delivery (docs/webhooks.md): endpoints, one delivery per (endpoint, event), the
-- dead-letter store, and two additions to the outbox: a per-resource sequence and a dispatch mark.

-- Per-resource order (`data.sequence` of every event: 1, 2, 3... for one transaction, payout...).
-- Assigned in the INSERT itself (src/domain/events.ts) as one more than the resource's last; the
-- writers of a status change hold the resource's row lock, and the unique index turns any race
-- that slipped past that into an error instead of two events with one number.
ALTER TABLE events ADD COLUMN resource_sequence bigint;
UPDATE events e SET resource_sequence = r.n
FROM (SELECT sequence, row_number() OVER (PARTITION BY resource_id ORDER BY sequence) AS n FROM events) r
WHERE e.sequence = r.sequence;
ALTER TABLE events ALTER COLUMN resource_sequence SET NOT NULL;
ALTER TABLE events ADD CONSTRAINT events_resource_sequence_positive CHECK (resource_sequence >= 1);
CREATE UNIQUE INDEX events_resource_sequence ON events (resource_id, resource_sequence);
-- The unique index above serves every lookup the old one did.
DROP INDEX events_resource;

-- The relay (src/webhooks/relay.ts) fans each event out to the endpoints subscribed at that time
-- and then sets dispatched_at; the partial index holds only the events still to fan out, so the
-- relay's scan stays small however long the outbox grows. Events written before webhooks existed
-- had no endpoint to go to.
ALTER TABLE events ADD COLUMN dispatched_at timestamptz(3);
UPDATE events SET dispatched_at = created_at;
CREATE INDEX events_undispatched ON events (sequence) WHERE dispatched_at IS NULL;
-- GET /events: newest first per merchant (keyset over created_at, id), optionally by type.
CREATE INDEX events_merchant_list ON events (merchant_id, created_at DESC, id DESC);

CREATE TABLE webhook_endpoints (
  id              uuid PRIMARY KEY,
  merchant_id     uuid NOT NULL REFERENCES merchants(id),
  url             text NOT NULL CHECK (length(url) <= 2048),
  subscribed_events text[] NOT NULL CHECK (cardinality(subscribed_events) >= 1),
  -- AES-256-GCM (src/crypto/secret-box.ts); the plaintext is returned once, at creation or rotation.
  signing_secret_sealed bytea NOT NULL,
  -- During a rotation's overlap the previous secret signs too (a second signature in the header).
  previous_secret_sealed bytea NULL,
  previous_secret_expires_at timestamptz(3) NULL,
  active          boolean NOT NULL DEFAULT true,
  -- Why an endpoint is inactive (auto-disabled after failing for too long); null when active.
  disabled_reason text NULL,
  disabled_at     timestamptz(3) NULL,
  -- Start of the current unbroken run of failed attempts; null after any success.
  failing_since   timestamptz(3) NULL,
  deleted_at      timestamptz(3) NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL)),
  CHECK (active = (disabled_reason IS NULL))
);
CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints (merchant_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- One row per (endpoint, event): its status and its latest attempt. Workers claim due rows by
-- setting a lease (lease_token, lease_expires_at) in one UPDATE; a second worker cannot claim a
-- leased row, so a delivery is never sent by two workers at once. A worker that dies mid-attempt
-- leaves its lease to expire; the attempt then counts as failed (no response) and the delivery,
-- still due, is attempted again.
CREATE TABLE webhook_deliveries (
  id              uuid PRIMARY KEY,
  merchant_id     uuid NOT NULL REFERENCES merchants(id),
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints(id),
  event_id        uuid NOT NULL REFERENCES events(id),
  event_type      text NOT NULL,
  status          text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'exhausted')),
  attempt_count   integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
  last_response_code integer NULL,
  -- At most webhook_response_snippet_chars_max characters of the last response body; never parsed.
  last_response_snippet text NULL,
  -- What went wrong on the last attempt when there was no usable response (timeout, refused...).
  last_error      text NULL,
  -- When the next attempt is due; null once terminal (succeeded, exhausted).
  next_attempt_at timestamptz(3) NULL,
  lease_token     uuid NULL,
  lease_expires_at timestamptz(3) NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id),
  CHECK ((status IN ('pending', 'failed')) = (next_attempt_at IS NOT NULL)),
  CHECK ((lease_token IS NULL) = (lease_expires_at IS NULL))
);
-- Due work of one endpoint, oldest first (the per-endpoint claim and the sweep).
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at)
  WHERE next_attempt_at IS NOT NULL;
-- GET /webhooks/{id}/deliveries: newest first.
CREATE INDEX webhook_deliveries_endpoint_list ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- The dead-letter store: a delivery whose attempts ran out. Kept for support and replay; a manual
-- retry that then succeeds sets redelivered_at (the row stays as history).
CREATE TABLE webhook_dead_letters (
  delivery_id     uuid PRIMARY KEY REFERENCES webhook_deliveries(id),
  merchant_id     uuid NOT NULL REFERENCES merchants(id),
  endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints(id),
  event_id        uuid NOT NULL REFERENCES events(id),
  event_type      text NOT NULL,
  attempt_count   integer NOT NULL,
  last_response_code integer NULL,
  last_error      text NULL,
  exhausted_at    timestamptz(3) NOT NULL DEFAULT now(),
  redelivered_at  timestamptz(3) NULL
);
CREATE INDEX webhook_dead_letters_endpoint ON webhook_dead_letters (endpoint_id, exhausted_at DESC);
