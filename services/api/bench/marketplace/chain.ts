// The marketplace chain, driven the way a platform drives it: through the public API (the SDK,
// signed requests) and its webhooks, nothing else.
//   setup: `sellers` sub-merchants (KYC tier_2, verified by the sandbox KYC provider), a tokenized
//   mobile-money destination for each, one percentage split rule of three legs (platform fee,
//   tax, the seller's remainder held in escrow until released by hand), and one webhook endpoint
//   subscribed to every event the chain writes, pointing at the signature-checking receiver.
//   iteration (one payment): POST /collections naming the rule and a seller; the sandbox rail
//   answers success; settlement splits it into the legs (the seller's held); on the escrow.held
//   webhook, POST /escrow-holds/{id}/release; on its answer, POST /payouts of the seller's leg to
//   its tokenized destination; the payout succeeds at the sandbox rail. The iteration ends when
//   the receiver has every event of the collection and of the payout (the expected types are
//   learnt from GET /events on the first payment, so a change in what the chain writes is
//   followed, not assumed).
import type { ChildProcess } from 'node:child_process';
import { createClient, type MerchantClient } from '@payagg/sdk';
import type { Receipt, ReceiverMessage } from './receiver.ts';

export const payment_amount = 150_000;
export const payment_currency = 'KES';
/** Platform fee 10 %, tax 16 %, the seller 74 % (the remainder) held in escrow: three legs, no merchant leg. */
const split_rule = {
  name: 'marketplace bench', rule_type: 'percentage',
  recipients: [
    { recipient_type: 'platform', value: 10 },
    { recipient_type: 'tax', value: 16 },
    { recipient_type: 'sub_merchant', value: 74, escrow: true, escrow_release_condition: 'manual' },
  ],
};
const chain_events = ['transaction.pending', 'transaction.success', 'transaction.failed', 'escrow.held', 'escrow.released', 'escrow.returned',
  'payout.queued', 'payout.processing', 'payout.success', 'payout.failed'];
const kyc_wait_ms = 120_000;

export type Seller = { id: string; destinationRef: string };
export type Setup = { ruleId: string; sellers: Seller[] };

/** One finished payment: when it started (scheduled), its lags, when its last event arrived. */
export type Done = { startedAtMs: number; endedAtMs: number; settlementLagMs: number; deliveryLagsMs: number[] };

type Payment = {
  seller: Seller;
  startedAtMs: number;
  collectionId: string | null;
  collectionCreatedAtMs: number;
  payoutId: string | null;
  received: Map<string, Receipt>;
  settlementLagMs: number;
  resolve(done: Done): void;
  reject(error: Error): void;
};

function check<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.response.status !== 200 || !answer.data) throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

export class Chain {
  readonly client: MerchantClient;
  /** Event types one payment ends with, by resource; learnt on the first payment. */
  expected: { collection: Set<string>; payout: Set<string> } | null = null;
  rejected = 0;
  started = 0;
  completed = 0;
  #byResource = new Map<string, Payment>();
  /** Receipts of a resource whose creating request has not answered yet. */
  #early = new Map<string, Receipt[]>();
  #nextSeller = 0;
  #setup: Setup | null = null;

  constructor(origin: string, credentials: { apiKey: string; apiSecret: string }, receiver: ChildProcess) {
    this.client = createClient({ baseUrl: `${origin}/v1`, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret });
    receiver.on('message', (message: ReceiverMessage) => {
      if (message.kind !== 'receipts') return;
      this.rejected += message.rejected;
      for (const receipt of message.receipts) this.#receive(receipt);
    });
  }

