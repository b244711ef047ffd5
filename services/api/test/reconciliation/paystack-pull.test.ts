// A reconciliation run for Paystack pulled from Paystack's API (decision 0780), through the ops
// API over real HTTP: the service built from PAYSTACK_* (provider-catalog.ts) routes card KES
// collections to the Paystack emulator (test/support/paystack-emulator/: Paystack's wire protocol,
// every request and answer checked against Paystack's own OpenAPI description), which settles
// them; the run pages through GET /settlement (newest first), skips settlements dated past the
// period's window without reading them, stops at the first one older than the period, reads each
// remaining settlement's GET /settlement/{id}/transactions and matches them as an upload would be.
// Our rows another provider served (the sandbox here) are not Paystack's. Paystack down is 503
// with the run kept as failed; a provider without a report API is 422 naming the field.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, deliverAll, refund, settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { pollProviderStatuses } from '../../src/provider-routing/status-polls.ts';
import type { TestService } from '../helpers/service.ts';
import type { PaystackEmulator } from '../support/paystack-emulator/emulator.ts';
import { paystackSkipReason, testSecretKey } from '../support/paystack-emulator/fixture.ts';
import { createTestOperator, type OpsClient } from './helpers.ts';
import { startPaystackWired } from '../providers/wired/wired-services.ts';

const dayMs = 86_400_000;
let service: TestService;
let emulator: PaystackEmulator;
let ops: OpsClient;

if (paystackSkipReason) console.warn(`test/reconciliation/paystack-pull.test.ts skipped: ${paystackSkipReason}`);

