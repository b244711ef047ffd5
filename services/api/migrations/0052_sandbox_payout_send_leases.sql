-- The sandbox payout rails' batch callback claims due sends with a short lease instead of holding
-- their row locks while the outcomes are applied: a transaction held open across the handler took
-- a worker-pool connection per delivery job, and with as many delivery jobs running as the pool
-- has connections their handlers could wait for a connection forever.
ALTER TABLE sandbox_payout_sends ADD COLUMN lease_until timestamptz(3) NULL;
