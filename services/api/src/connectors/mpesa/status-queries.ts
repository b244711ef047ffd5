// Daraja's Transaction Status query, the confirmation of every B2C and reversal result
// (https://developer.safaricom.co.ke/APIs/TransactionStatus):
//   POST /mpesa/transactionstatus/v1/query { Initiator, SecurityCredential, CommandID:
//        "TransactionStatusQuery", TransactionID, OriginalConversationID, PartyA, IdentifierType: "4",
//        ResultURL, QueueTimeOutURL, Remarks, Occasion } -> 200 { OriginatorConversationID,
//        ConversationID, ResponseCode: "0", ResponseDescription }
// and its answer arrives LATER, as a Result posted to ResultURL with ResultParameters
// (TransactionStatus: "Completed" | "Failed" | ..., Amount, ReceiptNo, ...). Only an answer to a
// query WE asked is believed: its ConversationID must be one Daraja gave us in the synchronous
// answer above (kept in provider_references as a status_query), which a forger cannot know.
import type { ProviderOutcome } from '../../provider-outcomes/types.ts';
import { stringFieldOf } from '../../rails/provider-http.ts';
import { mpesaProviderName, referenceKinds, type MpesaContext } from './context.ts';
import { b2cFailureOf, type DarajaResult } from './transformers.ts';

/** What a status query is asked about, kept with it until its answer arrives. */
export interface StatusQueryTarget {
  targetKind: 'b2c' | 'reversal';
  /** b2c: `<payoutId>:<attempt>`; reversal: our refund (or reversal) transaction id. */
  ourReference: string;
  /** The target's provider reference as our outcome names it. */
  providerReference: string;
  /** The ResultCode the unconfirmed result claimed (its reason is used only if the status agrees it failed). */
  claimedResultCode: string | null;
}

export type StatusAsked = { asked: false } | { asked: true; outcome: ProviderOutcome | null };

/**
 * Asks Daraja for the status of a B2C or reversal. The answer normally arrives later (status/result);
 * when it arrived before we recorded the query (it is parked: callbacks.ts), it is taken here.
 */
export async function askTransactionStatus(context: MpesaContext, target: StatusQueryTarget, ids: { originalConversationId: string; transactionId: string | null }): Promise<StatusAsked> {
  const { config } = context;
  const answer = await context.client.post('/mpesa/transactionstatus/v1/query', {
    Initiator: config.initiatorName,
    SecurityCredential: context.securityCredential,
    CommandID: 'TransactionStatusQuery',
    TransactionID: ids.transactionId ?? '',
    OriginalConversationID: ids.originalConversationId,
    PartyA: config.b2cShortcode,
    IdentifierType: '4',
    ResultURL: `${config.callbackUrlBase}/status/result`,
    QueueTimeOutURL: `${config.callbackUrlBase}/status/timeout`,
    Remarks: 'Confirm result',
    Occasion: '',
  }, 'mpesa transaction status');
  const conversationId = stringFieldOf(answer.json, 'ConversationID');
  if (answer.status !== 200 || stringFieldOf(answer.json, 'ResponseCode') !== '0' || conversationId === null) {
    context.logger.warn('mpesa transaction status query not taken', { status: answer.status, targetKind: target.targetKind });
    return { asked: false };
  }
  await context.store.claim(referenceKinds.statusQuery, conversationId, '-', { ...target });
  const parked = await context.store.byOurReference(referenceKinds.statusAnswer, conversationId);
  // Taken: the parked answer is done with (decision 0771; a repeat of it finds the query now).
  if (parked !== null) await context.store.release(referenceKinds.statusAnswer, conversationId);
  const result = parked === null ? null : parkedResultOf(parked.details);
  return { asked: true, outcome: result === null ? null : confirmedByStatus(result, target) };
}

/** A status answer kept because it came before its query was recorded (callbacks.ts). */
export function parkedResultOf(details: Record<string, unknown>): DarajaResult | null {
  const result = details.result as DarajaResult | undefined;
  return result !== undefined && typeof result.resultCode === 'string' && typeof result.conversationId === 'string' && typeof result.parameters === 'object' ? result : null;
}

/** Daraja's final transaction states (ResultParameters.TransactionStatus). */
const failedStatuses = new Set(['Failed', 'Declined', 'Cancelled', 'Expired']);

/**
 * The outcome a status answer confirms, or null: the query itself failed (ResultCode not 0), or
 * the transaction is not final yet. Completed is success whatever the claimed result said; a
 * failed status takes the claimed code's reason only then (b2c), else a transient failure.
 */
export function confirmedByStatus(result: DarajaResult, target: StatusQueryTarget): ProviderOutcome | null {
  if (result.resultCode !== '0') return null;
  const status = result.parameters.TransactionStatus ?? '';
  const completed = status === 'Completed';
  if (!completed && !failedStatuses.has(status)) return null;
  if (target.targetKind === 'b2c') {
    const [payoutId, attemptText] = target.ourReference.split(':');
    const attempt = Number(attemptText);
    if (payoutId === undefined || !Number.isSafeInteger(attempt)) return null;
    const failure = completed ? null : b2cFailureOf(target.claimedResultCode !== null && target.claimedResultCode !== '0' ? target.claimedResultCode : '');
    return {
      kind: 'payout',
      provider: mpesaProviderName,
      outcome: { payoutId, attempt, providerReference: target.providerReference, status: failure?.status ?? 'success', failureReason: failure?.reason ?? null },
    };
  }
  return {
    kind: 'refund',
    provider: mpesaProviderName,
    outcome: {
      providerReference: target.providerReference, rail: 'mobile_money', kind: 'refund', transactionId: target.ourReference,
      status: completed ? 'success' : 'failed', failureReason: completed ? null : 'refund_rejected',
    },
  };
}

export function statusQueryTargetOf(details: Record<string, unknown>): StatusQueryTarget | null {
  const { targetKind, ourReference, providerReference, claimedResultCode } = details;
  if ((targetKind !== 'b2c' && targetKind !== 'reversal') || typeof ourReference !== 'string' || typeof providerReference !== 'string') return null;
  return { targetKind, ourReference, providerReference, claimedResultCode: typeof claimedResultCode === 'string' ? claimedResultCode : null };
}
