-- The per-key rate limit's counters, shared by every API process (decision 0520). The shape is
-- rate-limiter-flexible's RateLimiterPostgres table (key, points consumed in the window, the
-- window's end in epoch milliseconds); it is created here, by the migrations step, and the
-- limiter is told so (tableCreated: true) so no process runs DDL at start.
-- UNLOGGED: every request writes a row here, and a commit that touched only unlogged tables does
-- not wait for the WAL to be flushed (with a logged table the limiter cut signed GETs per second
-- to a quarter, decision 0520). What it costs: after a crash the table is empty, so every key
-- starts a fresh window, and a streaming replica has no copy (a failover does the same).
CREATE UNLOGGED TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
