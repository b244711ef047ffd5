-- One-statement commits (src/db/single-statement-commit.ts): several writes joined as
-- data-modifying CTEs of one statement, which PostgreSQL commits atomically on its own (one round
-- trip instead of BEGIN, each write, COMMIT). A write that must touch exactly one row (the stored
-- idempotent response, a checkout session's completion) is checked in the same statement: this
-- raises, which aborts the whole statement, so nothing of it is written.
CREATE FUNCTION payagg_expect_one_row(written bigint, what text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF written IS DISTINCT FROM 1 THEN
    RAISE EXCEPTION 'one-statement commit: % wrote % rows, expected 1', what, written
      USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
