// A sandbox rail's reversals (voids) of whole collections: refused once the collection is
// refunded, answered as before when repeated, and the collection's outcome withheld if not yet sent.

import type { TransactionSql } from 'postgres';
import { RailDeclinedError } from '../../../rails/errors.ts';
import type { CollectionReversal, Rail, RailReversalResult } from '../../../rails/types.ts';
import { assertRailUp, assertTransactionId, type SandboxRailState } from './rail-state.ts';
import { newProviderReference } from './references.ts';

/** A reversal's reason is a note for the provider's records; longer ones are cut. */
const reversalReasonLengthMax = 500;

type AmountRow = { provider_reference: string; amount: string; currency: string };

export async function reverseCollection(state: SandboxRailState, request: CollectionReversal): Promise<RailReversalResult> {
  assertRailUp(state);
  assertTransactionId(state.rail, request.transactionId);
  const reason = String(request.reason ?? '').slice(0, reversalReasonLengthMax) || 'unspecified';
  return await state.sql.begin((tx) => recordReversal(tx, state.rail, request.transactionId, reason));
}

async function recordReversal(tx: TransactionSql, rail: Rail, transactionId: string, reason: string): Promise<RailReversalResult> {
  // The collection's row locked: refunds of it (which lock it too) and a concurrent reversal
  // wait for this one, so a payment is never both refunded and reversed.
  const collections = await tx<AmountRow[]>`
    SELECT provider_reference, amount::text AS amount, currency
    FROM sandbox_rail_initiations
    WHERE rail = ${rail} AND transaction_id = ${transactionId} AND kind = 'collection'
    FOR UPDATE`;
  const collection = collections[0];
  if (collection === undefined) throw new RailDeclinedError(rail, 'collection_not_found');
  const result = (row: AmountRow): RailReversalResult => ({
    providerReference: row.provider_reference,
    collectionProviderReference: collection.provider_reference,
    amount: Number(row.amount),
    currency: row.currency,
  });
  const earlier = await tx<AmountRow[]>`
    SELECT provider_reference, amount::text AS amount, currency FROM sandbox_rail_reversals
    WHERE rail = ${rail} AND transaction_id = ${transactionId}`;
  if (earlier[0] !== undefined) return result(earlier[0]);
  const refunds = await tx`SELECT 1 FROM sandbox_rail_initiations WHERE parent_provider_reference = ${collection.provider_reference} LIMIT 1`;
  if (refunds.length > 0) throw new RailDeclinedError(rail, 'collection_refunded');

  const [reversal] = await tx<AmountRow[]>`
    INSERT INTO sandbox_rail_reversals
      (rail, transaction_id, collection_provider_reference, provider_reference, amount, currency, reason)
    VALUES (${rail}, ${transactionId}, ${collection.provider_reference}, ${newProviderReference(rail, 'reversal')},
            ${collection.amount}, ${collection.currency}, ${reason})
    RETURNING provider_reference, amount::text AS amount, currency`;
  // Voided before its outcome went out: the provider never sends it (nor resends it).
  await tx`
    UPDATE sandbox_rail_outcomes
    SET abandoned_at = coalesce(abandoned_at, now()), last_error = 'collection reversed before its outcome was delivered'
    WHERE provider_reference = ${collection.provider_reference} AND delivered_at IS NULL`;
  return result(reversal!);
}
