-- Metrics read the open (not yet final) payouts and transactions at every scrape
-- (src/metrics/database-gauges.ts, decision 0560): how many, by status or type, and how old the
-- oldest is. Both tables only grow; these partial indexes hold only the open rows, so the count
-- reads a few index pages however many final rows there are, instead of scanning the table
-- (payouts_merchant_status_list leads with merchant_id; transactions had no index on status).
-- A row leaves its index entry behind when it becomes final (vacuum removes it).
CREATE INDEX payouts_open ON payouts (status, created_at) WHERE status IN ('queued', 'processing');
CREATE INDEX transactions_pending ON transactions (type, created_at) WHERE status = 'pending';
