-- The index that finds a record by its pre-allocated resource id (a checkout pay's claimant,
-- domain/checkout-sessions.ts) no longer leads with merchant_id. With merchant_id first, a lookup
-- by (merchant_id, key) could be planned on it instead of the primary key: on a table never
-- analyzed yet (a fresh database, the first minutes of a service) both estimate one row at the
-- same cost, and a generic plan (postgres.js prepares every statement) took this one when the
-- table's row width changed (migration 0006), then filtered on key through ALL of the merchant's
-- records on every claim's completion: measured on the bench, 600-4,400 buffer reads per
-- statement instead of about 30, and PostgreSQL's CPU per collection up by 60%. Resource ids are
-- random UUIDs, so resource_id alone finds the record; the merchant is checked by the query.
DROP INDEX idempotency_keys_resource;
CREATE INDEX idempotency_keys_resource ON idempotency_keys (resource_id);
