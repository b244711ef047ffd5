// The PostgreSQL engine's schema. It lives in its own PostgreSQL schema, `ledger`, so the service
// can share one database. `migrate()` runs this; every statement is idempotent, and a
// transaction-scoped advisory lock makes two processes migrating at once take turns.

/** Advisory lock keys (arbitrary, fixed): one for migrations, one for the timestamp clock. */
export const migrateLockKey = 7_428_001;
export const clockLockKey = 7_428_002;

export const schemaSql = /* sql */ `
CREATE SCHEMA IF NOT EXISTS ledger;

-- u128 values are NUMERIC(39,0) (2^128 - 1 has 39 digits); u64 NUMERIC(20,0); u32 BIGINT.
CREATE TABLE IF NOT EXISTS ledger.accounts (
  id              NUMERIC(39,0) PRIMARY KEY,
  debits_pending  NUMERIC(39,0) NOT NULL,
  debits_posted   NUMERIC(39,0) NOT NULL,
  credits_pending NUMERIC(39,0) NOT NULL,
  credits_posted  NUMERIC(39,0) NOT NULL,
  user_data_128   NUMERIC(39,0) NOT NULL,
  user_data_64    NUMERIC(20,0) NOT NULL,
  user_data_32    BIGINT        NOT NULL,
  ledger          BIGINT        NOT NULL,
  code            INTEGER       NOT NULL,
  flags           INTEGER       NOT NULL,
  timestamp       BIGINT        NOT NULL UNIQUE,
  CHECK (debits_pending >= 0 AND debits_posted >= 0 AND credits_pending >= 0 AND credits_posted >= 0)
);
CREATE INDEX IF NOT EXISTS accounts_ledger_code_timestamp ON ledger.accounts (ledger, code, timestamp);
-- Balances change in place on every transfer: room in each page lets PostgreSQL update the row
-- without touching its indexes (HOT updates), as no indexed column ever changes.
ALTER TABLE ledger.accounts SET (fillfactor = 50);

-- pending_status: 0 not pending, 1 pending, 2 posted, 3 voided, 4 expired.
-- expires_at (ns) is set for pending transfers with a timeout.
CREATE TABLE IF NOT EXISTS ledger.transfers (
  id                NUMERIC(39,0) PRIMARY KEY,
  debit_account_id  NUMERIC(39,0) NOT NULL,
  credit_account_id NUMERIC(39,0) NOT NULL,
  amount            NUMERIC(39,0) NOT NULL,
  pending_id        NUMERIC(39,0) NOT NULL,
  user_data_128     NUMERIC(39,0) NOT NULL,
  user_data_64      NUMERIC(20,0) NOT NULL,
  user_data_32      BIGINT        NOT NULL,
  timeout           BIGINT        NOT NULL,
  ledger            BIGINT        NOT NULL,
  code              INTEGER       NOT NULL,
  flags             INTEGER       NOT NULL,
  timestamp         BIGINT        NOT NULL,
  pending_status    SMALLINT      NOT NULL,
  expires_at        BIGINT
);
CREATE INDEX IF NOT EXISTS transfers_debit_timestamp ON ledger.transfers (debit_account_id, timestamp);
CREATE INDEX IF NOT EXISTS transfers_credit_timestamp ON ledger.transfers (credit_account_id, timestamp);
CREATE INDEX IF NOT EXISTS transfers_pending_expiry ON ledger.transfers (expires_at) WHERE pending_status = 1;

-- Ids of transfers that failed with a transient result: a retry answers id_already_failed.
CREATE TABLE IF NOT EXISTS ledger.transfer_failed_ids (
  id NUMERIC(39,0) PRIMARY KEY
);

-- Balances after each change, for accounts with flags.history (8).
CREATE TABLE IF NOT EXISTS ledger.account_balances (
  account_id      NUMERIC(39,0) NOT NULL,
  timestamp       BIGINT        NOT NULL,
  debits_pending  NUMERIC(39,0) NOT NULL,
  debits_posted   NUMERIC(39,0) NOT NULL,
  credits_pending NUMERIC(39,0) NOT NULL,
  credits_posted  NUMERIC(39,0) NOT NULL,
  PRIMARY KEY (account_id, timestamp)
);

-- The ledger clock: last nanosecond timestamp handed out. A sequence, because setval is not
-- transactional: a batch that reserves timestamps and then rolls back never blocks another.
CREATE SEQUENCE IF NOT EXISTS ledger.clock AS BIGINT MINVALUE 0 START 0;

-- Reserves n consecutive timestamps, each greater than any handed out before and not earlier
-- than the wall clock, and returns the first. A session advisory lock (released before return,
-- not held to commit) makes concurrent callers take turns for microseconds only.
CREATE OR REPLACE FUNCTION ledger.reserve_timestamps(n BIGINT) RETURNS BIGINT
LANGUAGE plpgsql AS $$
DECLARE
  last_ns  BIGINT;
  wall_ns  BIGINT;
  first_ns BIGINT;
BEGIN
  PERFORM pg_advisory_lock(${clockLockKey});
  BEGIN
    SELECT last_value INTO last_ns FROM ledger.clock;
    wall_ns := (extract(epoch FROM clock_timestamp()) * 1000000000)::BIGINT;
    first_ns := greatest(last_ns + 1, wall_ns);
    PERFORM setval('ledger.clock', first_ns + greatest(n, 1) - 1);
  EXCEPTION WHEN OTHERS THEN
    PERFORM pg_advisory_unlock(${clockLockKey});
    RAISE;
  END;
  PERFORM pg_advisory_unlock(${clockLockKey});
  RETURN first_ns;
END;
$$;

-- Expires pending transfers whose timeout has passed, as TigerBeetle's pulse does: the pending
-- amounts are released and the transfer can no longer be posted or voided. Like TigerBeetle's
-- get_account_balances, the balance history gets no entry for an expiry (checked by the contract). Locks the touched
-- accounts in id order first, like every batch, so it cannot deadlock with one.
CREATE OR REPLACE FUNCTION ledger.expire_pending(expiryBatchMax INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  now_ns     BIGINT;
  due_ids    NUMERIC[];
  expired    INTEGER := 0;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM ledger.transfers
    WHERE pending_status = 1 AND expires_at <= (extract(epoch FROM clock_timestamp()) * 1000000000)::BIGINT
  ) THEN
    RETURN 0;
  END IF;
  now_ns := ledger.reserve_timestamps(1);
  SELECT coalesce(array_agg(id), '{}') INTO due_ids FROM (
    SELECT id FROM ledger.transfers
    WHERE pending_status = 1 AND expires_at <= now_ns
    ORDER BY expires_at, timestamp LIMIT expiryBatchMax
  ) due;
  IF cardinality(due_ids) = 0 THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM ledger.accounts WHERE id = ANY (ARRAY(
    SELECT debit_account_id FROM ledger.transfers WHERE id = ANY (due_ids)
    UNION SELECT credit_account_id FROM ledger.transfers WHERE id = ANY (due_ids)
  )) ORDER BY id FOR UPDATE;
  -- Statuses change only under these account locks, so the re-check below is exact.
  WITH expired_rows AS (
    UPDATE ledger.transfers SET pending_status = 4
    WHERE id = ANY (due_ids) AND pending_status = 1
    RETURNING debit_account_id, credit_account_id, amount
  ), deltas AS (
    SELECT id, sum(dp) AS dp, sum(cp) AS cp FROM (
      SELECT debit_account_id AS id, amount AS dp, 0::NUMERIC AS cp FROM expired_rows
      UNION ALL SELECT credit_account_id, 0, amount FROM expired_rows
    ) d GROUP BY id
  ), released AS (
    UPDATE ledger.accounts a
    SET debits_pending = a.debits_pending - deltas.dp, credits_pending = a.credits_pending - deltas.cp
    FROM deltas WHERE a.id = deltas.id
  )
  SELECT count(*) INTO expired FROM expired_rows;
  RETURN expired;
END;
$$;
`;
