-- Sandbox and live are separate worlds (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md):
-- the mode belongs to the account, merchant or partner, and every key of an account has its
-- account's mode. An account's objects and money are therefore of one mode, and the tenant
-- isolation that keeps one merchant from another keeps sandbox from live too.
--
-- Existing merchants: a merchant whose keys are all live becomes live; every other one (the
-- first-start sandbox merchant, merchants with only sandbox keys, and merchants that had keys of
-- both modes) becomes sandbox, because its money may have come from sandbox helpers and must never
-- be paid out by a live key. Such a merchant's live keys are refused from now on
-- (auth/authenticate.ts); the operator creates a live merchant for live traffic.
ALTER TABLE merchants ADD COLUMN mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'live'));
UPDATE merchants m SET mode = 'live'
  WHERE EXISTS (SELECT 1 FROM api_keys k WHERE k.merchant_id = m.id AND k.mode = 'live')
    AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.merchant_id = m.id AND k.mode = 'sandbox');

-- Partners had no mode: every existing partner was funded, if at all, by sandbox deposits.
ALTER TABLE partners ADD COLUMN mode text NOT NULL DEFAULT 'sandbox' CHECK (mode IN ('sandbox', 'live'));
