// Helpers of the wired payout tests (issue 24: payouts, refunds and partner withdrawals through
// real providers' connectors and their emulators, through the public API): a wallet funded by a
// sandbox card collection (the routes under test name payouts, not cards), the background work
// played until a condition holds (sends, callbacks' apply jobs, sandbox deliveries), and the
// money checks every test ends with.
import { expect } from 'vitest';
import type { TestService } from '../../helpers/service.ts';
import { deliverAll, settledCollection } from '../../collections/helpers.ts';
import { runJobs } from '../../payouts/helpers.ts';

/** The merchant's wallet in `currency` after a sandbox card collection of `amount` settled. */
export async function cardFundedWallet(service: TestService, currency: string, amount: number): Promise<string> {
  const collection = await settledCollection(service, service.client, { amount, currency, rail: 'card', payer_card_token: 'tok_sandbox_success' });
  const wallets = await service.client.GET('/wallets', { params: { query: { owner_id: collection.merchant_id } } });
  const wallet = wallets.data!.data.find((w) => w.currency === currency);
  if (!wallet) throw new Error(`no ${currency} wallet after a settled collection`);
  return wallet.id;
}

/**
 * Plays jobs and rail outcomes (providers call back asynchronously, over HTTP) until `done`
 * answers true, at most `rounds` times; answers whether it did. Bounded, never a timing assertion.
 */
export async function playUntil(service: TestService, done: () => Promise<boolean>, rounds = 150): Promise<boolean> {
  for (let round = 0; round < rounds; round += 1) {
    await runJobs(service);
    await deliverAll(service);
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return false;
}

export async function payoutStatus(service: TestService, id: string): Promise<string> {
  const read = await service.client.GET('/payouts/{id}', { params: { path: { id } } });
  return read.data!.data.status;
}

export async function payoutRow(service: TestService, id: string) {
  const [row] = await service.sql<{ status: string; provider: string | null; retry_count: number; failure_reason: string | null }[]>`
    select status, provider, retry_count, failure_reason from payouts where id = ${id}`;
  return row!;
}

/** How many events of each type the merchant's outbox holds for a resource. */
export async function eventCounts(service: TestService, resourceId: string): Promise<Record<string, number>> {
  const rows = await service.sql<{ type: string; n: number }[]>`select type, count(*)::int as n from events where resource_id = ${resourceId} group by type`;
  return Object.fromEntries(rows.map((row) => [row.type, row.n]));
}

export async function availableOf(service: TestService, walletId: string): Promise<number> {
  const read = await service.client.GET('/wallets/{id}/balance', { params: { path: { id: walletId } } });
  expect(read.response.status).toBe(200);
  return read.data!.data.available_balance as number;
}

/** Every ledger invariant, and every posted transfer's debits equal to its credits (the ledger sums to zero). */
export async function expectBooksBalanced(service: TestService): Promise<void> {
  const report = await service.runtime.ledger.checkInvariants();
  expect(report, JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toMatchObject({ ok: true });
}

export function fieldsOf(error: unknown): string[] {
  return ((error as { error?: { details?: { fields?: { field: string }[] } } })?.error?.details?.fields ?? []).map((f) => f.field);
}

export async function countOf(service: TestService, table: 'payouts' | 'payout_batches' | 'partner_movements' | 'provider_outcomes'): Promise<number> {
  return (await service.sql<{ n: number }[]>`select count(*)::int as n from ${service.sql(table)}`)[0]!.n;
}
