-- Sandbox rails: the state of the simulated payment providers (src/rails/sandbox/).
--
-- sandbox_rail_initiations is the provider's record of every accepted initiation, keyed by
-- (rail, transaction_id): our transaction id is the idempotency key towards the provider, so a
-- second initiation with the same key finds this row and returns the original answer.
-- It stores no payer data (no phone, token or account): only the scenario the magic value chose
-- and a SHA-256 of the request, to tell a replay from a reuse of the key with another request.
--
-- sandbox_rail_outcomes is the provider's queue of final outcomes ("webhooks" it will send).
-- Each row is delivered by the rail outcome worker (src/rails/outcome-worker.ts) once due_at has
-- passed; workers claim rows with FOR UPDATE SKIP LOCKED, so several can run side by side.

CREATE TABLE sandbox_rail_initiations (
  rail text NOT NULL CHECK (rail IN ('mobile_money', 'card', 'bank', 'ussd', 'qr')),
  transaction_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('collection', 'refund')),
  request_sha256 text NOT NULL CHECK (request_sha256 ~ '^[0-9a-f]{64}$'),
  provider_reference text NOT NULL UNIQUE,
  -- Refunds point at the collection they refund; collections have none.
  parent_provider_reference text NULL REFERENCES sandbox_rail_initiations (provider_reference),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  scenario text NOT NULL,
  action_url text NULL,
  ussd_code text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rail, transaction_id),
  CHECK ((kind = 'refund') = (parent_provider_reference IS NOT NULL))
);

CREATE INDEX sandbox_rail_initiations_parent ON sandbox_rail_initiations (parent_provider_reference)
  WHERE parent_provider_reference IS NOT NULL;

CREATE TABLE sandbox_rail_outcomes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_reference text NOT NULL UNIQUE REFERENCES sandbox_rail_initiations (provider_reference),
  rail text NOT NULL CHECK (rail IN ('mobile_money', 'card', 'bank', 'ussd', 'qr')),
  transaction_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('collection', 'refund')),
  outcome text NOT NULL CHECK (outcome IN ('success', 'failed')),
  failure_reason text NULL,
  -- When the row may next be delivered: the scheduled outcome time, then pushed forward by each
  -- claim (a lease, so a crashed worker's row comes back) and by each retry backoff.
  due_at timestamptz NOT NULL,
  -- Delivery attempts so far, counted when a worker claims the row.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text NULL,
  delivered_at timestamptz NULL,
  -- Set when the attempts ran out; the row is then never delivered again (see docs/sandbox-rails.md).
  abandoned_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((outcome = 'failed') = (failure_reason IS NOT NULL)),
  CHECK (delivered_at IS NULL OR abandoned_at IS NULL)
);

-- The worker's claim query scans only undelivered rows, in due order.
CREATE INDEX sandbox_rail_outcomes_due ON sandbox_rail_outcomes (due_at, id)
  WHERE delivered_at IS NULL AND abandoned_at IS NULL;
