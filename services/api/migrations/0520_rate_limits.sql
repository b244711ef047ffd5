-- The per-key rate limit's counters, shared by every API process (decision 0520). The shape is
-- rate-limiter-flexible's RateLimiterPostgres table (key, points consumed in the window, the
-- window's end in epoch milliseconds); it is created here, by the migrations step, and the
-- limiter is told so (tableCreated: true) so no process runs DDL at start.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
