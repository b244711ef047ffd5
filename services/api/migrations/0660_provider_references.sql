-- What a real provider connector must remember of its own calls (connectors/mpesa, decision
-- 0662): M-Pesa keys nothing by our reference (an STK push sent twice prompts the payer twice; a
-- CheckoutRequestID is Safaricom's), so the connector claims (provider, kind, our_reference)
-- BEFORE sending, with the request's digest, and binds the provider's reference to it once
-- answered. A claim without a provider reference is a send whose answer was lost: it is never
-- sent again, and the provider's confirmed callback binds it. Status queries the connector asks
-- for (answered asynchronously by M-Pesa) are kept here too, so only an answer to a query we
-- made is believed.
CREATE TABLE provider_references (
  provider text NOT NULL,
  kind text NOT NULL,
  our_reference text NOT NULL,
  request_sha256 text NOT NULL,
  provider_reference text NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, kind, our_reference)
);
-- One provider reference answers one of our references: a callback cannot bind another's.
CREATE UNIQUE INDEX provider_references_by_provider_reference ON provider_references (provider, kind, provider_reference) WHERE provider_reference IS NOT NULL;
