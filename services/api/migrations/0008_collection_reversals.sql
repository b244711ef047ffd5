-- Payments a rail holds that the service cannot record, and how they end (issue 12; decision
-- 0022). The completer (src/domain/collection-completer.ts) finishes POST /collections and
-- checkout pay runs whose request died after the rail accepted the collection. When recording
-- such a collection fails on `completer_failed_passes_max` passes, it reverses the payment at the
-- rail (the connector's reverseCollection) and records it here for reconciliation, instead of
-- retrying forever while the payer's money sits at the rail with no transaction.
--
-- No foreign key to merchants: the sandbox part of this file is applied beside 0002 alone by the
-- rails tests (src/rails/index.ts SANDBOX_RAILS_MIGRATION_URLS), and the service part records
-- what a rail holds, which by definition has no transaction row to point at.

-- How many completer passes failed to record a run the rail holds, per run (its pre-allocated
-- transaction id). Deleted when the run ends (recorded, released or reversed).
CREATE TABLE completer_failed_passes (
  transaction_id uuid PRIMARY KEY,
  merchant_id uuid NOT NULL,
  failed_passes integer NOT NULL CHECK (failed_passes > 0),
  last_error text NOT NULL,
  first_failed_at timestamptz NOT NULL DEFAULT now(),
  last_failed_at timestamptz NOT NULL DEFAULT now()
);

-- What the service did about a payment held by a rail that it could not record: one row per
-- such payment (the transaction id it was initiated under), for finance to reconcile with the
-- provider's statement. `action` says what was done, `reason` why, `created_at` when.
CREATE TABLE rail_reconciliation (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL UNIQUE,
  merchant_id uuid NOT NULL,
  -- Set when the payment was a checkout session's pay.
  checkout_session_id uuid NULL,
  action text NOT NULL CHECK (action IN ('reversed_at_rail')),
  reason text NOT NULL,
  rail text NOT NULL CHECK (rail IN ('mobile_money', 'card', 'bank', 'ussd', 'qr')),
  -- The collection's reference at the rail, and the rail's reference for the reversal.
  provider_reference text NOT NULL,
  reversal_reference text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  failed_passes integer NOT NULL CHECK (failed_passes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rail_reconciliation_merchant ON rail_reconciliation (merchant_id, created_at);

-- The sandbox provider's record of the reversals it made (src/rails/sandbox/connector.ts
-- reverseCollection): at most one per collection, with its own provider reference. A reversed
-- collection's outcome, if not yet delivered, is never delivered (the payment was voided), and
-- the collection can no longer be refunded.
CREATE TABLE sandbox_rail_reversals (
  rail text NOT NULL CHECK (rail IN ('mobile_money', 'card', 'bank', 'ussd', 'qr')),
  transaction_id uuid NOT NULL,
  collection_provider_reference text NOT NULL UNIQUE REFERENCES sandbox_rail_initiations (provider_reference),
  provider_reference text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rail, transaction_id)
);
