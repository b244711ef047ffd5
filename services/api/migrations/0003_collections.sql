-- Collections issue: transactions (collections and refunds), hosted checkout sessions, the
-- idempotency records with their recovery points, the event outbox, and the sub-merchant and
-- wallet rows collections need.
-- created_at is kept at millisecond precision: list cursors carry milliseconds, and a keyset
-- over finer timestamps would skip rows created within the same millisecond.

-- Sub-merchants (seed: SubMerchant). The sub-merchants issue adds their endpoints and KYC; the
-- table exists now because collections and checkout sessions are attributed to them.
CREATE TABLE sub_merchants (
  id            uuid PRIMARY KEY,
  merchant_id   uuid NOT NULL REFERENCES merchants(id),
  display_name  text NOT NULL,
  type          text NOT NULL CHECK (type IN ('individual', 'business')),
  country       char(2) NOT NULL,
  kyc_tier      text NULL CHECK (kyc_tier IN ('tier_1', 'tier_2')),
  kyc_status    text NOT NULL DEFAULT 'pending' CHECK (kyc_status IN ('pending', 'verified', 'rejected', 'needs_review')),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  contact       jsonb NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX sub_merchants_merchant_list ON sub_merchants (merchant_id, created_at DESC, id DESC);

-- Wallets (seed: Wallet): the service's index of ledger wallet accounts. Balances are never
-- stored here: they are read from the ledger, which owns every balance.
CREATE TABLE wallets (
  id                uuid PRIMARY KEY,
  merchant_id       uuid NOT NULL REFERENCES merchants(id),
  owner_type        text NOT NULL CHECK (owner_type IN ('merchant', 'sub_merchant', 'platform')),
  owner_id          uuid NOT NULL,
  currency          char(3) NOT NULL,
  ledger_account_id numeric(39, 0) NOT NULL UNIQUE,
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (owner_id, currency)
);
CREATE INDEX wallets_merchant_list ON wallets (merchant_id, created_at DESC, id DESC);

CREATE TABLE transactions (
  id                    uuid PRIMARY KEY,
  merchant_id           uuid NOT NULL REFERENCES merchants(id),
  sub_merchant_id       uuid NULL REFERENCES sub_merchants(id),
  type                  text NOT NULL CHECK (type IN ('collection', 'refund', 'transfer')),
  rail                  text NOT NULL CHECK (rail IN ('mobile_money', 'card', 'bank', 'ussd', 'qr')),
  status                text NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'reversed')),
  amount                bigint NOT NULL CHECK (amount >= 1),
  currency              char(3) NOT NULL,
  parent_transaction_id uuid NULL REFERENCES transactions(id),
  provider_reference    text NULL,
  reference             text NULL,
  action_url            text NULL,
  ussd_code             text NULL,
  metadata              jsonb NULL,
  hold_in_escrow        boolean NOT NULL DEFAULT false,
  refund_reason         text NULL CHECK (refund_reason IS NULL OR char_length(refund_reason) <= 500),
  -- Sum of the amounts of this collection's refunds that are not failed (pending ones count:
  -- their money is already reserved in the ledger). Kept under the row lock refunds take.
  refunded_amount       bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  failure_reason        text NULL,
  checkout_session_id   uuid NULL,
  created_at            timestamptz(3) NOT NULL DEFAULT now(),
  updated_at            timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((type = 'refund') = (parent_transaction_id IS NOT NULL))
);
CREATE INDEX transactions_merchant_list ON transactions (merchant_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX transactions_provider_reference ON transactions (rail, provider_reference)
  WHERE provider_reference IS NOT NULL;
CREATE INDEX transactions_parent ON transactions (parent_transaction_id) WHERE parent_transaction_id IS NOT NULL;

CREATE TABLE checkout_sessions (
  id                    uuid PRIMARY KEY,
  merchant_id           uuid NOT NULL REFERENCES merchants(id),
  sub_merchant_id       uuid NULL REFERENCES sub_merchants(id),
  amount                bigint NOT NULL CHECK (amount >= 1),
  currency              char(3) NOT NULL,
  reference             text NULL,
  allowed_rails         text[] NOT NULL,
  status                text NOT NULL CHECK (status IN ('open', 'completed', 'expired', 'cancelled')),
  -- SHA-256 of the client_token: the token itself is never stored.
  client_token_sha256   bytea NOT NULL UNIQUE,
  -- The collection a pay in progress has claimed (set before the rail is called, so two pays
  -- can never both reach a rail); collection_intent_id is set once the collection exists.
  claimed_transaction_id uuid NULL,
  collection_intent_id  uuid NULL REFERENCES transactions(id),
  expires_at            timestamptz NOT NULL,
  created_at            timestamptz(3) NOT NULL DEFAULT now(),
  updated_at            timestamptz(3) NOT NULL DEFAULT now()
);

-- Idempotency records (Stripe's design): one row per (merchant, key). The row is claimed before
-- the operation runs; `recovery_point` says how far a crashed run got, and `resource_id` is the
-- id the operation pre-allocated, so a retry resumes with the same ids (rail and ledger calls
-- are idempotent on them) instead of repeating the effect.
CREATE TABLE idempotency_keys (
  merchant_id      uuid NOT NULL REFERENCES merchants(id),
  key              text NOT NULL,
  operation        text NOT NULL,
  request_sha256   text NOT NULL,
  resource_id      uuid NOT NULL,
  recovery_point   text NOT NULL DEFAULT 'started',
  locked_until     timestamptz NULL,
  response_status  integer NULL,
  -- The stored response, encrypted (AES-256-GCM): a checkout session's replay carries its
  -- client_token, a bearer secret.
  response_sealed  bytea NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
-- A checkout pay looks up the record that claimed a session by its pre-allocated id.
CREATE INDEX idempotency_keys_resource ON idempotency_keys (merchant_id, resource_id);

-- The outbox: every status change writes its event here in the same database transaction.
-- `sequence` orders events globally (and so per resource); delivery comes in the webhooks issue.
CREATE TABLE events (
  sequence      bigserial PRIMARY KEY,
  id            uuid NOT NULL UNIQUE,
  merchant_id   uuid NOT NULL REFERENCES merchants(id),
  type          text NOT NULL,
  resource_type text NOT NULL,
  resource_id   uuid NOT NULL,
  data          jsonb NOT NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX events_resource ON events (resource_id, sequence);
