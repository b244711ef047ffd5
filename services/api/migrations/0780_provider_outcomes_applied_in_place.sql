-- Marking an inbox row applied (provider-outcomes/apply.ts) rewrote the whole row elsewhere and
-- added an entry for the new version to each of the table's three indexes: the partial index
-- provider_outcomes_unapplied names applied_at in its predicate, which rules out PostgreSQL's
-- heap-only (HOT) update, and the default fill factor leaves no room on the row's page anyway.
-- Decision 0635 measured what the one outcome path costs per collection beyond the poll loop it
-- replaced (pg_stat_statements at 300 collections/s): the applied_at update was 44 us of it.
--
-- No query of the service reads that index, and the operators' query for dead letters
-- (docs/operations.md) filters on given_up_at: the index now serves that query instead, and names
-- no column the apply's update changes. With room left on each page (fill factor 70: rows are
-- inserted once and updated about once), the update stays on its page and touches no index.
DROP INDEX provider_outcomes_unapplied;
CREATE INDEX provider_outcomes_given_up ON provider_outcomes (received_at) WHERE given_up_at IS NOT NULL;
ALTER TABLE provider_outcomes SET (fillfactor = 70);
