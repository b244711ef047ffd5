-- Partner withdrawals routed like payouts (issue 24, decision 0762; docs/providers.md): the
-- provider a withdrawal is sent to, written before each send (payout-rails/routed-sends.ts), so
-- its retries, status polls and outcomes go to that provider, whatever the routing table says
-- later. Null before the first send and on every other kind of partner movement. Withdrawals made
-- before routing were the sandbox's.
ALTER TABLE partner_movements ADD COLUMN provider text NULL;
UPDATE partner_movements SET provider = 'sandbox' WHERE kind = 'withdrawal';
ALTER TABLE partner_movements ADD CONSTRAINT partner_movements_provider_of_withdrawals
  CHECK (provider IS NULL OR kind = 'withdrawal');
