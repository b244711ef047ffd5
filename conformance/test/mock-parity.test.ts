// The same SDK calls against the Prism mock of spec/merchant.yaml (which answers with the spec's
// own examples) and against the real server. Both must answer spec-conformant envelopes, and
// where the real server implements the operation, of the same status and the same shape. This
// keeps the spec's examples valid (a wrong example fails on the mock side) and the examples
// realistic (an example the real server would never produce fails the shape comparison).
//
// Operations in conformance/not-implemented.txt run against the mock only; as that list shrinks,
// their real side switches on by itself.
import { createCheckoutClient, createClient, type MerchantClient } from '@payagg/sdk';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createMerchant, runCli } from './support/cli.ts';
import { expectEnvelope } from './support/http.ts';
import { notImplemented, operationById } from './support/spec.ts';

type Ids = Partial<Record<'collection' | 'session' | 'clientToken' | 'subMerchant' | 'wallet' | 'splitRule' | 'payout' | 'batch' | 'webhook'
  | 'destination' | 'destinationRef', string>>;
type SdkResult = { data?: unknown; error?: unknown; response: Response };
type Target = { name: 'mock' | 'real'; baseUrl: string; client: MerchantClient; ids: Ids };
type Step = {
  operationId: string;
  /** Ids this call needs from earlier steps (taken from the same target's earlier answers). */
  needs?: (keyof Ids)[];
  call: (target: Target, ids: Ids) => Promise<SdkResult>;
  /** Remembers ids from a successful answer's data. */
  keep?: (data: any, ids: Ids) => void;
  /** Runs before the call on the real server only (the mock has no state to wait for). */
  beforeReal?: (target: Target, ids: Ids) => Promise<void>;
};

// A refund needs a successful collection; the sandbox rail settles it asynchronously (at once on
// the suite's own server, after SANDBOX_RAIL_OUTCOME_DELAY_MS on another one).
const settle_timeout_ms = 15_000;
const settle_poll_interval_ms = 50;

async function waitUntilSettled({ client }: Target, collectionId: string): Promise<string> {
  const deadline = Date.now() + settle_timeout_ms;
  for (;;) {
    const { data, response } = await client.GET('/collections/{id}', { params: { path: { id: collectionId } } });
    if (response.status !== 200 || !data) throw new Error(`GET /collections/${collectionId} answered ${response.status}`);
    if (data.data.status !== 'pending' || Date.now() > deadline) return data.data.status;
    await new Promise((resolve) => setTimeout(resolve, settle_poll_interval_ms));
  }
}

const server = inject('server');
const not_implemented = notImplemented('merchant');

