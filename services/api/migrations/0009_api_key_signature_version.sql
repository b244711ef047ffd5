-- Signature version 2 (issue 12, docs/decisions/0030-signature-version-2.md): version 1, the
-- seed's scheme, signs only `timestamp + "." + body`, so a captured request can be replayed for
-- 300 s to another path, with another method, query or idempotency key. Version 2 also signs the
-- method, the request target and the idempotency key. A key records the lowest version it
-- accepts: 1 (the default, so keys issued before this migration and clients built from the seed
-- keep working) or 2 (version-1 signatures are refused with AUTH_SIGNATURE_MISMATCH).
-- Set by `payagg keys create --signature-version 2` and `payagg keys set-signature-version`.
ALTER TABLE api_keys
  ADD COLUMN signature_version_min smallint NOT NULL DEFAULT 1
  CHECK (signature_version_min IN (1, 2));
