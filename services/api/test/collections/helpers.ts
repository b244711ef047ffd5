// Helpers shared by the collections, refunds, transactions and idempotency tests: SDK calls with
// explicit keys, rail outcome delivery, ledger reads and whole-database scans.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MerchantClient } from '@payagg/sdk';
import type { Sql } from '../../src/db/index.ts';
import { eventsOf } from '../../src/domain/events.ts';
import type { TestService } from '../helpers/service.ts';
import { walletAccountId } from '../../src/domain/ledger-accounts.ts';

export type CollectionBody = {
  amount: number;
  currency: string;
  rail: 'mobile_money' | 'card' | 'bank' | 'ussd' | 'qr';
  sub_merchant_id?: string | null;
  payer_phone?: string | null;
  payer_card_token?: string | null;
  payer_account_ref?: string | null;
  reference?: string | null;
  hold_in_escrow?: boolean;
  metadata?: Record<string, string> | null;
};

/** A sandbox payer whose collection succeeds, per rail. */
export const succeeding_payer = {
  mobile_money: { payer_phone: '+254712345678' },
  ussd: { payer_phone: '+254712345678' },
  card: { payer_card_token: 'tok_sandbox_success' },
  bank: { payer_account_ref: 'acct_sandbox_success' },
  qr: {},
} as const;

export async function collect(client: MerchantClient, body: CollectionBody, key: string = randomUUID()) {
  return await client.POST('/collections', { body: body as never, params: { header: { 'Idempotency-Key': key } } });
}

export async function refund(client: MerchantClient, collectionId: string, body: { amount?: number | null; reason?: string | null } | undefined, key: string = randomUUID()) {
  return await client.POST('/collections/{id}/refunds', {
    params: { path: { id: collectionId }, header: { 'Idempotency-Key': key } },
    ...(body === undefined ? {} : { body }),
  });
}

/** Plays every due rail outcome (collections, then the refunds they allow) until none is left. */
export async function deliverAll(service: TestService): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const summary = await service.runtime.deliverRailOutcomes();
    if (summary.recorded === 0 && summary.applied === 0) return;
  }
}

/** A successful collection: created, then confirmed by the rail. */
export async function settledCollection(service: TestService, client: MerchantClient, body: CollectionBody) {
  const created = await collect(client, body);
  expect(created.response.status).toBe(200);
  await deliverAll(service);
  const read = await client.GET('/collections/{id}', { params: { path: { id: created.data!.data.id } } });
  expect(read.data!.data.status).toBe('success');
  return read.data!.data;
}

export async function walletBalance(service: TestService, ownerId: string, currency: string) {
  const accountId = walletAccountId(ownerId, currency);
  return (await service.runtime.ledger.balance(accountId)) ?? { available: 0n, pending: 0n };
}

export async function expectLedgerInvariants(service: TestService): Promise<void> {
  const report = await service.runtime.ledger.checkInvariants();
  expect(report, JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toMatchObject({ ok: true });
}

export async function eventTypes(sql: Sql, resourceId: string): Promise<string[]> {
  return (await eventsOf(sql, resourceId)).map((event) => event.type);
}

export async function countRows(sql: Sql, table: string, where: string, value: unknown): Promise<number> {
  const [row] = await sql.unsafe<{ count: number }[]>(`select count(*)::int as count from ${table} where ${where} = $1`, [value as string]);
  return row!.count;
}

/** Every table of every user schema whose text form contains `needle` (cardholder data checks). */
export async function tablesContaining(sql: Sql, needle: string): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`;
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await sql.unsafe<{ hits: number }[]>(
      `select count(*)::int as hits from "${table.schema}"."${table.name}" t where t::text like '%' || $1 || '%'`, [needle]);
    if (row!.hits > 0) found.push(`${table.schema}.${table.name}`);
  }
  return found;
}

export async function insertSubMerchant(sql: Sql, merchantId: string, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const id = randomUUID();
  await sql`insert into sub_merchants (id, merchant_id, display_name, type, country, status)
            values (${id}, ${merchantId}, 'Rider 7', 'individual', 'KE', ${status})`;
  return id;
}
