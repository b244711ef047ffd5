-- Disputes issue (issue 15): a payer's chargeback of (part of) a successful collection
-- (docs/disputes.md; decisions 0280-0283). The money lives in the ledger: while a dispute is open
-- its amount is a pending transfer merchant wallet -> rail clearing (TransferCode.dispute_hold);
-- won voids it, lost posts it. This table holds what the ledger cannot: the dispute's status, its
-- reason, its times, and the rules over a collection's disputes.
CREATE TABLE disputes (
  id              uuid PRIMARY KEY,
  merchant_id     uuid NOT NULL REFERENCES merchants(id),
  transaction_id  uuid NOT NULL REFERENCES transactions(id),
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  reason          text NULL CHECK (char_length(reason) <= 200),
  -- Millisecond precision, as every listed table: list cursors carry milliseconds.
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  resolved_at     timestamptz(3) NULL,
  CONSTRAINT disputes_resolved_iff_closed CHECK ((status = 'open') = (resolved_at IS NULL))
);
-- One open dispute per collection at a time (decision 0282): the database refuses a second even
-- if a check were ever skipped; the open path checks first under the collection's row lock.
CREATE UNIQUE INDEX disputes_one_open_per_transaction ON disputes (transaction_id) WHERE status = 'open';
-- GET /disputes newest first, and its status filter, from the index alone.
CREATE INDEX disputes_merchant_list ON disputes (merchant_id, created_at DESC, id DESC);
CREATE INDEX disputes_merchant_status_list ON disputes (merchant_id, status, created_at DESC, id DESC);
-- GET /disputes?transaction_id=..., and the disputed totals of one collection (open, refund).
CREATE INDEX disputes_transaction ON disputes (transaction_id, created_at DESC, id DESC);
