// Type behaviour of the SDK, checked by tsc (vitest typecheck). Each `// @ts-expect-error` sits on
// the exact line that must not compile; if it ever compiles, tsc reports the unused directive.
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiErrorCode, paths } from '@payagg/contract';
import {
  createCheckoutClient,
  createClient,
  listAll,
  paginate,
  type PageItem,
  type MerchantClient,
} from '../src/index.ts';

const client = createClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', apiSecret: 's' });
const uuid = '3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** "METHOD /path" of every operation in the generated contract. */
type OperationsOf<Paths> = {
  [P in keyof Paths & string]: {
    [M in Method & keyof Paths[P]]: [NonNullable<Paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${P}`;
  }[Method & keyof Paths[P]];
}[keyof Paths & string];

/** Operations whose generated parameters include the header `Name`. */
type OperationsWithHeader<Paths, Name extends string> = {
  [P in keyof Paths & string]: {
    [M in Method & keyof Paths[P]]: NonNullable<Paths[P][M]> extends { parameters: { header?: infer Header } }
      ? [NonNullable<Header>] extends [never]
        ? never
        : Name extends keyof NonNullable<Header>
          ? `${Uppercase<M>} ${P}`
          : never
      : never;
  }[Method & keyof Paths[P]];
}[keyof Paths & string];

type SevenIdempotentOperations =
  | 'POST /collections'
  | 'POST /collections/{id}/refunds'
  | 'POST /checkout-sessions'
  | 'POST /checkout-sessions/{id}/pay'
  | 'POST /sub-merchants'
  | 'POST /payouts'
  | 'POST /payouts/bulk';

// Additions of the webhooks issue (docs/webhooks.md): delivery history, replay, rotation, events.
type WebhookAndEventAdditions =
  | 'GET /webhooks/{id}'
  | 'POST /webhooks/{id}/rotate-secret'
  | 'POST /webhooks/{id}/enable'
  | 'GET /webhooks/{id}/deliveries'
  | 'POST /webhooks/{id}/deliveries/{delivery_id}/retry'
  | 'GET /events'
  | 'GET /events/{id}';

// Additions of the disputes part of issue 15 (docs/disputes.md): reads and the sandbox helpers.
type DisputeAdditions =
  | 'GET /disputes'
  | 'GET /disputes/{id}'
  | 'POST /sandbox/disputes'
  | 'POST /sandbox/disputes/{id}/resolve';
// Additions of split settlement (docs/split-settlement.md): deactivation, escrow holds, delivery.
type SplitSettlementAdditions =
  | 'POST /split-rules/{id}/deactivate'
  | 'GET /escrow-holds'
  | 'GET /escrow-holds/{id}'
  | 'POST /escrow-holds/{id}/release'
  | 'POST /escrow-holds/{id}/return'
  | 'POST /collections/{id}/delivery-confirmation';

// State changes that accept an optional Idempotency-Key (decision 0422); the SDK fills in none.
type OptionalKeyOperations =
  | 'POST /split-rules'
  | 'POST /sub-merchants/{id}/suspend'
  | 'POST /sub-merchants/{id}/reactivate'
  | 'POST /split-rules/{id}/deactivate'
  | 'POST /escrow-holds/{id}/release'
  | 'POST /escrow-holds/{id}/return'
  | 'POST /collections/{id}/delivery-confirmation'
  | 'POST /payouts/{id}/cancel'
  | 'POST /sandbox/disputes'
  | 'POST /sandbox/disputes/{id}/resolve'
  // Creations that are not money movements and webhook changes (decision 0470).
  | 'POST /payout-destinations'
  | 'POST /fx/rate-locks'
  | 'POST /webhooks'
  | 'POST /webhooks/{id}/rotate-secret'
  | 'POST /webhooks/{id}/enable'
  | 'POST /webhooks/{id}/deliveries/{delivery_id}/retry';

describe('contract and SDK agree', () => {
  it('the spec puts Idempotency-Key on the seven operations the SDK fills in, and optionally on the state changes', () => {
    expectTypeOf<OperationsWithHeader<paths, 'Idempotency-Key'>>().toEqualTypeOf<SevenIdempotentOperations | OptionalKeyOperations>();
  });

  it('the spec has every merchant operation of the seed (27, incl. the two payer ones) and the additions', () => {
    expectTypeOf<OperationsOf<paths>>().toEqualTypeOf<
      | SevenIdempotentOperations
      | 'GET /collections/{id}'
      | 'GET /checkout-sessions/{id}'
      | 'GET /transactions'
      | 'GET /transactions/{id}'
      | 'GET /sub-merchants'
      | 'GET /sub-merchants/{id}'
      // Additions (docs/sub-merchants.md): the KYC case, suspension, the wallet statement.
      | 'GET /sub-merchants/{id}/kyc'
      | 'POST /sub-merchants/{id}/suspend'
      | 'POST /sub-merchants/{id}/reactivate'
      | 'GET /users'
      | 'GET /wallets'
      | 'GET /wallets/{id}/balance'
      | 'GET /wallets/{id}/entries'
      // Statements (issue 25, docs/wallets.md): daily balances and the CSV export.
      | 'GET /wallets/{id}/statement'
      | 'GET /wallets/{id}/statement.csv'
      | 'POST /split-rules'
      | 'GET /split-rules'
      | 'GET /split-rules/{id}'
      | 'GET /payouts'
      | 'GET /payouts/{id}'
      | 'GET /payouts/batches/{id}'
      // Additions (docs/payouts.md): destination tokenization, cancel of a queued payout.
      | 'POST /payouts/{id}/cancel'
      | 'POST /payout-destinations'
      | 'GET /payout-destinations/{id}'
      | 'POST /webhooks'
      | 'GET /webhooks'
      | 'DELETE /webhooks/{id}'
      | 'GET /fx/rates'
      | 'POST /fx/rate-locks'
      | WebhookAndEventAdditions
      | DisputeAdditions
      | SplitSettlementAdditions
    >();
  });

  it('ApiErrorCode is the closed list of documented codes', () => {
    expectTypeOf<'AUTH_SIGNATURE_MISMATCH'>().toExtend<ApiErrorCode>();
    expectTypeOf<'VALIDATION_ERROR'>().toExtend<ApiErrorCode>();
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<ApiErrorCode>();
  });
});

describe('merchant client types', () => {
  it('rejects unknown paths and wrong methods', () => {
    // @ts-expect-error: no such path
    void client.GET('/colections/{id}', { params: { path: { id: uuid } } });
    // @ts-expect-error: /users has no POST
    void client.POST('/users', { body: {} });
    // @ts-expect-error: /collections has no GET (list collections through /transactions)
    void client.GET('/collections');
  });

  it('rejects wrong bodies', () => {
    // @ts-expect-error: amount is an integer of minor units, not a string
    void client.POST('/collections', { body: { amount: '1500.00', currency: 'KES', rail: 'card' } });
    // @ts-expect-error: rail is required
    void client.POST('/collections', { body: { amount: 150000, currency: 'KES' } });
    // @ts-expect-error: not a Rail
    void client.POST('/collections', { body: { amount: 150000, currency: 'KES', rail: 'paypal' } });
    // @ts-expect-error: the body is required
    void client.POST('/collections', {});
  });

  it('requires path parameters', () => {
    // @ts-expect-error: params.path.id is missing
    void client.GET('/collections/{id}', {});
    void client.GET('/collections/{id}', { params: { path: { id: uuid } } });
  });

  it('does not ask for the headers the SDK sets (Idempotency-Key, signing headers)', () => {
    void client.POST('/collections', { body: { amount: 150000, currency: 'KES', rail: 'card', payer_card_token: 'tok' } });
    void client.POST('/collections', {
      params: { header: { 'Idempotency-Key': 'caller-chosen' } },
      body: { amount: 150000, currency: 'KES', rail: 'card', payer_card_token: 'tok' },
    });
    void client.GET('/users');
  });

  it('types success data as the envelope and error as the error envelope', async () => {
    const { data, error } = await client.GET('/users');
    if (data) expectTypeOf(data.meta.request_id).toEqualTypeOf<string>();
    if (error) expectTypeOf(error.error.code).toEqualTypeOf<ApiErrorCode>();
  });
});

describe('pagination types', () => {
  it('yields the item type of the list', async () => {
    for await (const transaction of paginate(client, '/transactions', { params: { query: { limit: 10 } } })) {
      expectTypeOf(transaction.amount).toEqualTypeOf<number>();
    }
    expectTypeOf<PageItem<MerchantClient, '/transactions'>>().toHaveProperty('currency');
    const all = await listAll(client, '/transactions');
    expectTypeOf(all).toBeArray();
  });

  it('rejects paths that are not paginated lists', () => {
    // @ts-expect-error: /users is a list without a cursor (meta has no next_cursor)
    void paginate(client, '/users');
    // @ts-expect-error: a single resource, not a list
    void paginate(client, '/collections/{id}', { params: { path: { id: uuid } } });
  });
});

describe('checkout client types', () => {
  it('only has the two payer-facing operations', () => {
    const checkout = createCheckoutClient({ baseUrl: 'http://127.0.0.1:1/v1', clientToken: 't' });
    void checkout.GET('/checkout-sessions/{id}', { params: { path: { id: uuid } } });
    void checkout.POST('/checkout-sessions/{id}/pay', { params: { path: { id: uuid } }, body: { rail: 'qr' } });
    // @ts-expect-error: merchant operations are not reachable with a client token
    void checkout.GET('/users');
  });
});
