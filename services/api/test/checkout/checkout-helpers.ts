// Shared steps of the checkout tests: a merchant creates a session through the merchant SDK, a
// payer reads and pays it through the checkout SDK (createCheckoutClient), as a browser would.
import { randomUUID } from 'node:crypto';
import { createCheckoutClient, type CheckoutClient, type MerchantClient } from '@payagg/sdk';
import type { Sql } from '../../src/db/index.ts';
import type { TestService } from '../helpers/service.ts';

export type CreatedSession = { id: string; client_token: string; expires_at: string; status: string };

/** Every token createSession received in this test file (module state is per file), for log checks. */
export const issued_client_tokens: string[] = [];

export async function createSession(client: MerchantClient, body: {
  amount?: number; currency?: string; reference?: string | null; sub_merchant_id?: string | null;
  allowed_rails?: ('mobile_money' | 'card' | 'bank' | 'ussd' | 'qr')[];
} = {}, idempotencyKey = randomUUID()) {
  const result = await client.POST('/checkout-sessions', {
    body: { amount: 25_000, currency: 'KES', ...body },
    params: { header: { 'Idempotency-Key': idempotencyKey } },
  });
  if (result.response.status !== 200) {
    throw new Error(`session creation failed: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  issued_client_tokens.push(result.data!.data.client_token);
  return result.data!.data;
}

/** The payer's client. `placement: 'query'` moves the token from the header to ?client_token=. */
export function payerClient(service: TestService, clientToken: string, placement: 'header' | 'query' = 'header'): CheckoutClient {
  if (placement === 'header') return createCheckoutClient({ baseUrl: service.baseUrl, clientToken });
  return createCheckoutClient({
    baseUrl: service.baseUrl,
    clientToken,
    fetch: async (request) => {
      const url = new URL(request.url);
      url.searchParams.set('client_token', clientToken);
      const moved = new Request(url, request);
      moved.headers.delete('X-Checkout-Token');
      return await fetch(moved);
    },
  });
}

export async function insertSubMerchant(sql: Sql, merchantId: string, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const id = randomUUID();
  await sql`insert into sub_merchants (id, merchant_id, display_name, type, country, status)
            values (${id}, ${merchantId}, 'Rider 7', 'individual', 'KE', ${status})`;
  return id;
}

export async function sessionRow(sql: Sql, id: string) {
  const [row] = await sql<{ status: string; claimed_transaction_id: string | null; collection_intent_id: string | null; expires_at: Date; created_at: Date }[]>`
    select status, claimed_transaction_id, collection_intent_id, expires_at, created_at from checkout_sessions where id = ${id}`;
  return row!;
}

export async function transactionsOfSession(sql: Sql, sessionId: string) {
  return await sql<{ id: string; rail: string; status: string }[]>`
    select id, rail, status from transactions where checkout_session_id = ${sessionId}`;
}

export async function railInitiationCount(sql: Sql, transactionIds: string[]): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from sandbox_rail_initiations where transaction_id = any(${transactionIds}::uuid[])`;
  return row!.count;
}

export async function allRailInitiationCount(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from sandbox_rail_initiations`;
  return row!.count;
}

export const mobile_money_success = { rail: 'mobile_money' as const, payer_phone: '+254712345678' };
