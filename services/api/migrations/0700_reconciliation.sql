-- Reconciliation (issue 25; docs/reconciliation.md): operators and their keys, reconciliation
-- runs, the provider records a run loaded, the items it classified, and the operators'
-- resolutions of its exceptions (append-only: a trigger refuses UPDATE and DELETE).

-- Operators: the platform's own staff, apart from merchants and partners. A key is `opk_` + a
-- 16-character key id + a 32-character secret part (accounts/operators.ts); only the key id and a
-- SHA-256 of the whole key are stored, as for partner keys (decision 0290, 0700).
CREATE TABLE operators (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE operator_api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_id uuid NOT NULL REFERENCES operators(id),
  key_id      text NOT NULL UNIQUE CHECK (key_id ~ '^[A-Za-z0-9]{16}$'),
  key_sha256  bytea NOT NULL CHECK (length(key_sha256) = 32),
  revoked_at  timestamptz NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX operator_api_keys_operator ON operator_api_keys (operator_id);

-- One run: a provider's report for [period_start, period_end) matched against our records.
-- previous_run_id: the last completed run of the same provider and period, which `changes`
-- compares this one with (a re-run reports what changed).
CREATE TABLE recon_runs (
  id               uuid PRIMARY KEY,
  provider         text NOT NULL CHECK (provider IN ('sandbox', 'mpesa', 'paystack')),
  period_start     timestamptz(3) NOT NULL,
  period_end       timestamptz(3) NOT NULL,
  source           text NOT NULL CHECK (source IN ('provider_api', 'upload')),
  report_format    text NOT NULL CHECK (report_format IN ('sandbox_csv', 'mpesa_statement_csv', 'paystack_settlement_json')),
  status           text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
  previous_run_id  uuid NULL REFERENCES recon_runs(id),
  operator_id      uuid NULL REFERENCES operators(id),
  provider_records bigint NOT NULL DEFAULT 0 CHECK (provider_records >= 0),
  our_records      bigint NOT NULL DEFAULT 0 CHECK (our_records >= 0),
  counts           jsonb NOT NULL DEFAULT '{}',
  changes          jsonb NULL,
  failure          text NULL CHECK (failure IS NULL OR length(failure) <= 1000),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  completed_at     timestamptz(3) NULL,
  CHECK (period_end > period_start),
  CHECK ((status = 'failed') = (failure IS NOT NULL))
);
CREATE INDEX recon_runs_list ON recon_runs (created_at DESC, id DESC);
CREATE INDEX recon_runs_period ON recon_runs (provider, period_start, period_end, created_at DESC);

-- The provider's records as a run loaded them (parsed, normalized), streamed in by COPY and read
-- back in reference order by the matcher; deleted when the run ends (the items keep what matters).
-- UNLOGGED: a crash loses only a run that was not finished, which is then run again.
CREATE UNLOGGED TABLE recon_report_records (
  run_id       uuid NOT NULL,
  seq          bigint NOT NULL,
  reference    text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('collection', 'refund', 'payout')),
  amount       bigint NOT NULL CHECK (amount >= 0),
  currency     text NOT NULL,
  status       text NOT NULL CHECK (status IN ('success', 'failed', 'pending')),
  occurred_at  timestamptz(3) NOT NULL
);

-- Every record of both sides, classified. item_key names the item across runs of one provider:
-- the reference, and `#n` for the n-th duplicate of it.
CREATE TABLE recon_items (
  run_id               uuid NOT NULL REFERENCES recon_runs(id),
  seq                  bigint NOT NULL,
  item_key             text NOT NULL,
  class                text NOT NULL CHECK (class IN ('matched', 'missing_at_provider', 'missing_here', 'amount_mismatch',
                                                      'currency_mismatch', 'status_mismatch', 'duplicate', 'pending_within_window')),
  reference            text NOT NULL,
  our_kind             text NULL CHECK (our_kind IN ('collection', 'refund', 'payout')),
  our_id               uuid NULL,
  merchant_id          uuid NULL,
  our_amount           bigint NULL,
  our_currency         text NULL,
  our_status           text NULL,
  our_created_at       timestamptz(3) NULL,
  provider_kind        text NULL,
  provider_amount      bigint NULL,
  provider_currency    text NULL,
  provider_status      text NULL,
  provider_occurred_at timestamptz(3) NULL,
  PRIMARY KEY (run_id, seq)
);
-- Exceptions of a run by class (the matched majority is read through the primary key).
CREATE INDEX recon_items_exceptions ON recon_items (run_id, class, seq) WHERE class <> 'matched';
CREATE INDEX recon_items_key ON recon_items (run_id, item_key);

