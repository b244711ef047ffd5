// The stream of requests the cluster fault test keeps up while replicas die: collections and
// payouts through the SDK, each with its own Idempotency-Key, retried with that same key after a
// retryable answer (503 with Retry-After; 409 "in progress" with Retry-After) until it succeeds.
// Every answer is recorded, so the test can say that none was a 500, a hang or a refusal.
import { randomUUID } from 'node:crypto';
import { createClient, type MerchantClient } from '@payagg/sdk';
import type { CreatedApiKey } from '../../src/accounts/api-keys.ts';

/**
 * What the test's client waits for one answer before calling it a hang: well past the ledger's
 * request timeout (TB_REQUEST_TIMEOUT_MS, 5 s by default) twice over (a payout's hold and then
 * its failure path's lookup can each wait that long).
 */
export const clientTimeoutMs = 30_000;
/** Concurrent requests in flight: enough to have some in flight at the moment of a kill on two cores. */
const lanes = 3;
/** Pause between settlement rounds: about the worker's outcome poll interval. */
const settleEveryMs = 100;

export type Answer = { status: number; retryAfter: string | null; code: string | null; reason: string | null } | { status: 'hang' | 'network'; error: string };

export type Operation = {
  kind: 'collection' | 'payout';
  merchant: number;
  key: string;
  amount: number;
  answers: Answer[];
  /** The resource id of its successful answer. */
  id: string | null;
};

export type TrafficMerchant = { client: MerchantClient; walletId: string; destinationRef: string };

/** An SDK client for `key` whose transport gives up after clientTimeoutMs (a hang is recorded, not waited out). */
export function timeBoundClient(baseUrl: string, key: CreatedApiKey): MerchantClient {
  return createClient({
    baseUrl, apiKey: key.api_key, apiSecret: key.api_secret,
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(clientTimeoutMs) }),
  });
}

function isRetryable(answer: Answer): boolean {
  if (typeof answer.status !== 'number' || answer.retryAfter === null) return false;
  return answer.status === 503 || (answer.status === 409 && answer.reason === 'in_progress');
}

async function send(merchant: TrafficMerchant, op: Operation): Promise<{ answer: Answer; id: string | null }> {
  const header = { 'Idempotency-Key': op.key };
  try {
    const result = op.kind === 'collection'
      ? await merchant.client.POST('/collections', {
        params: { header }, body: { amount: op.amount, currency: 'KES', rail: 'mobile_money', payer_phone: '+254712345678' } as never,
      })
      : await merchant.client.POST('/payouts', {
        params: { header },
        body: { wallet_id: merchant.walletId, destination_type: 'mobile_money', destination_ref: merchant.destinationRef, amount: op.amount, currency: 'KES' } as never,
      });
    const error = (result.error as { error?: { code?: string; reason?: string } } | undefined)?.error;
    return {
      answer: { status: result.response.status, retryAfter: result.response.headers.get('retry-after'), code: error?.code ?? null, reason: error?.reason ?? null },
      id: (result.data as { data?: { id?: string } } | undefined)?.data?.id ?? null,
    };
  } catch (error) {
    const e = error as Error;
    return { answer: { status: e.name === 'TimeoutError' ? 'hang' : 'network', error: e.message }, id: null };
  }
}

/** Sends `op` until it succeeds, honouring Retry-After; stops at the first answer that is neither success nor retryable. */
export async function complete(merchant: TrafficMerchant, op: Operation): Promise<void> {
  for (;;) {
    const { answer, id } = await send(merchant, op);
    op.answers.push(answer);
    if (answer.status === 200) {
      op.id = id;
      return;
    }
    if (!isRetryable(answer)) return;
    await new Promise((resolve) => setTimeout(resolve, Number((answer as { retryAfter: string }).retryAfter) * 1000));
  }
}

/**
 * Lanes that keep sending, alternating collections and payouts over the merchants, until stop(),
 * and one that settles collections as a worker would (`settle`: a round of the rail outcome
 * poller; a round the ledger fails is counted and the next one delivers what it left).
 * `until(n)` resolves once n more operations have finished (a poll on the count, not a sleep).
 */
export function startTraffic(merchants: TrafficMerchant[], amounts: { collection: number; payout: number }, settle: () => Promise<unknown>) {
  const operations: Operation[] = [];
  let stopped = false;
  let settlementFailures = 0;
  const settler = async () => {
    while (!stopped) {
      try {
        await settle();
      } catch {
        settlementFailures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, settleEveryMs));
    }
  };
  let next = 0;
  const finished = () => operations.filter((op) => op.answers.length > 0 && (op.id !== null || !isRetryable(op.answers.at(-1)!))).length;
  const lane = async () => {
    while (!stopped) {
      const n = next++;
      const op: Operation = {
        kind: n % 2 === 0 ? 'collection' : 'payout', merchant: Math.floor(n / 2) % merchants.length, key: randomUUID(),
        amount: n % 2 === 0 ? amounts.collection : amounts.payout, answers: [], id: null,
      };
      operations.push(op);
      await complete(merchants[op.merchant]!, op);
    }
  };
  const running = Promise.all([...Array.from({ length: lanes }, lane), settler()]);
  return {
    operations,
    finished,
    settlementFailures: () => settlementFailures,
    async until(more: number, timeoutMs = 120_000): Promise<void> {
      const target = finished() + more;
      const deadline = Date.now() + timeoutMs;
      while (finished() < target) {
        if (Date.now() > deadline) throw new Error(`traffic: ${finished()} of ${target} operations finished after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}
