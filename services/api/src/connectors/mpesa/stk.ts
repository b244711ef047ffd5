// Lipa Na M-Pesa Online (M-Pesa Express): the STK push and the STK query
// (https://developer.safaricom.co.ke/APIs/MpesaExpressSimulate and /MpesaExpressQuery).
//   POST /mpesa/stkpush/v1/processrequest { BusinessShortCode, Password, Timestamp,
//        TransactionType, Amount, PartyA, PartyB, PhoneNumber, CallBackURL, AccountReference,
//        TransactionDesc } -> 200 { MerchantRequestID, CheckoutRequestID, ResponseCode: "0",
//        ResponseDescription, CustomerMessage }; 4xx/5xx { requestId, errorCode, errorMessage }
//   POST /mpesa/stkpushquery/v1/query { BusinessShortCode, Password, Timestamp, CheckoutRequestID }
//        -> 200 { ResponseCode: "0", MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc }
//        once final; 500 { errorCode: "500.001.1001" } while the payer has not answered.
import { stringFieldOf, type ProviderAnswer } from '../../rails/provider-http.ts';
import { darajaTimestamp, stkPassword } from './security-credential.ts';
import type { MpesaContext } from './context.ts';
import { accountReferenceOf, errorCodeOf, stkStillProcessingErrorCode } from './transformers.ts';

export function stkPushBody(context: MpesaContext, input: { transactionId: string; shillings: number; msisdn: string }) {
  const { config } = context;
  const timestamp = darajaTimestamp(context.now());
  return {
    BusinessShortCode: config.shortcode,
    Password: stkPassword(config.shortcode, config.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: config.transactionType,
    Amount: input.shillings,
    PartyA: input.msisdn,
    PartyB: config.partyB,
    PhoneNumber: input.msisdn,
    // Our transaction id in the path: the callback names its transaction even when the push's
    // answer was lost (a timeout), and is still believed only through the STK query (callbacks.ts).
    CallBackURL: `${config.callbackUrlBase}/stk/${input.transactionId}`,
    AccountReference: accountReferenceOf(input.transactionId),
    TransactionDesc: 'Payment',
  };
}

export function pushAccepted(answer: ProviderAnswer): { checkoutRequestId: string; merchantRequestId: string } | null {
  const checkoutRequestId = stringFieldOf(answer.json, 'CheckoutRequestID');
  if (answer.status !== 200 || stringFieldOf(answer.json, 'ResponseCode') !== '0' || checkoutRequestId === null) return null;
  return { checkoutRequestId, merchantRequestId: stringFieldOf(answer.json, 'MerchantRequestID') ?? '' };
}

/** What the STK query says of a push: final with its ResultCode, still pending, or unknown to Daraja. */
export type StkQueryAnswer = { state: 'final'; resultCode: string } | { state: 'pending' } | { state: 'unknown' } | { state: 'unavailable'; status: number };

export async function stkQuery(context: MpesaContext, checkoutRequestId: string): Promise<StkQueryAnswer> {
  const { config } = context;
  const timestamp = darajaTimestamp(context.now());
  const answer = await context.client.post('/mpesa/stkpushquery/v1/query', {
    BusinessShortCode: config.shortcode,
    Password: stkPassword(config.shortcode, config.passkey, timestamp),
    Timestamp: timestamp,
    CheckoutRequestID: checkoutRequestId,
  }, 'mpesa stk query');
  const resultCode = stringFieldOf(answer.json, 'ResultCode');
  if (answer.status === 200 && resultCode !== null && stringFieldOf(answer.json, 'CheckoutRequestID') === checkoutRequestId) return { state: 'final', resultCode };
  if (errorCodeOf(answer.json) === stkStillProcessingErrorCode) return { state: 'pending' };
  if (answer.status >= 400 && answer.status < 500) return { state: 'unknown' };
  return { state: 'unavailable', status: answer.status };
}
