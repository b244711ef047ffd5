// The ops API's reconciliation end to end (docs/reconciliation.md): real PostgreSQL, real HTTP
// through the typed client generated from spec/ops.yaml, the sandbox provider's report with
// injected discrepancies producing every class, a re-run that reports what changed, resolutions
// kept for audit (never edited), corrections that never make a wallet negative, and operator
// keys apart from merchant and partner keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectSandboxDiscrepancy } from '../../src/connectors/sandbox/settlement-report.ts';
import { adjustmentAccountId } from '../../src/reconciliation/adjustments.ts';
import { collect, deliverAll, expectLedgerInvariants, settledCollection, succeeding_payer, walletBalance } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { createTestPartner } from '../partner/helpers.ts';
import { createTestOperator, type OpsClient, opsClientFor } from './helpers.ts';

const dayMs = 86_400_000;

describe('reconciliation through the ops API', () => {
  let service: TestService;
  let clock = Date.now();
  let ops: OpsClient;
  let operatorId: string;
  const refs: Record<string, { id: string; reference: string; amount: number }> = {};
  let period: { period_start: string; period_end: string };

  beforeAll(async () => {
    service = await startTestService({ now: () => clock });
    ({ client: ops, operatorId } = await createTestOperator(service));
    period = { period_start: new Date(clock - 60_000).toISOString(), period_end: new Date(clock + 3_600_000).toISOString() };
    const names = ['matched', 'drop', 'amount', 'currency', 'duplicate', 'late', 'spare'];
    for (const [i, name] of names.entries()) {
      const c = await settledCollection(service, service.client, { amount: 10_000 + i * 100, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
      refs[name] = { id: c.id, reference: c.provider_reference!, amount: c.amount };
    }
    const failed = await collect(service.client, { amount: 25_000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254700000001' });
    await deliverAll(service);
    const [row] = await service.sql<{ provider_reference: string; status: string }[]>`select provider_reference, status from transactions where id = ${failed.data!.data.id}`;
    expect(row!.status).toBe('failed');
    refs.flipped = { id: failed.data!.data.id, reference: row!.provider_reference, amount: 25_000 };
    await injectSandboxDiscrepancy(service.sql, { reference: refs.drop!.reference, discrepancy: 'drop' });
    await injectSandboxDiscrepancy(service.sql, { reference: refs.amount!.reference, discrepancy: 'amount', amountDelta: 100 });
    await injectSandboxDiscrepancy(service.sql, { reference: refs.currency!.reference, discrepancy: 'currency', currency: 'UGX' });
    await injectSandboxDiscrepancy(service.sql, { reference: refs.duplicate!.reference, discrepancy: 'duplicate' });
    await injectSandboxDiscrepancy(service.sql, { reference: refs.late!.reference, discrepancy: 'late', settlesAt: new Date(clock + dayMs) });
    await injectSandboxDiscrepancy(service.sql, { reference: refs.flipped!.reference, discrepancy: 'flip_status' });
    await injectSandboxDiscrepancy(service.sql, { reference: 'MM-NOT-OURS-1', discrepancy: 'extra', kind: 'collection', amount: 5_000, currency: 'KES', occurredAt: new Date(clock) });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
  });

  async function runSandbox() {
    const { data, error, response } = await ops.POST('/reconciliation/runs', { body: { provider: 'sandbox', ...period, source: { type: 'provider_api' } } });
    expect(response.status, JSON.stringify(error)).toBe(200);
    return data!.data;
  }

  async function itemOf(runId: string, reference: string, cls?: string) {
    const { data, error } = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: runId }, query: { limit: 100 } } });
    expect(error).toBeUndefined();
    const item = data!.data.find((i) => i.reference === reference && (cls === undefined || i.class === cls));
    expect(item, `${reference} ${cls ?? ''}`).toBeDefined();
    return item!;
  }

  it('classifies every injected discrepancy; a late settlement and a missing record wait within the window', async () => {
    const run = await runSandbox();
    expect(run.status).toBe('completed');
    expect(run.operator_id).toBe(operatorId);
    expect(run.changes).toBeNull();
    expect(run.counts).toEqual({
      matched: 3, // matched, spare, and the first record of the duplicated reference
      missing_at_provider: 0, missing_here: 1, amount_mismatch: 1, currency_mismatch: 1, status_mismatch: 1, duplicate: 1,
      pending_within_window: 2, // drop and late: T+1 not over yet
    });
    expect((await itemOf(run.id, refs.amount!.reference)).class).toBe('amount_mismatch');
    expect((await itemOf(run.id, refs.currency!.reference)).class).toBe('currency_mismatch');
    const flipped = await itemOf(run.id, refs.flipped!.reference);
    expect(flipped).toMatchObject({ class: 'status_mismatch', ours: { status: 'failed', amount: 25_000 }, provider: { status: 'success' } });
    expect((await itemOf(run.id, 'MM-NOT-OURS-1')).class).toBe('missing_here');
    expect((await itemOf(run.id, refs.duplicate!.reference, 'duplicate')).item_key).toBe(`${refs.duplicate!.reference}#2`);
    expect((await itemOf(run.id, refs.drop!.reference)).class).toBe('pending_within_window');

    const exceptions = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: run.id }, query: { exceptions_only: true, limit: 2 } } });
    expect(exceptions.data!.data).toHaveLength(2);
    expect(exceptions.data!.data.every((i) => i.exception)).toBe(true);
    const next = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: run.id }, query: { exceptions_only: true, limit: 100, cursor: exceptions.data!.meta.next_cursor! } } });
    expect(exceptions.data!.data.length + next.data!.data.length).toBe(7);
    const byClass = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: run.id }, query: { class: 'duplicate' } } });
    expect(byClass.data!.data.map((i) => i.class)).toEqual(['duplicate']);
    const listed = await ops.GET('/reconciliation/runs', { params: { query: { provider: 'sandbox' } } });
    expect(listed.data!.data.map((r) => r.id)).toContain(run.id);
  }, 60_000);

  it('resolutions: accept records reason and operator once; the audit rows refuse UPDATE and DELETE', async () => {
    const run = await runSandbox();
    const item = await itemOf(run.id, refs.amount!.reference);
    const path = { run_id: run.id, item_id: item.id };
    const accepted = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', { params: { path }, body: { action: 'accept', reason: 'Provider fee taken from the amount.' } });
    expect(accepted.response.status, JSON.stringify(accepted.error)).toBe(200);
    expect(accepted.data!.data.resolution).toMatchObject({ action: 'accept', reason: 'Provider fee taken from the amount.', operator_id: operatorId, correction: null });
    const again = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', { params: { path }, body: { action: 'accept', reason: 'twice' } });
    expect(again.response.status).toBe(409);
    expect(again.error!.error.code).toBe('EXCEPTION_ALREADY_RESOLVED');
    await expect(service.sql`update recon_resolutions set reason = 'edited'`).rejects.toThrow(/append-only/);
    await expect(service.sql`delete from recon_resolutions`).rejects.toThrow(/append-only/);
    const matched = await itemOf(run.id, refs.matched!.reference);
    const refused = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', { params: { path: { run_id: run.id, item_id: matched.id } }, body: { action: 'accept', reason: 'x' } });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.error.details!.fields![0]!.field).toBe('path.item_id');
    const missing = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', { params: { path: { run_id: run.id, item_id: 999_999 } }, body: { action: 'accept', reason: 'x' } });
    expect(missing.response.status).toBe(404);
  }, 60_000);

  it('a correction posts one ledger transfer against the adjustment account and never makes a wallet negative', async () => {
    const run = await runSandbox();
    const wallet = () => walletBalance(service, service.merchantId, 'KES');
    const before = (await wallet()).available;
    const flipped = await itemOf(run.id, refs.flipped!.reference);
    const credited = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', {
      params: { path: { run_id: run.id, item_id: flipped.id } },
      body: { action: 'correct', reason: 'The provider took the payer\'s money: credit the merchant.', correction: { direction: 'credit_wallet', amount: 25_000 } },
    });
    expect(credited.response.status, JSON.stringify(credited.error)).toBe(200);
    expect(credited.data!.data.resolution!.correction).toMatchObject({ direction: 'credit_wallet', amount: 25_000, currency: 'KES' });
    expect((await wallet()).available).toBe(before + 25_000n);
    const adjustment = await service.runtime.ledger.balance(adjustmentAccountId('KES'));
    expect(adjustment).not.toBeNull();
    await expectLedgerInvariants(service);

    // A debit larger than the wallet holds: 402, nothing moved, nothing recorded.
    const extra = await itemOf(run.id, 'MM-NOT-OURS-1');
    const [walletRow] = await service.sql<{ id: string }[]>`select id from wallets where owner_id = ${service.merchantId} and currency = 'KES'`;
    const tooMuch = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', {
      params: { path: { run_id: run.id, item_id: extra.id } },
      body: { action: 'correct', reason: 'Take it back.', correction: { direction: 'debit_wallet', amount: Number(before) + 25_000 + 1, wallet_id: walletRow!.id } },
    });
    expect(tooMuch.response.status).toBe(402);
    expect(tooMuch.error!.error.code).toBe('INSUFFICIENT_FUNDS');
    expect((await wallet()).available).toBe(before + 25_000n);
    expect((await itemOf(run.id, 'MM-NOT-OURS-1')).resolution).toBeNull();
    // Without a wallet and without a merchant on the item: 422 naming the field.
    const noWallet = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', {
      params: { path: { run_id: run.id, item_id: extra.id } }, body: { action: 'correct', reason: 'x', correction: { direction: 'debit_wallet', amount: 1 } },
    });
    expect(noWallet.response.status).toBe(422);
    expect(noWallet.error!.error.details!.fields![0]!.field).toBe('body.correction.wallet_id');
    const debited = await ops.POST('/reconciliation/runs/{run_id}/items/{item_id}/resolution', {
      params: { path: { run_id: run.id, item_id: extra.id } },
      body: { action: 'correct', reason: 'Take it back.', correction: { direction: 'debit_wallet', amount: 5_000, wallet_id: walletRow!.id } },
    });
    expect(debited.response.status, JSON.stringify(debited.error)).toBe(200);
    expect((await wallet()).available).toBe(before + 20_000n);
    await expectLedgerInvariants(service);
  }, 60_000);

  it('re-running the period is idempotent, reports what changed, and keeps resolutions on the same exceptions', async () => {
    const first = await runSandbox();
    const same = await runSandbox();
    expect(same.counts).toEqual(first.counts);
    expect(same.changes).toMatchObject({ previous_run_id: first.id, new_items: 0, gone_items: 0, class_changed: 0, unchanged: 10 });
    clock += 2 * dayMs;
    try {
      const later = await runSandbox();
      // T+1 is over: the dropped record is missing at the provider; the late one has settled.
      expect(later.counts).toMatchObject({ missing_at_provider: 1, pending_within_window: 0, matched: 4 });
      expect(later.changes).toMatchObject({ previous_run_id: same.id, new_items: 0, gone_items: 0, class_changed: 2, unchanged: 8 });
      expect((await itemOf(later.id, refs.drop!.reference)).class).toBe('missing_at_provider');
      expect((await itemOf(later.id, refs.amount!.reference)).resolution).toMatchObject({ action: 'accept' });
      const open = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: later.id }, query: { state: 'open' } } });
      expect(open.data!.data.map((i) => i.class).sort()).toEqual(['currency_mismatch', 'duplicate', 'missing_at_provider']);
    } finally {
      clock -= 2 * dayMs;
    }
  }, 60_000);

  it('uploads: an M-Pesa portal statement and Paystack settlement rows; an unreadable file is 422 naming the line', async () => {
    // A run reads the rows its provider served (decision 0783). No M-Pesa is wired here: this
    // test's M-Pesa payment is a sandbox collection recorded as M-Pesa's, as routing writes
    // `provider` when M-Pesa serves one (test/providers/wired/ runs the real connectors).
    const viaMpesa = await settledCollection(service, service.client, { amount: 12_300, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    await service.sql`update transactions set provider = 'mpesa' where id = ${viaMpesa.id}`;
    refs.mpesa = { id: viaMpesa.id, reference: viaMpesa.provider_reference!, amount: viaMpesa.amount };
    const kes = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;
    const eat = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const csv = [
      'Account Holder:,Test Org', 'Short Code:,600000', '',
      'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
      `${refs.mpesa!.reference},${eat(clock)},${eat(clock)},Pay Bill from 2547****678,Completed,"${kes(refs.mpesa!.amount)}",,"1,000,000.00",true,Pay Bill Online,2547****678 - J D,,INV-1`,
      `CHG-1,${eat(clock)},${eat(clock)},Pay Bill Charge,Completed,,"-10.00","999,990.00",true,Pay Bill Charge,,,`,
      `QKX0000001,${eat(clock)},${eat(clock)},Pay Bill from 2547****111,Completed,"50.00",,"1,000,040.00",true,Pay Bill Online,2547****111 - A B,,`,
    ].join('\n');
    const mpesa = await ops.POST('/reconciliation/runs', { body: { provider: 'mpesa', ...period, source: { type: 'upload', format: 'mpesa_statement_csv', content: csv } } });
    expect(mpesa.response.status, JSON.stringify(mpesa.error)).toBe(200);
    expect(mpesa.data!.data.provider_records).toBe(2);
    expect((await itemOf(mpesa.data!.data.id, refs.mpesa!.reference)).class).toBe('matched');
    expect((await itemOf(mpesa.data!.data.id, 'QKX0000001')).class).toBe('missing_here');

    const card = await settledCollection(service, service.client, { amount: 7_700, currency: 'KES', rail: 'card', ...succeeding_payer.card });
    // Recorded as Paystack's, as above (paystack-pull.test.ts runs the real connector).
    await service.sql`update transactions set provider = 'paystack' where id = ${card.id}`;
    const rows = [{ id: 1, status: 'success', reference: card.id, amount: 7_700, currency: 'KES', paid_at: new Date(clock).toISOString(), created_at: new Date(clock).toISOString() }];
    const paystack = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'upload', format: 'paystack_settlement_json', content: JSON.stringify({ status: true, data: rows }) } } });
    expect(paystack.response.status, JSON.stringify(paystack.error)).toBe(200);
    expect((await itemOf(paystack.data!.data.id, card.id)).class).toBe('matched');

    const broken = csv.replace('Completed,"50.00"', 'Completed,"5O.00"');
    const refused = await ops.POST('/reconciliation/runs', { body: { provider: 'mpesa', ...period, source: { type: 'upload', format: 'mpesa_statement_csv', content: broken } } });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.error.details!.fields![0]).toMatchObject({ field: 'body.source.content', message: expect.stringMatching(/line 7, Paid In/) });
    const failed = await ops.GET('/reconciliation/runs', { params: { query: { provider: 'mpesa', status: 'failed' } } });
    expect(failed.data!.data[0]!.failure).toMatch(/line 7/);
  }, 90_000);

  it('refuses what it cannot run, naming the field', async () => {
    const backwards = await ops.POST('/reconciliation/runs', { body: { provider: 'sandbox', period_start: period.period_end, period_end: period.period_start, source: { type: 'provider_api' } } });
    expect(backwards.response.status).toBe(422);
    expect(backwards.error!.error.details!.fields![0]!.field).toBe('body.period_end');
    // Conformance finding: year 28 was run, stored, and then broke every list of runs (500).
    const ancient = await ops.POST('/reconciliation/runs', { body: { provider: 'sandbox', period_start: '0028-01-14T07:58:32.513Z', period_end: '0028-01-14T08:58:32.513Z', source: { type: 'provider_api' } } });
    expect(ancient.response.status).toBe(422);
    expect(ancient.error!.error.details!.fields![0]).toMatchObject({ field: 'body.period_start', message: expect.stringMatching(/1970/) });
    expect((await ops.GET('/reconciliation/runs', {})).response.status).toBe(200);
    const noApi = await ops.POST('/reconciliation/runs', { body: { provider: 'mpesa', ...period, source: { type: 'provider_api' } } });
    expect(noApi.response.status).toBe(422);
    expect(noApi.error!.error.details!.fields![0]!.field).toBe('body.source.type');
    const wrongFormat = await ops.POST('/reconciliation/runs', { body: { provider: 'mpesa', ...period, source: { type: 'upload', format: 'sandbox_csv', content: 'x' } } });
    expect(wrongFormat.error!.error.details!.fields![0]!.field).toBe('body.source.format');
    const unknown = await ops.GET('/reconciliation/runs/{run_id}', { params: { path: { run_id: '00000000-0000-4000-8000-000000000000' } } });
    expect(unknown.response.status).toBe(404);
  }, 30_000);

  it('operator keys and merchant or partner keys never stand for one another', async () => {
    const none = await opsClientFor(service, null).GET('/reconciliation/runs', {});
    expect(none.response.status).toBe(401);
    // A merchant's key, as a bearer or in its own signed headers, authenticates nothing here.
    const merchantAsBearer = await opsClientFor(service, `Bearer ${service.key.api_key}`).GET('/reconciliation/runs', {});
    expect(merchantAsBearer.response.status).toBe(401);
    expect(merchantAsBearer.error!.error.code).toBe('AUTH_INVALID_KEY');
    const signed = await fetch(`${service.origin}/ops/v1/reconciliation/runs`, { headers: { 'X-API-Key': service.key.api_key, Authorization: `Bearer ${service.key.api_secret}` } });
    expect(signed.status).toBe(401);
    const partner = await createTestPartner(service);
    const partnerKey = await fetch(`${service.origin}/ops/v1/reconciliation/runs`, { headers: { 'X-API-Key': partner.apiKey } });
    expect(partnerKey.status).toBe(401);
    // An operator key on the merchant and partner APIs: refused there.
    const { apiKey } = await createTestOperator(service, 'Another');
    const onMerchant = await fetch(`${service.baseUrl}/transactions`, { headers: { Authorization: `Bearer ${apiKey}`, 'X-API-Key': apiKey } });
    expect(onMerchant.status).toBe(401);
    const onPartner = await fetch(`${service.origin}/api/v1/partner/wallets/00000000-0000-4000-8000-000000000000/balance`, { headers: { 'X-API-Key': apiKey } });
    expect(onPartner.status).toBe(401);
  }, 30_000);
});
