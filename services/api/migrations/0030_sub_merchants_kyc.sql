-- Sub-merchants issue: their KYC cases, their status history, the sandbox KYC provider's own
-- state, and the indexes their lists need (docs/sub-merchants.md).

-- Every sub-merchant has a tier (seed: SubMerchant.kyc_tier, KycTier); tier_1 when none is given.
-- Rows written before this issue (collections tests attributed money to bare rows) get tier_1.
ALTER TABLE sub_merchants ALTER COLUMN kyc_tier SET DEFAULT 'tier_1';
UPDATE sub_merchants SET kyc_tier = 'tier_1' WHERE kyc_tier IS NULL;
ALTER TABLE sub_merchants ALTER COLUMN kyc_tier SET NOT NULL;
ALTER TABLE sub_merchants ADD CONSTRAINT sub_merchants_display_name_length
  CHECK (char_length(display_name) BETWEEN 1 AND 200);
ALTER TABLE sub_merchants ADD COLUMN updated_at timestamptz(3) NOT NULL DEFAULT now();
-- GET /sub-merchants?kyc_status=...: the merchant's rows of one status, newest first, from the
-- index alone (the unfiltered list uses sub_merchants_merchant_list).
CREATE INDEX sub_merchants_merchant_kyc_list ON sub_merchants (merchant_id, kyc_status, created_at DESC, id DESC);
-- GET /sub-merchants/{id} and every check by id are scoped by merchant; the primary key serves them.

-- The KYC case a sub-merchant's creation starts (seed: "a KYC case is triggered per the assigned
-- tier"; its fields are not shown, so they are ours: docs/decisions/0201). One case per
-- sub-merchant in v1 (no tier upgrade operation yet). status mirrors sub_merchants.kyc_status:
-- both change in the same database transaction (kyc-cases.ts), with the kyc.* event.
CREATE TABLE kyc_cases (
  id                       uuid PRIMARY KEY,
  sub_merchant_id          uuid NOT NULL UNIQUE REFERENCES sub_merchants(id),
  merchant_id              uuid NOT NULL REFERENCES merchants(id),
  tier                     text NOT NULL CHECK (tier IN ('tier_1', 'tier_2')),
  status                   text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected', 'needs_review')),
  -- The KYC provider handling the case (src/kyc/registry.ts) and its own reference, set once the
  -- provider accepted the submission (the kyc.submit_case job).
  provider                 text NOT NULL CHECK (char_length(provider) BETWEEN 1 AND 64),
  provider_reference       text NULL CHECK (char_length(provider_reference) BETWEEN 1 AND 128),
  requirements             text[] NOT NULL,
  requirements_outstanding text[] NOT NULL,
  reason                   text NULL CHECK (char_length(reason) <= 1000),
  submitted_at             timestamptz(3) NULL,
  decided_at               timestamptz(3) NULL,
  decided_by               text NULL CHECK (decided_by IN ('provider', 'operator')),
  created_at               timestamptz(3) NOT NULL DEFAULT now(),
  updated_at               timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((decided_at IS NULL) = (decided_by IS NULL)),
  CHECK ((provider_reference IS NULL) = (submitted_at IS NULL)),
  CHECK (requirements_outstanding <@ requirements)
);
-- The operators' queue (`payagg kyc list --status needs_review`), oldest first.
CREATE INDEX kyc_cases_needs_review ON kyc_cases (updated_at, id) WHERE status = 'needs_review';

-- Every decision a case received, in order: the provider's (verified, rejected, needs_review) and
-- an operator's settlement of a needs_review. The case row holds the latest; this is the trail.
CREATE TABLE kyc_case_decisions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kyc_case_id  uuid NOT NULL REFERENCES kyc_cases(id),
  status       text NOT NULL CHECK (status IN ('verified', 'rejected', 'needs_review')),
  reason       text NULL CHECK (char_length(reason) <= 1000),
  decided_by   text NOT NULL CHECK (decided_by IN ('provider', 'operator')),
  -- Who exactly: the provider's reference, or the operator's name as given to the CLI.
  actor        text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 200),
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX kyc_case_decisions_case ON kyc_case_decisions (kyc_case_id, id);

-- Suspensions and reactivations (the API's suspend/reactivate and the operator CLI), in order.
CREATE TABLE sub_merchant_status_changes (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sub_merchant_id  uuid NOT NULL REFERENCES sub_merchants(id),
  from_status      text NOT NULL CHECK (from_status IN ('active', 'suspended')),
  to_status        text NOT NULL CHECK (to_status IN ('active', 'suspended')),
  reason           text NULL CHECK (char_length(reason) <= 500),
  -- `api_key:<key id>` for the API, `operator:<name>` for the CLI.
  actor            text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 200),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (from_status <> to_status)
);
CREATE INDEX sub_merchant_status_changes_sub_merchant ON sub_merchant_status_changes (sub_merchant_id, id);

-- The sandbox KYC provider (src/kyc/sandbox/): what a real provider keeps on its side. One row
-- per accepted submission, keyed by our case id (the idempotency key towards the provider: a
-- resubmission finds this row and gets the same answer). The decision is fixed at submission by
-- the magic values and delivered once decide_at has passed, by the kyc.sandbox_deliver_decision
-- job enqueued in the same transaction (the provider's "webhook"). It keeps no contact data: only
-- a SHA-256 of the request, to tell a replay from a reuse of the id with another request.
CREATE TABLE sandbox_kyc_submissions (
  case_id                  uuid PRIMARY KEY,
  provider_reference       text NOT NULL UNIQUE,
  request_sha256           text NOT NULL CHECK (request_sha256 ~ '^[0-9a-f]{64}$'),
  scenario                 text NOT NULL,
  decision                 text NOT NULL CHECK (decision IN ('verified', 'rejected', 'needs_review')),
  reason                   text NULL,
  requirements_outstanding text[] NOT NULL,
  decide_at                timestamptz NOT NULL,
  delivered_at             timestamptz NULL,
  created_at               timestamptz NOT NULL DEFAULT now()
);
