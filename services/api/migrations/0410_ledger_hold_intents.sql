-- Ledger holds a request is about to place (src/domain/hold-intents.ts, decision 0410). The
-- ledger and the database cannot commit together, and the flows that reserve (payouts, bulk
-- payouts, partner withdrawals) hold money in the ledger BEFORE their rows commit. So each writes
-- its intent here first, in a committed statement of its own: the ids of the holds it will place,
-- under the id of what it creates (the idempotency record's resource id) and the record's key.
-- The commit that creates the rows deletes the intent ('open' only: one row, or the whole commit
-- rolls back). A failure path, or the sweeper for an intent left open past its age, marks it
-- 'abandoned' (after which no commit can succeed under it) and voids whichever of its holds exist.
CREATE TABLE ledger_hold_intents (
  owner_id           uuid PRIMARY KEY,
  -- What reserves: 'payout', 'payout_batch', 'partner_withdrawal', 'refund', 'dispute' (for logs and docs).
  kind               text NOT NULL,
  -- The pending transfers' ids (u128 as decimal text), all placed in one linked chain or none.
  hold_ids           numeric(39,0)[] NOT NULL CHECK (cardinality(hold_ids) > 0),
  -- The idempotency record the request runs under (idempotency_keys' key): an abandoned intent
  -- forgets it, so a retry with the same key starts afresh under a new id. Null for a request
  -- without one (a sandbox dispute, whose id is new on every request).
  idempotency_scope  uuid NULL,
  idempotency_key    text NULL,
  state              text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'abandoned')),
  -- When the request last wrote its intent (a resumed run writes it again).
  touched_at         timestamptz NOT NULL DEFAULT now(),
  abandoned_at       timestamptz NULL,
  -- When the holds of an abandoned intent were last looked up and voided (null: not yet). The
  -- sweeper checks the never-checked first, so fresh orphans never wait behind old tombstones.
  checked_at         timestamptz NULL,
  CHECK ((state = 'abandoned') = (abandoned_at IS NOT NULL)),
  CHECK ((idempotency_scope IS NULL) = (idempotency_key IS NULL))
);
CREATE INDEX ledger_hold_intents_open ON ledger_hold_intents (touched_at) WHERE state = 'open';
CREATE INDEX ledger_hold_intents_abandoned ON ledger_hold_intents (checked_at NULLS FIRST) WHERE state = 'abandoned';
