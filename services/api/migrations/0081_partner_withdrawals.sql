-- Partner wallet API (issue 18), second part: withdrawals to payout destinations through the
-- payout rails (docs/partner-wallets.md).

-- Payout destinations may belong to a partner instead of a merchant: the same tokenization and
-- vault (domain/payout-destinations.ts), the owner in one of two columns.
ALTER TABLE payout_destinations ALTER COLUMN merchant_id DROP NOT NULL;
ALTER TABLE payout_destinations ADD COLUMN partner_id uuid NULL REFERENCES partners(id);
ALTER TABLE payout_destinations ADD CONSTRAINT payout_destinations_one_owner CHECK (num_nonnulls(merchant_id, partner_id) = 1);
CREATE UNIQUE INDEX payout_destinations_partner_fingerprint ON payout_destinations (partner_id, fingerprint) WHERE partner_id IS NOT NULL;

-- A withdrawal is a partner movement sent through a payout rail: its destination, the rail's
-- reference and the send attempt (the rail's idempotency key with the withdrawal id; a transient
-- failure retries as the next attempt, as payouts do).
ALTER TABLE partner_movements ADD COLUMN destination_id uuid NULL REFERENCES payout_destinations(id);
ALTER TABLE partner_movements ADD COLUMN destination_type text NULL CHECK (destination_type IN ('mobile_money', 'bank', 'card'));
ALTER TABLE partner_movements ADD COLUMN provider_reference text NULL;
ALTER TABLE partner_movements ADD COLUMN attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0);
ALTER TABLE partner_movements ADD CONSTRAINT partner_movements_withdrawal_destination
  CHECK ((kind = 'withdrawal') = (destination_id IS NOT NULL AND destination_type IS NOT NULL));
