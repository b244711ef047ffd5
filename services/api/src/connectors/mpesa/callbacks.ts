// M-Pesa's callbacks as a ProviderCallbackHandler. Daraja does not sign them, so nothing a
// callback says moves money until Daraja itself, asked over our authenticated channel, agrees:
//   stk/<transactionId>   Body.stkCallback: only for a push we claimed under that transaction
//                         id, with the CheckoutRequestID Daraja gave us (or, when the push's
//                         answer was lost, one no other transaction holds); the outcome is the
//                         STK query's ResultCode, never the callback's.
//   b2c/result|timeout    a B2C Result (or queue timeout): only for an OriginatorConversationID we
//   reversal/result|timeout  sent (a reversal: a ConversationID Daraja gave us); it yields no
//                         outcome itself: it makes us ask a Transaction Status query.
//   status/result|timeout the answer to a status query: believed only when its ConversationID is
//                         one Daraja gave us for a query we asked (status-queries.ts).
// A forged callback therefore changes nothing: unknown references are ignored, and a known one
// yields the state Daraja reports. A callback is answered 200 once handled (Daraja's documented
// acknowledgement { ResultCode: 0, ResultDesc: "Accepted" }), 503 when Daraja could not be asked.
import type { ProviderCallbackHandler, ProviderCallbackRequest, ProviderOutcome } from '../../provider-outcomes/types.ts';
import { ProviderCallError } from '../../rails/provider-http.ts';
import { MpesaAuthenticationError } from './client.ts';
import { mpesaProviderName, referenceKinds, type MpesaContext } from './context.ts';
import { stkQuery } from './stk.ts';
import { askTransactionStatus, confirmedByStatus, statusQueryTargetOf } from './status-queries.ts';
import { darajaResultOf, stkCallbackOf, stkFailureReasonOf } from './transformers.ts';

const accepted = { status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } };
const ignored = { status: 200, body: { ResultCode: 0, ResultDesc: 'Ignored' } };

type Handled = { outcomes: ProviderOutcome[]; reply: { status: number; body: unknown } };

