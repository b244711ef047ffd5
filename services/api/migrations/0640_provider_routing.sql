-- Provider routing (issue 24, decisions 0640-0641; docs/providers.md): which provider served each
-- transaction and payout, so its refunds, reversals, status queries and outcomes go to it.
-- Rows written before routing were the sandbox's. Adding a column with a constant default does
-- not rewrite the table (PostgreSQL 11+).

-- A collection's provider is known when its row is written (after the provider accepted it); a
-- refund's is its collection's.
ALTER TABLE transactions ADD COLUMN provider text NOT NULL DEFAULT 'sandbox';

-- A payout's provider is written before each send (payout-rails/routed-sends.ts): null until its
-- first send. Existing payouts get 'sandbox', then the default goes.
ALTER TABLE payouts ADD COLUMN provider text NULL DEFAULT 'sandbox';
ALTER TABLE payouts ALTER COLUMN provider DROP DEFAULT;

-- Providers that have not called back, polled with backoff by their status query until final
-- (provider-routing/status-polls.ts, job providers.poll_statuses). One row per transaction or
-- payout attempt being polled; finished_at is set once a final status was handed to the outcome
-- ingress, so a later pass does not take it again.
CREATE TABLE provider_status_polls (
  kind          text NOT NULL CHECK (kind IN ('collection', 'refund', 'payout')),
  resource_id   uuid NOT NULL,
  attempt       integer NOT NULL DEFAULT 0 CHECK (attempt >= 0),
  provider      text NOT NULL,
  polls         integer NOT NULL DEFAULT 0 CHECK (polls >= 0),
  next_poll_at  timestamptz(3) NOT NULL,
  last_error    text NULL,
  finished_at   timestamptz(3) NULL,
  PRIMARY KEY (kind, resource_id, attempt)
);
CREATE INDEX provider_status_polls_due ON provider_status_polls (next_poll_at) WHERE finished_at IS NULL;
