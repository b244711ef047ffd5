-- The attempt limit is enforced when a delivery is claimed (issue 22: a delivery whose outcome
-- could not be recorded was re-sent on every lease expiry, 37 times). A claim increments
-- attempt_count before the POST and refuses a delivery that has used its attempts, so no failure
-- after the claim (a crash, a database restart, an outcome that cannot be stored) can add one.
-- A manual retry is the merchant asking for one attempt more: it raises this delivery's limit to
-- attempt_count + 1. Null: the automatic limit (the retry schedule's length + 1) alone applies.
ALTER TABLE webhook_deliveries ADD COLUMN manual_attempt_limit integer NULL CHECK (manual_attempt_limit >= 1);