-- An operator's resolution of one exception: accepted as it is, or corrected by a ledger transfer
-- between the reconciliation adjustment account of the currency and a wallet. Never edited or
-- deleted (trigger below); one per (provider, item_key, class), so a resolution carries over to
-- the same exception in later runs of the period.
CREATE TABLE recon_resolutions (
  id                   uuid PRIMARY KEY,
  provider             text NOT NULL,
  item_key             text NOT NULL,
  class                text NOT NULL,
  run_id               uuid NOT NULL REFERENCES recon_runs(id),
  item_seq             bigint NOT NULL,
  action               text NOT NULL CHECK (action IN ('accept', 'correct')),
  reason               text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  operator_id          uuid NOT NULL REFERENCES operators(id),
  -- A correction: which way money moved for the wallet, how much, and the ledger transfer's id.
  direction            text NULL CHECK (direction IN ('credit_wallet', 'debit_wallet')),
  wallet_id            uuid NULL REFERENCES wallets(id),
  amount               bigint NULL CHECK (amount > 0),
  currency             text NULL,
  ledger_transfer_id   numeric(39, 0) NULL,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (provider, item_key, class),
  CHECK ((action = 'correct') = (direction IS NOT NULL AND wallet_id IS NOT NULL AND amount IS NOT NULL
                                 AND currency IS NOT NULL AND ledger_transfer_id IS NOT NULL))
);
CREATE INDEX recon_resolutions_run ON recon_resolutions (run_id, item_seq);

CREATE FUNCTION recon_resolutions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'recon_resolutions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER recon_resolutions_no_update BEFORE UPDATE OR DELETE ON recon_resolutions
  FOR EACH ROW EXECUTE FUNCTION recon_resolutions_append_only();
CREATE TRIGGER recon_resolutions_no_truncate BEFORE TRUNCATE ON recon_resolutions
  FOR EACH STATEMENT EXECUTE FUNCTION recon_resolutions_append_only();

-- The sandbox provider's discrepancies to inject into its own report (connectors/sandbox/
-- settlement-report.ts; docs/reconciliation.md "Injecting discrepancies"): one per provider
-- reference. `extra` rows name a reference the provider has and we do not.
CREATE TABLE sandbox_report_discrepancies (
  provider_reference text PRIMARY KEY,
  discrepancy        text NOT NULL CHECK (discrepancy IN ('drop', 'amount', 'currency', 'flip_status', 'duplicate', 'late', 'extra')),
  amount_delta       bigint NULL,
  currency           text NULL,
  -- `late`: the record appears in reports generated at or after this time only.
  settles_at         timestamptz(3) NULL,
  -- `extra`: the phantom record's amount, currency, kind and time.
  amount             bigint NULL CHECK (amount IS NULL OR amount > 0),
  kind               text NULL CHECK (kind IS NULL OR kind IN ('collection', 'refund', 'payout')),
  occurred_at        timestamptz(3) NULL,
  created_at         timestamptz(3) NOT NULL DEFAULT now()
);

-- The matcher reads our side by time within a provider's rails (rails have no index by time).
CREATE INDEX transactions_recon ON transactions (rail, created_at) INCLUDE (provider_reference);
CREATE INDEX payouts_recon ON payouts (created_at) WHERE provider_reference IS NOT NULL;
