-- The sandbox collection rails' scheduler (migration 0610) queues the delivery job of the 100 ms
-- window an outcome falls due in. It called graphile_worker.add_job for every statement that
-- schedules outcomes, and with a job key that call updates the window's one job row: under load
-- every initiation statement of the same window waited on that row's lock until the previous
-- statement had committed (its WAL flush), and each added a row version. Decision 0633 measured it
-- (pg_stat_statements, 300 collections/s): 0.28 add_job calls and about 0.9 ms of PostgreSQL time
-- per collection, most of main's 550 us more PostgreSQL CPU per collection than before the inbox.
--
-- Now a window whose job is already queued, not taken, and not due for at least another second is
-- left alone: that job delivers every outcome due by its run_at, this one included, and the
-- second is far longer than the statement takes to commit. An outcome due now or soon (a
-- zero-delay scenario, a payer's answer, a resend) still calls add_job as before. Should a commit
-- ever take longer than that second and miss its window's job, the recurring sweep delivers it
-- (collection_rails.sandbox_sweep_outcomes, every minute), as for any outcome a job missed.
CREATE OR REPLACE FUNCTION sandbox_rail_outcomes_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  window_ms constant bigint := 100;
  due_window bigint;
  window_key text;
BEGIN
  IF to_regprocedure('graphile_worker.add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text)') IS NULL THEN
    RETURN NULL;
  END IF;
  FOR due_window IN
    SELECT DISTINCT floor(extract(epoch FROM greatest(n.due_at, clock_timestamp())) * 1000 / window_ms)::bigint
    FROM scheduled n WHERE n.delivered_at IS NULL AND n.abandoned_at IS NULL
  LOOP
    window_key := 'collection_rails.sandbox_deliver_due_outcomes:' || due_window;
    -- graphile_worker.jobs is the library's public view of its queue; key is unique there.
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM graphile_worker.jobs j
      WHERE j.key = window_key AND j.locked_at IS NULL AND j.run_at > clock_timestamp() + interval '1 second');
    PERFORM graphile_worker.add_job(
      identifier => 'collection_rails.sandbox_deliver_due_outcomes',
      payload => '{}'::json,
      run_at => to_timestamp(((due_window + 1) * window_ms)::double precision / 1000),
      max_attempts => 25,
      job_key => window_key,
      job_key_mode => 'preserve_run_at');
  END LOOP;
  RETURN NULL;
END;
$$;