describe.skipIf(paystackSkipReason !== null)('a Paystack run pulled from Paystack\'s settlement API', () => {
  const ids: Record<string, string> = {};
  const settlementIds: Record<'ours' | 'old' | 'late', number[]> = { ours: [], old: [], late: [] };
  let period: { period_start: string; period_end: string };

  beforeAll(async () => {
    ({ service, emulator } = await startPaystackWired({
      PROVIDER_ROUTES: 'collection card KES * = paystack',
      // A declined card sends no webhook: the status poll learns it, from a second on.
      PROVIDER_STATUS_POLL_FIRST_S: '1',
    }));
    ({ client: ops } = await createTestOperator(service));
    const now = Date.now();
    period = { period_start: new Date(now - 3_600_000).toISOString(), period_end: new Date(now + 3_600_000).toISOString() };

    for (const [name, token] of [['paid', 'AUTH_success'], ['short', 'AUTH_success'], ['declined', 'AUTH_declined']] as const) {
      const created = await collect(service.client, { amount: 250_000, currency: 'KES', rail: 'card', payer_card_token: token });
      expect(created.response.status, JSON.stringify(created.error)).toBe(200);
      ids[name] = created.data!.data.id;
    }
    // Served by the sandbox (only card KES goes to Paystack): never Paystack's to report.
    ids.sandbox = (await settledCollection(service, service.client, { amount: 9_900, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money })).id;
    // A charge we never made (another integration's reference on the same account).
    ids.foreign = randomUUID();
    const foreign = await fetch(`${emulator.url}/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${testSecretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@else.test', amount: 5_000, currency: 'KES', reference: ids.foreign, authorization_code: 'AUTH_other' }),
    });
    expect(foreign.status).toBe(200);
    emulator.finishPending();
    await emulator.webhooksSent();
    await deliverAll(service);
    const status = async (id: string) => (await service.client.GET('/collections/{id}', { params: { path: { id } } })).data!.data.status;
    for (let round = 0; round < 100 && (await status(ids.declined!)) === 'pending'; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await pollProviderStatuses(service.runtime.jobDeps);
      await deliverAll(service);
    }
    expect([await status(ids.paid!), await status(ids.short!), await status(ids.declined!)]).toEqual(['success', 'success', 'failed']);
    // Paystack reports less than we recorded for one of them.
    emulator.state.charges.get(ids.short!)!.amount -= 100;

    // Settlements, listed newest first: an old one (older than the period: the walk stops there),
    // ours (on the listing's second page), and 55 dated past the period's window (never read).
    const { state } = emulator;
    const old = { id: state.nextId++, status: 'success', currency: 'KES', settlementDate: new Date(now - 10 * dayMs).toISOString(), chargeReferences: [ids.paid!] };
    state.settlements.push(old);
    settlementIds.old.push(old.id);
    settlementIds.ours.push(...emulator.settle().map((s) => s.id));
    for (let i = 0; i < 55; i += 1) {
      const late = { id: state.nextId++, status: 'success', currency: 'KES', settlementDate: new Date(now + 10 * dayMs).toISOString(), chargeReferences: [ids.paid!] };
      state.settlements.push(late);
      settlementIds.late.push(late.id);
    }
    emulator.requests.length = 0;
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await emulator?.close();
  });

  async function items(runId: string) {
    const { data, error } = await ops.GET('/reconciliation/runs/{run_id}/items', { params: { path: { run_id: runId }, query: { limit: 100 } } });
    expect(error).toBeUndefined();
    return new Map(data!.data.map((item) => [item.reference, item]));
  }

  it('pages through the settlements of the period, reads their transactions and matches them like an upload', async () => {
    const { data, error, response } = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'provider_api' } } });
    expect(response.status, JSON.stringify(error)).toBe(200);
    const run = data!.data;
    expect(run).toMatchObject({ status: 'completed', source: 'provider_api', report_format: 'paystack_settlement_json', provider_records: 3 });
    expect(run.counts).toEqual({
      matched: 2, // paid; declined (failed here, absent there: neither moved money)
      amount_mismatch: 1, missing_here: 1, missing_at_provider: 0, currency_mismatch: 0, status_mismatch: 0, duplicate: 0, pending_within_window: 0,
    });
    const byReference = await items(run.id);
    expect(byReference.get(ids.paid!)).toMatchObject({ class: 'matched', ours: { amount: 250_000, status: 'success' }, provider: { amount: 250_000, currency: 'KES', status: 'success' } });
    expect(byReference.get(ids.short!)).toMatchObject({ class: 'amount_mismatch', ours: { amount: 250_000 }, provider: { amount: 249_900 } });
    expect(byReference.get(ids.declined!)).toMatchObject({ class: 'matched', ours: { status: 'failed' }, provider: null });
    expect(byReference.get(ids.foreign!)).toMatchObject({ class: 'missing_here', ours: null, provider: { amount: 5_000 } });
    expect(byReference.has(ids.sandbox!)).toBe(false);

    // Two pages of settlements; only ours had its transactions read.
    const asked = emulator.requests.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(asked.filter((p) => p === '/settlement')).toHaveLength(2);
    expect(asked.filter((p) => p.endsWith('/transactions'))).toEqual(settlementIds.ours.map((id) => `/settlement/${id}/transactions`));
    expect(emulator.violations).toEqual([]);

    // Again: the same classes, and the run says nothing changed.
    const again = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'provider_api' } } });
    expect(again.data!.data.counts).toEqual(run.counts);
    expect(again.data!.data.changes).toMatchObject({ previous_run_id: run.id, new_items: 0, gone_items: 0, class_changed: 0, unchanged: 4 });
  }, 60_000);

  it('reads only our collections: Paystack\'s settlement transactions list no refunds, so a refund is not called missing there', async () => {
    const refunded = await refund(service.client, ids.paid!, { amount: 100, reason: 'reconciliation test' });
    expect(refunded.response.status, JSON.stringify(refunded.error)).toBe(200);
    const [row] = await service.sql<{ provider: string; type: string }[]>`select provider, type from transactions where id = ${refunded.data!.data.id}`;
    expect(row).toEqual({ provider: 'paystack', type: 'refund' });
    const { data } = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'provider_api' } } });
    expect(data!.data.counts).toMatchObject({ missing_at_provider: 0, pending_within_window: 0 });
    const byReference = await items(data!.data.id);
    expect(byReference.has(refunded.data!.data.id)).toBe(false);
  }, 60_000);

  it('Paystack not answering is 503 RAIL_UNAVAILABLE with Retry-After; the run is kept as failed, saying why', async () => {
    emulator.inject({ method: 'GET', template: '/settlement', mode: 'status', status: 503 });
    const { error, response } = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'provider_api' } } });
    expect(response.status).toBe(503);
    expect(error!.error.code).toBe('RAIL_UNAVAILABLE');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const failed = await ops.GET('/reconciliation/runs', { params: { query: { provider: 'paystack', status: 'failed' } } });
    expect(failed.data!.data[0]!.failure).toMatch(/Paystack answered 503/);
    expect(failed.data!.data[0]!.failure).not.toContain(testSecretKey);
  }, 30_000);

  it('a settlement transaction Paystack reports in a status it does not have fails the run: 422 naming body.source.type', async () => {
    // A settlement (the newest) whose one transaction is in no state Paystack's docs list.
    const odd = randomUUID();
    emulator.state.charges.set(odd, { ...emulator.state.charges.get(ids.paid!)!, reference: odd, status: 'mystery' });
    emulator.state.settlements.push({ id: emulator.state.nextId++, status: 'success', currency: 'KES', settlementDate: new Date().toISOString(), chargeReferences: [odd] });
    const { error, response } = await ops.POST('/reconciliation/runs', { body: { provider: 'paystack', ...period, source: { type: 'provider_api' } } });
    expect(response.status).toBe(422);
    expect(error!.error.details!.fields![0]).toMatchObject({ field: 'body.source.type', message: expect.stringMatching(/"mystery" is not a Paystack transaction status/) });
    emulator.state.settlements.pop();
  }, 30_000);

  it('providers without a report API: M-Pesa is 422 naming body.source.type; MTN MoMo is no reconciliation provider (422 naming body.provider)', async () => {
    const mpesa = await ops.POST('/reconciliation/runs', { body: { provider: 'mpesa', ...period, source: { type: 'provider_api' } } });
    expect(mpesa.response.status).toBe(422);
    expect(mpesa.error!.error.details!.fields![0]).toMatchObject({ field: 'body.source.type', message: expect.stringMatching(/upload its statement export/) });
    const momo = await ops.POST('/reconciliation/runs', { body: { provider: 'mtn_momo' as never, ...period, source: { type: 'provider_api' } } });
    expect(momo.response.status).toBe(422);
    expect(momo.error!.error.details!.fields!.map((f) => f.field)).toContain('body.provider');
  }, 30_000);
});
