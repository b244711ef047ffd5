// MTN MoMo Disbursement as our mobile_money PayoutRailConnector
// (https://momodeveloper.mtn.com/api-documentation, Disbursement: "Transfer", "GetTransferStatus").
// A send is POST /disbursement/v1_0/transfer keyed by X-Reference-Id = a UUID derived from
// (payoutId, attempt) (payout-rails/attempt-reference.ts): the send job that calls again after a
// crash or a timeout sends the same key, MoMo answers 409 instead of paying twice, and the
// connector answers the original receipt. The outcome comes to X-Callback-Url and on the status read.
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutAmountRefusal, type PayoutRailConnector, type PayoutSend, type PayoutSendReceipt, type PayoutStatusAnswer } from '../../payout-rails/types.ts';
import { minorUnitsOf } from '../../rails/provider-amounts.ts';
import { ProviderCallError } from '../../rails/provider-http.ts';
import type { RailLogger } from '../../rails/types.ts';
import { momoAmountOf } from './amounts.ts';
import { MtnMomoAuthenticationError, type MtnMomoClient } from './client.ts';
import type { MtnMomoConfig } from './config.ts';
import { mtnMomoProviderName, readStatus, statusAnswerOf } from './status-reads.ts';
import { msisdnPattern, transferBody } from './transformers.ts';

const destinationType = 'mobile_money';

export function createMtnMomoPayoutConnector(config: MtnMomoConfig, deps: { client: MtnMomoClient; logger: RailLogger }): PayoutRailConnector {
  const { client, logger } = deps;

  async function send(request: PayoutSend, referenceId: string, amount: string, phone: string): Promise<void> {
    const answer = await client.call('disbursement', {
      method: 'POST',
      path: '/v1_0/transfer',
      headers: {
        'x-reference-id': referenceId,
        ...(config.callbackUrlBase === null ? {} : { 'x-callback-url': `${config.callbackUrlBase}/transfer/${referenceId}` }),
      },
      body: transferBody({ amount, currency: request.currency, payoutId: request.payoutId, attempt: request.attempt, phone }),
      what: 'mtn-momo transfer',
    });
    if (answer.status === 202) return;
    if (answer.status === 409) {
      // Sent before under this attempt: the same send if MoMo holds the same amount for it.
      const held = await readStatus(client, 'transfer', referenceId);
      if (held !== null && held.currency === request.currency && minorUnitsOf(held.amount ?? '', request.currency) === request.amount) return;
      throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'the attempt was sent before with a different request');
    }
    if (answer.status >= 500 || answer.status === 429) throw new PayoutRailOutageError(destinationType, 'provider_down');
    logger.warn('mtn-momo refused the transfer', { status: answer.status });
    throw new PayoutSendDeclinedError(destinationType, 'send_declined', `MTN MoMo answered ${answer.status}`);
  }

  return {
    destinationType,
    provider: mtnMomoProviderName,
    /** The account's currencies and fraction digits (amounts.ts): asked at request time, and by sendPayout. */
    amountRefusal(amount: number, currency: string): PayoutAmountRefusal | null {
      const checked = momoAmountOf(config, amount, currency);
      return checked.ok ? null : { field: checked.field, message: checked.detail };
    },
    /** The routing's status query: GET transfer/{referenceId} of the attempt. */
    async queryPayout(query: { payoutId: string; attempt: number }): Promise<PayoutStatusAnswer> {
      try {
        const answer = await statusAnswerOf(deps.client, 'transfer', payoutAttemptUuid(query.payoutId, query.attempt));
        if (answer.state !== 'final') return answer;
        return answer.outcome.kind === 'payout' ? { state: 'final', outcome: answer.outcome.outcome } : { state: 'pending' };
      } catch (error) {
        if (error instanceof ProviderCallError) throw new PayoutRailOutageError(destinationType, error.failure, { cause: error });
        if (error instanceof MtnMomoAuthenticationError) throw new PayoutRailOutageError(destinationType, 'provider_down', { cause: error });
        throw error;
      }
    },
    async sendPayout(request: PayoutSend): Promise<PayoutSendReceipt> {
      if (request.destination.destination_type !== destinationType) throw new PayoutSendDeclinedError(destinationType, 'invalid_account', 'not a mobile money destination');
      const phone = request.destination.phone;
      if (!msisdnPattern.test(phone)) throw new PayoutSendDeclinedError(destinationType, 'invalid_account', 'the phone is not an MSISDN');
      const amount = momoAmountOf(config, request.amount, request.currency);
      // Not representable: refused before anything is sent (docs/providers/mtn-momo.md#amounts).
      if (!amount.ok) throw new PayoutSendDeclinedError(destinationType, 'send_declined', `${amount.field}: ${amount.detail}`);
      const referenceId = payoutAttemptUuid(request.payoutId, request.attempt);
      try {
        await send(request, referenceId, amount.amount, phone);
      } catch (error) {
        if (error instanceof ProviderCallError) throw new PayoutRailOutageError(destinationType, error.failure, { cause: error });
        if (error instanceof MtnMomoAuthenticationError) throw new PayoutRailOutageError(destinationType, 'provider_down', { cause: error });
        throw error;
      }
      return { providerReference: referenceId };
    },
  };
}
