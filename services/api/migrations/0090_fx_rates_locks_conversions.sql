-- FX (issue 16, FX part; docs/fx.md): each merchant's margin, rate locks, and the record of every
-- conversion through the FX position accounts. Rates are exact decimals (numeric, never float).

-- The merchant's FX margin in basis points, set by the operator (`./payagg merchants fx-margin`);
-- NULL: the service's default (FX_MARGIN_BPS_DEFAULT, 150).
ALTER TABLE merchants ADD COLUMN fx_margin_bps integer NULL CHECK (fx_margin_bps BETWEEN 0 AND 2000);

-- A rate held for one future conversion (seed: RateLock). `used` is used_at IS NOT NULL; the lock
-- is used by at most one payout (or transfer): the row lock serialises racing uses and the first
-- to commit wins (domain/fx-conversions.ts useRateLock).
CREATE TABLE fx_rate_locks (
  id              uuid PRIMARY KEY,
  merchant_id     uuid NOT NULL REFERENCES merchants(id),
  base_currency   text NOT NULL CHECK (base_currency ~ '^[A-Z]{3}$'),
  quote_currency  text NOT NULL CHECK (quote_currency ~ '^[A-Z]{3}$' AND quote_currency <> base_currency),
  -- The source's mid rate, the margin applied to it, and the resulting locked rate (what converts).
  mid_rate        numeric NOT NULL CHECK (mid_rate > 0),
  margin_bps      integer NOT NULL CHECK (margin_bps BETWEEN 0 AND 10000),
  locked_rate     numeric NOT NULL CHECK (locked_rate > 0),
  source          text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 64),
  effective_at    timestamptz(3) NOT NULL,
  expires_at      timestamptz(3) NOT NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  used_at         timestamptz(3) NULL,
  used_by_type    text NULL CHECK (used_by_type IN ('payout', 'transfer')),
  used_by_id      uuid NULL,
  CHECK ((used_at IS NULL) = (used_by_id IS NULL) AND (used_by_id IS NULL) = (used_by_type IS NULL))
);
CREATE INDEX fx_rate_locks_merchant ON fx_rate_locks (merchant_id, created_at DESC);
-- One lock per user: a payout (or transfer) never consumes two.
CREATE UNIQUE INDEX fx_rate_locks_used_by ON fx_rate_locks (used_by_type, used_by_id) WHERE used_by_id IS NOT NULL;

-- One conversion through the FX positions: from_amount left the source account into the FX
-- position of from_currency; to_amount left the FX position of to_currency into the target
-- account (ledger transfers idFromUuid(id, 0) and (id, 1), user_data_128 = id). fixed_side says
-- which amount the caller fixed; the other was rounded once (docs/fx.md, Rounding).
CREATE TABLE fx_conversions (
  id              uuid PRIMARY KEY,
  merchant_id     uuid NULL REFERENCES merchants(id),
  rate_lock_id    uuid NULL UNIQUE REFERENCES fx_rate_locks(id),
  purpose         text NOT NULL CHECK (purpose IN ('payout', 'transfer')),
  purpose_id      uuid NOT NULL,
  from_currency   text NOT NULL CHECK (from_currency ~ '^[A-Z]{3}$'),
  from_amount     bigint NOT NULL CHECK (from_amount > 0),
  to_currency     text NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$' AND to_currency <> from_currency),
  to_amount       bigint NOT NULL CHECK (to_amount > 0),
  rate            numeric NOT NULL CHECK (rate > 0),
  fixed_side      text NOT NULL CHECK (fixed_side IN ('from', 'to')),
  -- held: both legs are pending holds (a payout's reservation); posted; voided (money back).
  status          text NOT NULL CHECK (status IN ('held', 'posted', 'voided')),
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (purpose, purpose_id)
);
