-- Partner wallet API (issue 18), third part: cross-currency transfers between a partner's wallets
-- at a rate the partner locked first (POST /api/v1/partner/fx/rate-locks), converted through the
-- FX positions by the FX module (domain/fx-conversions.ts; its fx_conversions rows record each).

-- A partner's rate lock: the merchant locks' shape (fx_rate_locks), held apart because a lock is
-- its owner's and partners are not merchants. Used by at most one transfer, under its row lock.
CREATE TABLE partner_fx_rate_locks (
  id              uuid PRIMARY KEY,
  partner_id      uuid NOT NULL REFERENCES partners(id),
  base_currency   text NOT NULL CHECK (base_currency ~ '^[A-Z]{3}$'),
  quote_currency  text NOT NULL CHECK (quote_currency ~ '^[A-Z]{3}$' AND quote_currency <> base_currency),
  mid_rate        numeric NOT NULL CHECK (mid_rate > 0),
  margin_bps      integer NOT NULL CHECK (margin_bps BETWEEN 0 AND 10000),
  locked_rate     numeric NOT NULL CHECK (locked_rate > 0),
  source          text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 64),
  effective_at    timestamptz(3) NOT NULL,
  expires_at      timestamptz(3) NOT NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  used_at         timestamptz(3) NULL,
  used_by_transfer_id uuid NULL UNIQUE,
  CHECK ((used_at IS NULL) = (used_by_transfer_id IS NULL))
);
CREATE INDEX partner_fx_rate_locks_partner ON partner_fx_rate_locks (partner_id, created_at DESC);

-- A cross-currency transfer: what the receiving wallet got (in its currency), the lock it used and
-- its conversion (fx_conversions.id; no foreign key: that table's migration comes later in order).
ALTER TABLE partner_movements ADD COLUMN to_amount bigint NULL CHECK (to_amount >= 1);
ALTER TABLE partner_movements ADD COLUMN fx_rate_lock_id uuid NULL UNIQUE REFERENCES partner_fx_rate_locks(id);
ALTER TABLE partner_movements ADD COLUMN fx_conversion_id uuid NULL UNIQUE;
ALTER TABLE partner_movements ADD CONSTRAINT partner_movements_fx_parts
  CHECK ((fx_conversion_id IS NULL) = (to_amount IS NULL) AND (fx_conversion_id IS NULL) = (fx_rate_lock_id IS NULL));
