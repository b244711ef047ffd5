-- Payouts issue: tokenized payout destinations, payouts and payout batches, and the sandbox payout
-- rails' own state (docs/payouts.md).

-- A destination's details, given once (POST /payout-destinations) and named afterwards by its
-- token, destination_ref. The details are sealed (AES-256-GCM, a key derived from MASTER_KEY for
-- this purpose, the row id as associated data: src/crypto/destination-vault.ts); fingerprint is
-- an HMAC of the merchant and the canonical details under another derived key, so the same
-- details for the same merchant find the same row without the details being readable here.
CREATE TABLE payout_destinations (
  id               uuid PRIMARY KEY,
  merchant_id      uuid NOT NULL REFERENCES merchants(id),
  destination_ref  text NOT NULL UNIQUE CHECK (destination_ref ~ '^dst_(mm|bank|card)_[0-9a-z]{22}$'),
  destination_type text NOT NULL CHECK (destination_type IN ('mobile_money', 'bank', 'card')),
  country          char(2) NOT NULL,
  currency         char(3) NOT NULL,
  label            text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 16),
  fingerprint      bytea NOT NULL CHECK (octet_length(fingerprint) = 32),
  details_sealed   bytea NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, fingerprint)
);

-- A bulk payout (seed: PayoutBatch). status is derived from the members when the last of them
-- becomes final (domain/payout-processing.ts): processing -> completed | partially_failed.
CREATE TABLE payout_batches (
  id           uuid PRIMARY KEY,
  merchant_id  uuid NOT NULL REFERENCES merchants(id),
  wallet_id    uuid NOT NULL REFERENCES wallets(id),
  total_amount bigint NOT NULL CHECK (total_amount > 0),
  item_count   integer NOT NULL CHECK (item_count BETWEEN 1 AND 1000),
  status       text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'partially_failed')),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  updated_at   timestamptz(3) NOT NULL DEFAULT now()
);

-- A payout (seed: Payout). hold_ids are the ledger's pending transfers that reserve its money
-- (decimal u128 strings), posted together on success and voided together on failure or cancel:
-- one today (wallet -> payout clearing); a cross-currency payout adds its conversion legs.
-- batch_position orders a batch's members as the request listed them.
CREATE TABLE payouts (
  id               uuid PRIMARY KEY,
  merchant_id      uuid NOT NULL REFERENCES merchants(id),
  wallet_id        uuid NOT NULL REFERENCES wallets(id),
  batch_id         uuid NULL REFERENCES payout_batches(id),
  batch_position   integer NULL,
  destination_id   uuid NOT NULL REFERENCES payout_destinations(id),
  destination_type text NOT NULL CHECK (destination_type IN ('mobile_money', 'bank', 'card')),
  destination_ref  text NOT NULL,
  amount           bigint NOT NULL CHECK (amount > 0),
  currency         char(3) NOT NULL,
  status           text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'success', 'failed')),
  scheduled_at     timestamptz(3) NULL,
  retry_count      integer NOT NULL DEFAULT 0 CHECK (retry_count >= 0),
  failure_reason   text NULL CHECK (char_length(failure_reason) BETWEEN 1 AND 64),
  hold_ids         text[] NOT NULL CHECK (cardinality(hold_ids) >= 1),
  provider_reference text NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((batch_id IS NULL) = (batch_position IS NULL)),
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);
-- GET /payouts (newest first), with or without status, and ?wallet_id=.
CREATE INDEX payouts_merchant_list ON payouts (merchant_id, created_at DESC, id DESC);
CREATE INDEX payouts_merchant_status_list ON payouts (merchant_id, status, created_at DESC, id DESC);
CREATE INDEX payouts_wallet_list ON payouts (wallet_id, created_at DESC, id DESC);
CREATE INDEX payouts_batch_members ON payouts (batch_id, batch_position) WHERE batch_id IS NOT NULL;

-- The sandbox payout rails' record of each send (src/payout-rails/sandbox/connector.ts): one
-- row per payout and attempt (the rail's idempotency key), the outcome its magic values chose,
-- when that outcome is due and whether it was delivered. A real provider keeps this on its side.
CREATE TABLE sandbox_payout_sends (
  payout_id          uuid NOT NULL,
  attempt            integer NOT NULL CHECK (attempt >= 0),
  provider_reference text NOT NULL UNIQUE,
  request_sha256     text NOT NULL,
  scenario           text NOT NULL,
  outcome            text NOT NULL CHECK (outcome IN ('success', 'failed', 'transient_failure')),
  failure_reason     text NULL,
  deliver_at         timestamptz(3) NOT NULL,
  delivered_at       timestamptz(3) NULL,
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (payout_id, attempt)
);