function parse(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * The STK push's outcome as the STK query reports it (null while pending or unknown). `bind`: the
 * push's answer was lost, so the CheckoutRequestID is bound to the transaction first, once Daraja
 * confirmed it (null when another transaction holds it). Only then is the result kept on the
 * claim (the receipt a refund reverses; the first one kept wins).
 */
export async function confirmedStkOutcome(context: MpesaContext, transactionId: string, checkoutRequestId: string, receipt: string | null, bind = false): Promise<ProviderOutcome | null> {
  const answer = await stkQuery(context, checkoutRequestId);
  if (answer.state === 'unavailable') throw new ProviderCallError('provider_down', `mpesa stk query (status ${answer.status})`);
  if (answer.state !== 'final') return null;
  if (bind && !(await context.store.bind(referenceKinds.stk, transactionId, checkoutRequestId))) return null;
  const success = answer.resultCode === '0';
  await context.store.note(referenceKinds.stk, transactionId, success ? { outcome: 'success', ...(receipt ? { receipt } : {}) } : { outcome: 'failed' });
  return {
    kind: 'collection',
    provider: mpesaProviderName,
    outcome: {
      providerReference: checkoutRequestId, rail: 'mobile_money', kind: 'collection', transactionId,
      status: success ? 'success' : 'failed', failureReason: success ? null : stkFailureReasonOf(answer.resultCode),
    },
  };
}

async function handleStk(context: MpesaContext, transactionId: string, body: unknown): Promise<Handled> {
  const callback = stkCallbackOf(body);
  const held = callback === null ? null : await context.store.byOurReference(referenceKinds.stk, transactionId);
  if (callback === null || held === null) return { outcomes: [], reply: ignored };
  if (held.providerReference !== null && held.providerReference !== callback.checkoutRequestId) {
    context.logger.warn('mpesa stk callback for another push ignored', { transactionId });
    return { outcomes: [], reply: ignored };
  }
  // The push's answer was lost: a CheckoutRequestID another transaction holds is not this one's.
  if (held.providerReference === null && (await context.store.byProviderReference(referenceKinds.stk, callback.checkoutRequestId)) !== null) return { outcomes: [], reply: ignored };
  const outcome = await confirmedStkOutcome(context, transactionId, callback.checkoutRequestId, callback.receipt, held.providerReference === null);
  return outcome === null ? { outcomes: [], reply: ignored } : { outcomes: [outcome], reply: accepted };
}

async function handleResult(context: MpesaContext, kind: 'b2c' | 'reversal', body: unknown): Promise<Handled> {
  const result = darajaResultOf(body);
  if (result === null) return { outcomes: [], reply: ignored };
  // B2C: our own OriginatorConversationID; reversal: the ConversationID Daraja answered us.
  const held = kind === 'b2c'
    ? await context.store.byProviderReference(referenceKinds.b2c, result.originatorConversationId)
    : await context.store.byProviderReference(referenceKinds.reversal, result.conversationId);
  if (held === null || held.providerReference === null) return { outcomes: [], reply: ignored };
  const originalConversationId = kind === 'b2c' ? held.providerReference : String(held.details.originatorConversationId ?? result.originatorConversationId);
  const asked = await askTransactionStatus(context, {
    targetKind: kind, ourReference: held.ourReference, providerReference: held.providerReference, claimedResultCode: result.resultCode,
  }, { originalConversationId, transactionId: result.transactionId });
  if (!asked.asked) return { outcomes: [], reply: { status: 503, body: { ResultCode: 1, ResultDesc: 'Try again' } } };
  return { outcomes: asked.outcome === null ? [] : [asked.outcome], reply: accepted };
}

async function statusTargetOf(context: MpesaContext, conversationId: string) {
  const query = await context.store.byOurReference(referenceKinds.statusQuery, conversationId);
  return query === null ? null : statusQueryTargetOf(query.details);
}

async function handleStatus(context: MpesaContext, body: unknown): Promise<Handled> {
  const result = darajaResultOf(body);
  if (result === null) return { outcomes: [], reply: ignored };
  let target = await statusTargetOf(context, result.conversationId);
  if (target === null) {
    // Perhaps the answer outran the recording of its query (askTransactionStatus records it after
    // Daraja's synchronous answer): parked, and taken by the query once recorded. Read again after
    // parking, so one of the two sees the other. A parked answer no query of ours names is never
    // used, and is swept after an hour (jobs/sweep-status-records.ts, decision 0771).
    await context.store.claim(referenceKinds.statusAnswer, result.conversationId, '-', { result: { ...result } });
    target = await statusTargetOf(context, result.conversationId);
    if (target === null) return { outcomes: [], reply: ignored };
    // The query was recorded meanwhile: this answer confirms it here, and needs no parking.
    await context.store.release(referenceKinds.statusAnswer, result.conversationId);
  }
  const outcome = confirmedByStatus(result, target);
  return { outcomes: outcome === null ? [] : [outcome], reply: accepted };
}

export function createMpesaCallbackHandler(context: MpesaContext): ProviderCallbackHandler {
  return {
    provider: mpesaProviderName,
    async handle(request: ProviderCallbackRequest): Promise<Handled> {
      const [first, second, ...rest] = request.path.replace(/^\/+|\/+$/g, '').split('/');
      const body = parse(request.rawBody);
      try {
        if (first === 'stk' && second !== undefined && rest.length === 0) return await handleStk(context, second, body);
        if ((first === 'b2c' || first === 'reversal') && (second === 'result' || second === 'timeout') && rest.length === 0) return await handleResult(context, first, body);
        if (first === 'status' && (second === 'result' || second === 'timeout') && rest.length === 0) return await handleStatus(context, body);
      } catch (error) {
        if (!(error instanceof ProviderCallError || error instanceof MpesaAuthenticationError)) throw error;
        context.logger.warn('mpesa callback could not be confirmed now', { path: first, error: error.message });
        return { outcomes: [], reply: { status: 503, body: { ResultCode: 1, ResultDesc: 'Try again' } } };
      }
      context.logger.warn('mpesa callback on an unknown path ignored', { path: request.path.slice(0, 100) });
      return { outcomes: [], reply: { status: 404, body: { ResultCode: 1, ResultDesc: 'Unknown callback' } } };
    },
  };
}
