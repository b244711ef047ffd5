// Our side of the emulated provider (emulated-provider.ts): a collection rail connector, a payout
// rail connector and a callback handler, written as a real provider's connector is
// (connectors/<provider>/): its wire format, its errors mapped to ours (a closed port or a 503
// `accepted: false` -> refused before accepting; no answer in time -> a timeout that may have
// been accepted; 422 -> declined), its signature check on the raw body.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RailDeclinedError, RailOutageError } from '../../src/rails/errors.ts';
import type { Rail, RailConnector, RailInitiationResult, RailFailureReason } from '../../src/rails/types.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutDestinationType, type PayoutRailConnector } from '../../src/payout-rails/types.ts';
import type { ProviderCallbackHandler, ProviderOutcome } from '../../src/provider-outcomes/types.ts';
import type { Charge, EmulatedProvider } from './emulated-provider.ts';

/** Our own deadline for an answer: below the breaker's (RAIL_BREAKER_TIMEOUT_MS). */
export const emulatedCallTimeoutMs = 400;

type Answer = { status: number; body: unknown };

async function call(provider: EmulatedProvider, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer | 'refused' | 'timeout'> {
  try {
    const response = await fetch(`${provider.baseUrl}${path}`, {
      method, signal: AbortSignal.timeout(emulatedCallTimeoutMs),
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'refused';
  }
}

export function emulatedRailConnector(provider: EmulatedProvider, rail: Rail): RailConnector {
  const initiate = async (body: Record<string, unknown>): Promise<RailInitiationResult> => {
    const answer = await call(provider, 'POST', '/charges', body);
    if (answer === 'refused') throw new RailOutageError(rail, 'provider_down');
    if (answer === 'timeout') throw new RailOutageError(rail, 'timeout');
    if (answer.status === 503) throw new RailOutageError(rail, 'provider_down');
    if (answer.status === 422) throw new RailDeclinedError(rail, 'invalid_amount');
    return { providerReference: (answer.body as { provider_reference: string }).provider_reference, actionUrl: null, ussdCode: null };
  };
  const status = async (reference: string): Promise<Charge | null> => {
    const answer = await call(provider, 'GET', `/charges/${encodeURIComponent(reference)}`);
    if (answer === 'refused' || answer === 'timeout' || answer.status >= 500) throw new RailOutageError(rail, answer === 'timeout' ? 'timeout' : 'provider_down');
    return answer.status === 404 ? null : answer.body as Charge;
  };
  return {
    rail,
    provider: provider.name,
    initiateCollection: (request) => initiate({ reference: request.transactionId, kind: 'collection', amount: request.amount, currency: request.currency }),
    initiateRefund: (request) => initiate({ reference: request.transactionId, kind: 'refund', amount: request.amount, currency: request.currency, parent_reference: request.parentProviderReference }),
    async findCollection(transactionId) {
      const charge = await status(transactionId);
      return charge && charge.kind === 'collection' ? { providerReference: charge.providerReference, actionUrl: null, ussdCode: null } : null;
    },
    redeliverOutcome: async () => false,
    reverseCollection: async () => {
      throw new RailDeclinedError(rail, 'collection_not_found');
    },
    async queryOutcome({ transactionId }) {
      const charge = await status(transactionId);
      if (charge === null) return { state: 'unknown' };
      if (charge.status === 'pending') return { state: 'pending' };
      return { state: 'final', outcome: railOutcomeOf(charge, rail) };
    },
  };
}

function railOutcomeOf(charge: Charge, rail: Rail) {
  return {
    providerReference: charge.providerReference, rail, kind: charge.kind as 'collection' | 'refund',
    status: charge.status as 'success' | 'failed', failureReason: charge.status === 'failed' ? charge.failureReason as RailFailureReason : null,
    transactionId: charge.reference,
  };
}

export function emulatedPayoutConnector(provider: EmulatedProvider, destinationType: PayoutDestinationType): PayoutRailConnector {
  const referenceOf = (payoutId: string, attempt: number) => `${payoutId}.${attempt}`;
  return {
    destinationType,
    provider: provider.name,
    async sendPayout(request) {
      const answer = await call(provider, 'POST', '/transfers', { reference: referenceOf(request.payoutId, request.attempt), kind: 'payout', amount: request.amount, currency: request.currency });
      if (answer === 'refused') throw new PayoutRailOutageError(destinationType, 'provider_down');
      if (answer === 'timeout') throw new PayoutRailOutageError(destinationType, 'timeout');
      if (answer.status === 503) throw new PayoutRailOutageError(destinationType, 'provider_down');
      if (answer.status === 422) throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'amount refused');
      return { providerReference: (answer.body as { provider_reference: string }).provider_reference };
    },
    async queryPayout({ payoutId, attempt }) {
      const answer = await call(provider, 'GET', `/transfers/${encodeURIComponent(referenceOf(payoutId, attempt))}`);
      if (answer === 'refused' || answer === 'timeout' || answer.status >= 500) throw new PayoutRailOutageError(destinationType, 'provider_down');
      if (answer.status === 404) return { state: 'unknown' };
      const charge = answer.body as Charge;
      if (charge.status === 'pending') return { state: 'pending' };
      return { state: 'final', outcome: {
        payoutId, attempt, providerReference: charge.providerReference, status: charge.status,
        failureReason: charge.status === 'failed' ? 'invalid_account' : null,
      } };
    },
  };
}

/** Verifies the HMAC-SHA512 signature of the raw body before reading it (Paystack's scheme). */
export function emulatedCallbackHandler(provider: EmulatedProvider, railOf: (charge: Charge) => Rail): ProviderCallbackHandler {
  return {
    provider: provider.name,
    async handle(request) {
      const given = Buffer.from(request.headers['x-emulated-signature'] ?? '', 'hex');
      const expected = createHmac('sha512', provider.secret).update(request.rawBody).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { outcomes: [], reply: { status: 401, body: { message: 'bad signature' } } };
      let charge: Charge;
      try {
        charge = (JSON.parse(request.rawBody.toString('utf8')) as { data: Charge }).data;
      } catch {
        return { outcomes: [], reply: { status: 400, body: { message: 'not JSON' } } };
      }
      if (charge.status === 'pending') return { outcomes: [], reply: { status: 200, body: { received: true } } };
      const outcomes: ProviderOutcome[] = [charge.kind === 'payout'
        ? { kind: 'payout', provider: provider.name, outcome: {
          payoutId: charge.reference.split('.')[0]!, attempt: Number(charge.reference.split('.')[1]), providerReference: charge.providerReference,
          status: charge.status, failureReason: charge.status === 'failed' ? 'invalid_account' : null,
        } }
        : { kind: charge.kind, provider: provider.name, outcome: railOutcomeOf(charge, railOf(charge)) }];
      return { outcomes, reply: { status: 200, body: { received: true } } };
    },
  };
}
