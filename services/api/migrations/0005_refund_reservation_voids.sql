-- Refund reservations waiting to be voided (src/domain/refunds.ts). When the rail refuses a
-- refund at initiation, one database transaction deletes the refund row and records its id here;
-- the ledger then voids the reservation and the row here is deleted. The database and the ledger
-- cannot commit together: a crash between the two leaves the id here, and the sweeper
-- (voidPendingRefundReservations, run every minute by the worker process) finishes the void, so
-- the wallet gets its money back instead of keeping it held forever.
CREATE TABLE refund_reservation_voids (
  refund_id   uuid PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refund_reservation_voids_age ON refund_reservation_voids (created_at);
