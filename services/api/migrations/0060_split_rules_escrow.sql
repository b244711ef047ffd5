-- Split settlement with escrow (issue 15; docs/split-settlement.md).
--
-- split_rules: a merchant's rules, never edited in place (only deactivated), so every payment's
-- legs stay explainable by the rule it names. recipients/tiers are stored as the API states them
-- (percent shares as decimal numbers, flat values as integers); the legs are computed once, when
-- a payment is created, and kept on the transaction (split_legs).
CREATE TABLE split_rules (
  id                   uuid PRIMARY KEY,
  merchant_id          uuid NOT NULL REFERENCES merchants(id),
  name                 text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  rule_type            text NOT NULL CHECK (rule_type IN ('percentage', 'flat', 'tiered')),
  currency             char(3) NULL,
  active               boolean NOT NULL DEFAULT true,
  recipients           jsonb NOT NULL,
  tiers                jsonb NULL,
  escrow_timeout_hours integer NOT NULL DEFAULT 72 CHECK (escrow_timeout_hours BETWEEN 1 AND 8760),
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  updated_at           timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((rule_type = 'percentage') = (currency IS NULL)),
  CHECK ((rule_type = 'tiered') = (tiers IS NOT NULL))
);
CREATE INDEX split_rules_merchant_list ON split_rules (merchant_id, created_at DESC, id DESC);

-- The rule a payment names and the legs computed from it when the payment was created
-- ([{recipient_type, owner_id, amount, escrow, release_condition, timeout_hours}], in the rule's
-- recipient order, the merchant's remainder last). Null for a payment settled whole.
ALTER TABLE transactions ADD COLUMN split_rule_id uuid NULL REFERENCES split_rules(id);
ALTER TABLE transactions ADD COLUMN split_legs jsonb NULL;
ALTER TABLE checkout_sessions ADD COLUMN split_rule_id uuid NULL REFERENCES split_rules(id);

-- The legs of a settled split (or escrowed) collection, with what refunds took back from each:
-- a refund reverses the legs in proportion to what each has left (domain/split-settlement.ts).
CREATE TABLE settlement_legs (
  transaction_id    uuid NOT NULL REFERENCES transactions(id),
  leg               integer NOT NULL CHECK (leg >= 0),
  recipient_type    text NOT NULL CHECK (recipient_type IN ('merchant', 'platform', 'sub_merchant', 'tax')),
  wallet_id         uuid NOT NULL REFERENCES wallets(id),
  ledger_account_id numeric(39, 0) NOT NULL,
  amount            bigint NOT NULL CHECK (amount >= 1),
  refunded_amount   bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  escrow_hold_id    uuid NULL,
  PRIMARY KEY (transaction_id, leg)
);

-- Escrow holds: one per escrowed leg. The ledger holds the money (a pending transfer into the
-- recipient wallet, ledger_pending_id); this row says why and until when. status moves once,
-- from held, under the row locks of the collection and the hold (release, return, refund and
-- the auto_timeout job all take them in that order), so exactly one of them wins.
CREATE TABLE escrow_holds (
  id                uuid PRIMARY KEY,
  merchant_id       uuid NOT NULL REFERENCES merchants(id),
  transaction_id    uuid NOT NULL REFERENCES transactions(id),
  leg               integer NOT NULL,
  wallet_id         uuid NOT NULL REFERENCES wallets(id),
  recipient_type    text NOT NULL CHECK (recipient_type IN ('merchant', 'platform', 'sub_merchant', 'tax')),
  recipient_id      uuid NOT NULL,
  amount            bigint NOT NULL CHECK (amount >= 0),
  currency          char(3) NOT NULL,
  status            text NOT NULL CHECK (status IN ('held', 'released', 'returned')),
  release_condition text NOT NULL CHECK (release_condition IN ('manual', 'auto_timeout', 'delivery_confirmation')),
  release_at        timestamptz(3) NULL,
  -- Null while a refund in progress has taken the whole hold (amount 0).
  ledger_pending_id numeric(39, 0) NULL,
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  updated_at        timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, leg),
  CHECK ((release_condition = 'auto_timeout') = (release_at IS NOT NULL))
);
CREATE INDEX escrow_holds_merchant_list ON escrow_holds (merchant_id, created_at DESC, id DESC);
CREATE INDEX escrow_holds_due ON escrow_holds (release_at) WHERE status = 'held' AND release_condition = 'auto_timeout';

-- A refund of a split collection: the part it takes from each leg ([{leg, amount, held}]; held:
-- taken out of the leg's escrow hold rather than reserved from the wallet), so its outcome posts
-- or undoes exactly those parts. Null for a refund of a collection settled whole.
ALTER TABLE transactions ADD COLUMN refund_legs jsonb NULL;