  async setup(sellersCount: number, receiverPort: number, receiver: ChildProcess): Promise<Setup> {
    const { client } = this;
    const endpoint = check(await client.POST('/webhooks', { body: { url: `http://127.0.0.1:${receiverPort}/marketplace`, subscribed_events: chain_events as never } }), 'POST /webhooks');
    receiver.send({ secret: endpoint.data.signing_secret });
    const rule = check(await client.POST('/split-rules', { body: split_rule as never }), 'POST /split-rules');
    const sellers: Seller[] = [];
    for (let i = 0; i < sellersCount; i += 1) {
      const seller = check(await client.POST('/sub-merchants', {
        body: { display_name: `Seller ${i}`, type: 'business', country: 'KE', kyc_tier: 'tier_2', contact: { phone: `+25471${String(i).padStart(7, '0')}` } },
      }), 'POST /sub-merchants');
      // Distinct phones, none ending in the sandbox's failing magic suffixes (99000xx).
      const destination = check(await client.POST('/payout-destinations', {
        body: { destination_type: 'mobile_money', country: 'KE', currency: payment_currency, phone: `+25472${String(i).padStart(7, '0')}` },
      }), 'POST /payout-destinations');
      sellers.push({ id: seller.data.id, destinationRef: destination.data.destination_ref });
    }
    const deadline = Date.now() + kyc_wait_ms;
    for (;;) {
      const pending = check(await client.GET('/sub-merchants', { params: { query: { kyc_status: 'pending', limit: 1 } } }), 'GET /sub-merchants');
      if (pending.data.length === 0) break;
      if (Date.now() > deadline) throw new Error('sellers still pending KYC');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const verified = check(await client.GET('/sub-merchants', { params: { query: { kyc_status: 'verified', limit: 100 } } }), 'GET /sub-merchants');
    if (verified.data.length < Math.min(sellersCount, 100)) throw new Error(`only ${verified.data.length} sellers verified`);
    this.#setup = { ruleId: rule.data.id, sellers };
    return this.#setup;
  }

  /** The first payment, alone: learns the event types the chain writes from GET /events, and checks the receiver got them all. */
  async learn(): Promise<Done> {
    const payment = this.#start(performance.timeOrigin + performance.now());
    const collectionId = await this.#waitFor(() => payment.collectionId);
    const payoutId = await this.#waitFor(() => (payment.received.has(`${payment.payoutId}:payout.success`) ? payment.payoutId : null));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const typesOf = async (resourceId: string) => new Set(check(await this.client.GET('/events', { params: { query: { resource_id: resourceId } } }), 'GET /events').data.map((e) => e.type as string));
    this.expected = { collection: await typesOf(collectionId), payout: await typesOf(payoutId!) };
    this.#maybeDone(payment);
    return await payment.done;
  }

  /** One payment through the whole chain; resolves when the receiver has its last event. */
  run(startedAtMs: number): Promise<Done> {
    return this.#start(startedAtMs).done;
  }

  #start(startedAtMs: number): Payment & { done: Promise<Done> } {
    const setup = this.#setup!;
    const seller = setup.sellers[this.#nextSeller++ % setup.sellers.length]!;
    let resolve!: (done: Done) => void;
    let reject!: (error: Error) => void;
    const done = new Promise<Done>((res, rej) => { resolve = res; reject = rej; });
    const payment = { seller, startedAtMs, collectionId: null, collectionCreatedAtMs: 0, payoutId: null, received: new Map(), settlementLagMs: -1, resolve, reject, done };
    this.started += 1;
    void this.#collect(payment, setup.ruleId).catch((error: Error) => payment.reject(error));
    return payment;
  }

  async #collect(payment: Payment, ruleId: string): Promise<void> {
    const created = check(await this.client.POST('/collections', {
      body: { amount: payment_amount, currency: payment_currency, rail: 'mobile_money', payer_phone: '+254700000000', sub_merchant_id: payment.seller.id, split_rule_id: ruleId } as never,
    }), 'POST /collections');
    payment.collectionId = created.data.id;
    payment.collectionCreatedAtMs = Date.parse(created.data.created_at);
    this.#track(payment.collectionId, payment);
  }

  async #releaseAndPay(payment: Payment, escrow: NonNullable<Receipt['escrow']>): Promise<void> {
    check(await this.client.POST('/escrow-holds/{id}/release', { params: { path: { id: escrow.holdId } } }), 'POST /escrow-holds/{id}/release');
    const payout = check(await this.client.POST('/payouts', {
      body: { wallet_id: escrow.walletId, destination_type: 'mobile_money', destination_ref: payment.seller.destinationRef, amount: escrow.amount, currency: payment_currency },
    }), 'POST /payouts');
    payment.payoutId = payout.data.id;
    this.#track(payment.payoutId, payment);
  }

  #track(resourceId: string, payment: Payment): void {
    this.#byResource.set(resourceId, payment);
    const early = this.#early.get(resourceId);
    this.#early.delete(resourceId);
    for (const receipt of early ?? []) this.#receive(receipt);
    this.#maybeDone(payment);
  }

  #receive(receipt: Receipt): void {
    const payment = this.#byResource.get(receipt.resourceId);
    if (!payment) {
      const list = this.#early.get(receipt.resourceId) ?? [];
      list.push(receipt);
      this.#early.set(receipt.resourceId, list);
      return;
    }
    const key = `${receipt.resourceId}:${receipt.type}`;
    if (payment.received.has(key)) return; // at-least-once delivery: a repeat
    payment.received.set(key, receipt);
    if (receipt.type === 'transaction.success') payment.settlementLagMs = receipt.createdAtMs - payment.collectionCreatedAtMs;
    if (receipt.type === 'escrow.held') void this.#releaseAndPay(payment, receipt.escrow!).catch((error: Error) => payment.reject(error));
    if (receipt.type === 'transaction.failed' || receipt.type === 'payout.failed') payment.reject(new Error(`${receipt.type} for ${receipt.resourceId}`));
    this.#maybeDone(payment);
  }

  #maybeDone(payment: Payment): void {
    if (!this.expected || !payment.payoutId || !payment.collectionId) return;
    const has = (id: string, types: Set<string>) => [...types].every((type) => payment.received.has(`${id}:${type}`));
    if (!has(payment.collectionId, this.expected.collection) || !has(payment.payoutId, this.expected.payout)) return;
    const receipts = [...payment.received.values()];
    this.#byResource.delete(payment.collectionId);
    this.#byResource.delete(payment.payoutId);
    this.completed += 1;
    payment.resolve({
      startedAtMs: payment.startedAtMs,
      endedAtMs: Math.max(...receipts.map((r) => r.receivedAtMs)),
      settlementLagMs: payment.settlementLagMs,
      deliveryLagsMs: receipts.map((r) => r.receivedAtMs - r.createdAtMs),
    });
  }

  async #waitFor<T>(value: () => T | null): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const v = value();
      if (v !== null && v !== undefined) return v;
      if (Date.now() > deadline) throw new Error('the first payment did not go through the chain within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
