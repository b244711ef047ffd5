-- The provider outcome inbox (issue 23, decision 0610): every asynchronous answer of a provider
-- (a collection's or a refund's final outcome, a payout attempt's outcome, a KYC decision) is
-- recorded here once, whoever learnt it (a provider's verified callback, the sandbox playing a
-- provider), and applied by a job of the capability that owns it (provider-outcomes/ingress.ts).
-- A second delivery of the same (provider, kind, provider_reference) inserts nothing.
CREATE TABLE provider_outcomes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL CHECK (provider <> ''),
  kind text NOT NULL CHECK (kind IN ('collection', 'refund', 'payout', 'kyc_decision')),
  -- The provider's reference of this answer (for a KYC decision: the case's reference and the
  -- decision, so a later decision on the same case is a new answer).
  provider_reference text NOT NULL CHECK (provider_reference <> ''),
  -- The outcome as the provider reported it, mapped to our vocabulary (ProviderOutcome.outcome).
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz NULL,
  -- Failed applications so far and the last one's error (the start of its message).
  apply_failures integer NOT NULL DEFAULT 0 CHECK (apply_failures >= 0),
  last_error text NULL,
  -- Set when its apply job used its last attempt (the job stays failed in the queue: a dead
  -- letter); cleared when the outcome is delivered again, which queues it once more.
  given_up_at timestamptz NULL,
  UNIQUE (provider, kind, provider_reference)
);

-- What is still to apply or was given up, oldest first (operations, the gauges).
CREATE INDEX provider_outcomes_unapplied ON provider_outcomes (received_at) WHERE applied_at IS NULL;

-- The sandbox collection rails play a provider that sends each outcome when it falls due. Their
-- scheduler: every statement that schedules an outcome (an initiation, a payer's answer, a
-- resend) queues the delivery job of the 100 ms window the outcome falls due in, in the same
-- statement (one job per window: the initiations of a burst share it). The job hands the due
-- outcomes to the ingress (connectors/sandbox/collection-rails/deliver-due-outcomes-job.ts).
-- Without the job queue's schema (a test of the rails alone) nothing is queued.
CREATE FUNCTION sandbox_rail_outcomes_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  window_ms constant bigint := 100;
  due_window bigint;
BEGIN
  IF to_regprocedure('graphile_worker.add_job(text, json, text, timestamp with time zone, integer, text, integer, text[], text)') IS NULL THEN
    RETURN NULL;
  END IF;
  FOR due_window IN
    SELECT DISTINCT floor(extract(epoch FROM greatest(n.due_at, clock_timestamp())) * 1000 / window_ms)::bigint
    FROM scheduled n WHERE n.delivered_at IS NULL AND n.abandoned_at IS NULL
  LOOP
    PERFORM graphile_worker.add_job(
      identifier => 'collection_rails.sandbox_deliver_due_outcomes',
      payload => '{}'::json,
      run_at => to_timestamp(((due_window + 1) * window_ms)::double precision / 1000),
      max_attempts => 25,
      job_key => 'collection_rails.sandbox_deliver_due_outcomes:' || due_window,
      job_key_mode => 'preserve_run_at');
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sandbox_rail_outcomes_scheduled_insert AFTER INSERT ON sandbox_rail_outcomes
  REFERENCING NEW TABLE AS scheduled FOR EACH STATEMENT EXECUTE FUNCTION sandbox_rail_outcomes_schedule();
CREATE TRIGGER sandbox_rail_outcomes_scheduled_update AFTER UPDATE ON sandbox_rail_outcomes
  REFERENCING NEW TABLE AS scheduled FOR EACH STATEMENT EXECUTE FUNCTION sandbox_rail_outcomes_schedule();
