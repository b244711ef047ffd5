-- Partner wallet API (issue 18): partners, their API keys (hashed), their end users' wallets with
-- account numbers, and the money movements of those wallets. Balances are never stored here: each
-- wallet is a ledger account (packages/ledger), which owns every balance.

CREATE TABLE partners (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

-- A key is `pak_` + a 16-character public key id + a 32-character secret part (domain/partners.ts).
-- Only the key id and a SHA-256 of the whole key are stored: the key is shown once, at creation,
-- and compared in constant time against key_sha256 (docs/decisions/0290-partner-api-keys.md).
CREATE TABLE partner_api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id  uuid NOT NULL REFERENCES partners(id),
  key_id      text NOT NULL UNIQUE CHECK (key_id ~ '^[A-Za-z0-9]{16}$'),
  key_sha256  bytea NOT NULL CHECK (length(key_sha256) = 32),
  revoked_at  timestamptz NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX partner_api_keys_partner ON partner_api_keys (partner_id);

-- Idempotency records of the partner family live in the same store as the merchant API's, scoped
-- by the partner's id in the column that holds the merchant's (UUIDs never collide; the operation
-- names differ too). The store's column keeps its name; its foreign key to merchants goes.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_merchant_id_fkey;

-- Account-number serials: a sequence, so two concurrent allocations can never get the same one;
-- domain/account-numbers.ts turns serial n into a 10-digit account number through a bijection of
-- the 9-digit serials and a NUBAN-style check digit.
CREATE SEQUENCE partner_account_serial MINVALUE 1 MAXVALUE 999999999 NO CYCLE;

CREATE TABLE partner_wallets (
  id                 uuid PRIMARY KEY,
  partner_id         uuid NOT NULL REFERENCES partners(id),
  external_user_id   text NOT NULL CHECK (length(external_user_id) BETWEEN 1 AND 255),
  currency           char(3) NOT NULL,
  account_number     char(10) NOT NULL UNIQUE CHECK (account_number ~ '^[0-9]{10}$'),
  ledger_account_id  numeric(39, 0) NOT NULL UNIQUE,
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (partner_id, external_user_id, currency)
);
CREATE INDEX partner_wallets_partner ON partner_wallets (partner_id, created_at DESC, id DESC);

-- One row per money movement a partner made (deposit, transfer, withdrawal): the facts the
-- ledger does not carry (reference, counterparty, status). Its id is the UUID every ledger
-- transfer of the movement carries in user_data_128, which is how a wallet's transaction list
-- (read from the ledger) finds it.
CREATE TABLE partner_movements (
  id                 uuid PRIMARY KEY,
  partner_id         uuid NOT NULL REFERENCES partners(id),
  kind               text NOT NULL CHECK (kind IN ('deposit', 'transfer', 'withdrawal')),
  -- The wallet money leaves (transfer, withdrawal) and the wallet it reaches (deposit, transfer).
  from_wallet_id     uuid NULL REFERENCES partner_wallets(id),
  to_wallet_id       uuid NULL REFERENCES partner_wallets(id),
  amount             bigint NOT NULL CHECK (amount >= 1),
  currency           char(3) NOT NULL,
  reference          text NOT NULL CHECK (length(reference) BETWEEN 1 AND 255),
  status             text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  -- Withdrawals: where the money goes (a payout destination reference) and why it failed.
  destination_ref    text NULL,
  failure_reason     text NULL,
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  updated_at         timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((kind = 'deposit') = (from_wallet_id IS NULL)),
  CHECK ((kind = 'withdrawal') = (to_wallet_id IS NULL))
);
CREATE INDEX partner_movements_partner ON partner_movements (partner_id, created_at DESC, id DESC);
