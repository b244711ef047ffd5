-- Each job runner's heartbeat (decision 0511): a runner refreshes its row every few seconds; any
-- runner frees the job locks of a runner whose row has not been refreshed for longer than the
-- timeout (graphile_worker.force_unlock_workers) and deletes the row. Without it, graphile-worker
-- frees a dead runner's locks only after 4 hours.
CREATE TABLE job_runner_heartbeats (
  worker_id text PRIMARY KEY,
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
