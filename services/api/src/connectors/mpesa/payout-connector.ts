// M-Pesa B2C as our mobile_money PayoutRailConnector (https://developer.safaricom.co.ke/APIs/BusinessToCustomer):
//   POST /mpesa/b2c/v3/paymentrequest { OriginatorConversationID, InitiatorName,
//        SecurityCredential, CommandID: "BusinessPayment", Amount, PartyA, PartyB, Remarks,
//        QueueTimeOutURL, ResultURL, Occassion } -> 200 { ConversationID,
//        OriginatorConversationID, ResponseCode: "0", ResponseDescription }
// and the outcome comes LATER as a Result to ResultURL (or a queue timeout to QueueTimeOutURL),
// confirmed by a Transaction Status query (callbacks.ts, status-queries.ts). v3 takes OUR
// OriginatorConversationID: a UUID derived from (payoutId, attempt), which is also the receipt's
// providerReference. The send is claimed in provider_references before it leaves: a retry of the
// same attempt never sends again (it answers the receipt, and the outcome is found by the status
// query on that OriginatorConversationID), so a timeout after sending can never pay twice.
import { payoutAttemptUuid } from '../../payout-rails/attempt-reference.ts';
import { PayoutRailOutageError, PayoutSendDeclinedError, type PayoutAmountRefusal, type PayoutRailConnector, type PayoutSend, type PayoutSendReceipt } from '../../payout-rails/types.ts';
import { ProviderCallError, stringFieldOf } from '../../rails/provider-http.ts';
import { mpesaAmountOf } from './amounts.ts';
import { MpesaAuthenticationError } from './client.ts';
import { referenceKinds, requestDigest, type MpesaContext } from './context.ts';
import { errorCodeOf, safaricomMsisdn } from './transformers.ts';

const destinationType = 'mobile_money';

export function createMpesaPayoutConnector(context: MpesaContext): PayoutRailConnector {
  const { config, store } = context;

  async function send(ourReference: string, originatorConversationId: string, shillings: number, msisdn: string): Promise<void> {
    let answer;
    try {
      answer = await context.client.post('/mpesa/b2c/v3/paymentrequest', {
        OriginatorConversationID: originatorConversationId,
        InitiatorName: config.initiatorName,
        SecurityCredential: context.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: shillings,
        PartyA: config.b2cShortcode,
        PartyB: msisdn,
        Remarks: 'Payout',
        QueueTimeOutURL: `${config.callbackUrlBase}/b2c/timeout`,
        ResultURL: `${config.callbackUrlBase}/b2c/result`,
        Occassion: '',
      }, 'mpesa b2c');
    } catch (error) {
      if (error instanceof ProviderCallError && error.failure === 'timeout') {
        // Kept claimed: the retry answers the receipt and the status query finds the outcome.
        context.logger.warn('mpesa b2c timed out: kept claimed, never sent again', { originatorConversationId });
        throw new PayoutRailOutageError(destinationType, 'timeout', { cause: error });
      }
      await store.release(referenceKinds.b2c, ourReference);
      if (error instanceof ProviderCallError || error instanceof MpesaAuthenticationError) throw new PayoutRailOutageError(destinationType, 'provider_down', { cause: error });
      throw error;
    }
    const conversationId = stringFieldOf(answer.json, 'ConversationID');
    if (answer.status === 200 && stringFieldOf(answer.json, 'ResponseCode') === '0' && conversationId !== null) {
      await store.note(referenceKinds.b2c, ourReference, { conversationId });
      return;
    }
    await store.release(referenceKinds.b2c, ourReference);
    if (answer.status >= 500 || answer.status === 429) throw new PayoutRailOutageError(destinationType, 'provider_down');
    context.logger.warn('mpesa refused the b2c payment', { status: answer.status, errorCode: errorCodeOf(answer.json) });
    throw new PayoutSendDeclinedError(destinationType, 'send_declined', `M-Pesa answered ${answer.status} ${errorCodeOf(answer.json) ?? ''}`.trim());
  }

  /** Whole shillings only (amounts.ts): asked at request time and again before each send. */
  function amountRefusal(amount: number, currency: string): PayoutAmountRefusal | null {
    const checked = mpesaAmountOf(amount, currency);
    return checked.ok ? null : { field: checked.field, message: checked.detail };
  }

  return {
    destinationType,
    amountRefusal,
    async sendPayout(request: PayoutSend): Promise<PayoutSendReceipt> {
      if (request.destination.destination_type !== destinationType) throw new PayoutSendDeclinedError(destinationType, 'invalid_account', 'not a mobile money destination');
      const msisdn = safaricomMsisdn(request.destination.phone);
      if (msisdn === null) throw new PayoutSendDeclinedError(destinationType, 'invalid_account', 'not a Safaricom number');
      // Whole shillings only: declined before anything is claimed or sent (amounts.ts).
      const amount = mpesaAmountOf(request.amount, request.currency);
      if (!amount.ok) throw new PayoutSendDeclinedError(destinationType, 'send_declined', `${amount.field}: ${amount.detail}`);
      const ourReference = `${request.payoutId}:${request.attempt}`;
      const originatorConversationId = payoutAttemptUuid(request.payoutId, request.attempt);
      const digest = requestDigest({ shillings: amount.shillings, msisdn });
      // The provider reference is ours (known before sending), bound with the claim.
      const held = await store.claim(referenceKinds.b2c, ourReference, digest, {});
      if (held !== null) {
        if (held.requestSha256 !== digest) throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'the attempt was sent before with a different request');
        return { providerReference: originatorConversationId };
      }
      await store.bind(referenceKinds.b2c, ourReference, originatorConversationId);
      await send(ourReference, originatorConversationId, amount.shillings, msisdn);
      return { providerReference: originatorConversationId };
    },
  };
}
