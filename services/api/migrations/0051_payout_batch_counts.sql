-- A batch's status follows from two counts kept on its row (domain/payout-processing.ts): members
-- not yet final, and members failed. Each member that becomes final updates them in its own
-- transaction's last statement, so settling a member is O(1) and holds the batch row only for its
-- commit (it used to lock the batch row for the whole settlement and count every member: the
-- members of one batch settled one at a time, and each paid for all the others).
ALTER TABLE payout_batches ADD COLUMN open_members integer NOT NULL DEFAULT 0 CHECK (open_members >= 0);
ALTER TABLE payout_batches ADD COLUMN failed_members integer NOT NULL DEFAULT 0 CHECK (failed_members >= 0);
UPDATE payout_batches b SET
  open_members = (SELECT count(*) FROM payouts p WHERE p.batch_id = b.id AND p.status IN ('queued', 'processing')),
  failed_members = (SELECT count(*) FROM payouts p WHERE p.batch_id = b.id AND p.status = 'failed');
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_status_follows_counts
  CHECK ((status = 'processing') = (open_members > 0));

-- The sandbox payout rails deliver the outcomes that fell due together in one callback job
-- (payout-rails/sandbox/connector.ts deliverDueOutcomes): each rail takes its own sends, due ones
-- first, from this index. Rows sent before this migration carry no type and are delivered by
-- their own per-send job, as before.
ALTER TABLE sandbox_payout_sends ADD COLUMN destination_type text NULL CHECK (destination_type IN ('mobile_money', 'bank', 'card'));
CREATE INDEX sandbox_payout_sends_due ON sandbox_payout_sends (destination_type, deliver_at) WHERE delivered_at IS NULL;

-- A bulk payout inserts up to 1000 payouts in one statement; four foreign-key checks per row (a
-- trigger each) were a third of that statement's time. The values come from rows the same
-- transaction has just read or written (the merchant, its wallet, its destinations, the new
-- batch), and payouts are never deleted, so the checks are dropped (decision 0246).
ALTER TABLE payouts DROP CONSTRAINT payouts_merchant_id_fkey;
ALTER TABLE payouts DROP CONSTRAINT payouts_wallet_id_fkey;
ALTER TABLE payouts DROP CONSTRAINT payouts_batch_id_fkey;
ALTER TABLE payouts DROP CONSTRAINT payouts_destination_id_fkey;
