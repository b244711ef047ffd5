-- Cross-currency payouts (issue 16, FX part; docs/fx.md): a payout in another currency than its
-- wallet's names the rate lock it used, and records what the wallet paid (source_amount, in the
-- wallet's currency) at which rate. For a payout in the wallet's currency fx_rate_lock_id and
-- fx_rate are NULL and source_amount is NULL (the API answers `amount`).
ALTER TABLE payouts ADD COLUMN fx_rate_lock_id uuid NULL UNIQUE REFERENCES fx_rate_locks(id);
ALTER TABLE payouts ADD COLUMN source_amount bigint NULL CHECK (source_amount > 0);
ALTER TABLE payouts ADD COLUMN fx_rate numeric NULL CHECK (fx_rate > 0);
ALTER TABLE payouts ADD CONSTRAINT payouts_fx_all_or_none
  CHECK ((fx_rate_lock_id IS NULL) = (source_amount IS NULL) AND (fx_rate_lock_id IS NULL) = (fx_rate IS NULL));
