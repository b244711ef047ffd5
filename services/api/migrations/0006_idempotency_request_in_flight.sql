-- The request of an idempotent operation while it is in flight, sealed with the master key
-- (AES-256-GCM, like response_sealed), for the completer (src/domain/collection-completer.ts):
-- when a process dies after the rail accepted a collection and the client never retries, the
-- completer finishes the run from this request. Written by the claim, cleared (NULL) by the same
-- statement that stores the response, so a finished record keeps no request data. Only operations
-- that pass a request set it (POST /collections, POST /checkout-sessions/{id}/pay).
ALTER TABLE idempotency_keys ADD COLUMN request_sealed bytea NULL;