// One scenario in the order a merchant would go: the ids each call needs come from earlier calls.
const steps: Step[] = [
  { operationId: 'listUsers', call: ({ client }) => client.GET('/users') },
  {
    operationId: 'createCollection',
    call: ({ client }) =>
      client.POST('/collections', { body: { amount: 150000, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678', reference: 'order-10045' } }),
    keep: (data, ids) => (ids.collection = data.id),
  },
  { operationId: 'getCollection', needs: ['collection'], call: ({ client }, ids) => client.GET('/collections/{id}', { params: { path: { id: ids.collection! } } }) },
  {
    operationId: 'createRefund',
    needs: ['collection'],
    beforeReal: async (target, ids) => {
      expect(await waitUntilSettled(target, ids.collection!)).toBe('success');
    },
    call: ({ client }, ids) => client.POST('/collections/{id}/refunds', { params: { path: { id: ids.collection! } }, body: { amount: 50000, reason: 'Item out of stock' } }),
  },
  { operationId: 'listTransactions', call: ({ client }) => client.GET('/transactions', { params: { query: { limit: 10 } } }) },
  { operationId: 'getTransaction', needs: ['collection'], call: ({ client }, ids) => client.GET('/transactions/{id}', { params: { path: { id: ids.collection! } } }) },
  {
    operationId: 'createCheckoutSession',
    call: ({ client }) => client.POST('/checkout-sessions', { body: { amount: 150000, currency: 'KES', reference: 'order-10046', allowed_rails: ['mobile_money', 'card'] } }),
    keep: (data, ids) => {
      ids.session = data.id;
      ids.clientToken = data.client_token;
    },
  },
  {
    operationId: 'getCheckoutSession',
    needs: ['session', 'clientToken'],
    call: ({ baseUrl }, ids) => createCheckoutClient({ baseUrl, clientToken: ids.clientToken! }).GET('/checkout-sessions/{id}', { params: { path: { id: ids.session! } } }),
  },
  {
    operationId: 'payCheckoutSession',
    needs: ['session', 'clientToken'],
    call: ({ baseUrl }, ids) =>
      createCheckoutClient({ baseUrl, clientToken: ids.clientToken! }).POST('/checkout-sessions/{id}/pay', {
        params: { path: { id: ids.session! } },
        body: { rail: 'mobile_money', payer_phone: '+254712345678' },
      }),
  },
  {
    operationId: 'createSubMerchant',
    call: ({ client }) => client.POST('/sub-merchants', { body: { display_name: 'Mama Njeri Groceries', type: 'business', country: 'KE', kyc_tier: 'tier_2' } }),
    keep: (data, ids) => (ids.subMerchant = data.id),
  },
  { operationId: 'listSubMerchants', call: ({ client }) => client.GET('/sub-merchants', { params: { query: { limit: 10 } } }) },
  { operationId: 'getSubMerchant', needs: ['subMerchant'], call: ({ client }, ids) => client.GET('/sub-merchants/{id}', { params: { path: { id: ids.subMerchant! } } }) },
  {
    operationId: 'listWallets',
    call: ({ client }) => client.GET('/wallets', { params: { query: { limit: 10 } } }),
    keep: (data, ids) => (ids.wallet = data[0]?.id),
  },
  { operationId: 'getWalletBalance', needs: ['wallet'], call: ({ client }, ids) => client.GET('/wallets/{id}/balance', { params: { path: { id: ids.wallet! } } }) },
  {
    operationId: 'createSplitRule',
    needs: ['subMerchant'],
    call: ({ client }, ids) =>
      client.POST('/split-rules', {
        body: {
          name: 'Marketplace 90/10',
          rule_type: 'percentage',
          recipients: [
            { recipient_type: 'sub_merchant', recipient_id: ids.subMerchant!, value: 90 },
            { recipient_type: 'platform', value: 10 },
          ],
        },
      }),
    keep: (data, ids) => (ids.splitRule = data.id),
  },
  { operationId: 'listSplitRules', call: ({ client }) => client.GET('/split-rules', { params: { query: { limit: 10 } } }) },
  { operationId: 'getSplitRule', needs: ['splitRule'], call: ({ client }, ids) => client.GET('/split-rules/{id}', { params: { path: { id: ids.splitRule! } } }) },
  { operationId: 'getFxRate', call: ({ client }) => client.GET('/fx/rates', { params: { query: { base_currency: 'USD', quote_currency: 'KES' } } }) },
  { operationId: 'createFxRateLock', call: ({ client }) => client.POST('/fx/rate-locks', { body: { base_currency: 'USD', quote_currency: 'KES' } }) },
  {
    // Payouts name a tokenized destination (the real server refuses any other ref).
    operationId: 'createPayoutDestination',
    call: ({ client }) => client.POST('/payout-destinations', { body: { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } }),
    keep: (data, ids) => {
      ids.destination = data.id;
      ids.destinationRef = data.destination_ref;
    },
  },
  { operationId: 'getPayoutDestination', needs: ['destination'], call: ({ client }, ids) => client.GET('/payout-destinations/{id}', { params: { path: { id: ids.destination! } } }) },
  {
    operationId: 'createPayout',
    needs: ['wallet', 'destinationRef'],
    call: ({ client }, ids) =>
      client.POST('/payouts', { body: { wallet_id: ids.wallet!, destination_type: 'mobile_money', destination_ref: ids.destinationRef!, amount: 10000, currency: 'KES' } }),
    keep: (data, ids) => (ids.payout = data.id),
  },
  { operationId: 'listPayouts', call: ({ client }) => client.GET('/payouts', { params: { query: { limit: 10 } } }) },
  { operationId: 'getPayout', needs: ['payout'], call: ({ client }, ids) => client.GET('/payouts/{id}', { params: { path: { id: ids.payout! } } }) },
  {
    operationId: 'createPayoutBatch',
    needs: ['wallet', 'destinationRef'],
    call: ({ client }, ids) =>
      client.POST('/payouts/bulk', {
        body: { wallet_id: ids.wallet!, payouts: [{ destination_type: 'mobile_money', destination_ref: ids.destinationRef!, amount: 25000, currency: 'KES' }] },
      }),
    keep: (data, ids) => (ids.batch = data.id),
  },
  { operationId: 'getPayoutBatch', needs: ['batch'], call: ({ client }, ids) => client.GET('/payouts/batches/{id}', { params: { path: { id: ids.batch! } } }) },
  {
    operationId: 'createWebhookEndpoint',
    call: ({ client }) => client.POST('/webhooks', { body: { url: 'https://hooks.merchant.example/payagg', subscribed_events: ['transaction.success', 'payout.failed'] } }),
    keep: (data, ids) => (ids.webhook = data.id),
  },
  { operationId: 'listWebhookEndpoints', call: ({ client }) => client.GET('/webhooks') },
  { operationId: 'deleteWebhookEndpoint', needs: ['webhook'], call: ({ client }, ids) => client.DELETE('/webhooks/{id}', { params: { path: { id: ids.webhook! } } }) },
];

/** Differences in structure (keys and value types); null on either side and free-form objects are not compared. */
function shapeDifferences(real: unknown, mock: unknown, at = '$'): string[] {
  if (real === null || mock === null || real === undefined || mock === undefined) return [];
  if (Array.isArray(real) || Array.isArray(mock)) {
    if (!Array.isArray(real) || !Array.isArray(mock)) return [`${at}: array on one side only`];
    return real.length > 0 && mock.length > 0 ? shapeDifferences(real[0], mock[0], `${at}[0]`) : [];
  }
  if (typeof real !== typeof mock) return [`${at}: ${typeof real} (real) vs ${typeof mock} (mock)`];
  if (typeof real !== 'object' || /\.(metadata|details)$/.test(at)) return [];
  const real_keys = Object.keys(real as object);
  const mock_keys = Object.keys(mock as object);
  const differences = [
    ...real_keys.filter((key) => !mock_keys.includes(key)).map((key) => `${at}.${key}: only in the real answer`),
    ...mock_keys.filter((key) => !real_keys.includes(key)).map((key) => `${at}.${key}: only in the mock (spec example)`),
  ];
  for (const key of real_keys.filter((k) => mock_keys.includes(k))) {
    differences.push(...shapeDifferences((real as any)[key], (mock as any)[key], `${at}.${key}`));
  }
  return differences;
}

function answerOf(result: SdkResult) {
  const body = result.data ?? result.error;
  return { status: result.response.status, headers: result.response.headers, text: JSON.stringify(body) ?? '', body };
}

describe('the SDK against the Prism mock and the real server', () => {
  const mock: Target = { name: 'mock', baseUrl: inject('mockBaseUrl'), client: createClient({ baseUrl: inject('mockBaseUrl'), apiKey: 'pk_sandbox_mock', apiSecret: 'sk_sandbox_mock' }), ids: {} };
  let real: Target;

  beforeAll(async () => {
    let credentials = { apiKey: server.apiKey, apiSecret: server.apiSecret };
    if (server.dataDir !== null) {
      // A merchant of its own with one user, so list answers are not empty on the real side.
      const cli = { dataDir: server.dataDir };
      const merchant = await createMerchant(cli, 'Mock Parity Merchant');
      await runCli(cli, ['users', 'create', '--merchant', merchant.merchant_id, '--email', 'amina@parity.example', '--role', 'admin']);
      credentials = { apiKey: merchant.api_key, apiSecret: merchant.api_secret };
    }
    real = { name: 'real', baseUrl: server.baseUrl, client: createClient({ baseUrl: server.baseUrl, ...credentials }), ids: {} };
  });

  for (const step of steps) {
    const op = operationById(step.operationId);
    it(`${step.operationId}: the mock answers the spec's example${not_implemented.has(step.operationId) ? ' (real server: not implemented yet)' : ', the real server the same shape'}`, async () => {
      const mock_answer = answerOf(await step.call(mock, mock.ids));
      expect(mock_answer.status, `mock: ${mock_answer.text.slice(0, 500)}`).toBe(200);
      const mock_envelope = expectEnvelope(mock_answer, op, { requestIdHeader: false });
      step.keep?.(mock_envelope.data, mock.ids);

      if (not_implemented.has(step.operationId)) return;
      const missing = (step.needs ?? []).filter((name) => real.ids[name] === undefined);
      expect(missing, `${step.operationId} needs ids from earlier steps that the real server did not give`).toEqual([]);
      await step.beforeReal?.(real, real.ids);
      const real_answer = answerOf(await step.call(real, real.ids));
      expect(real_answer.status, `real: ${real_answer.text.slice(0, 500)}`).toBe(mock_answer.status);
      const real_envelope = expectEnvelope(real_answer, op);
      step.keep?.(real_envelope.data, real.ids);
      expect(shapeDifferences(real_envelope, mock_envelope)).toEqual([]);
    });
  }
});
