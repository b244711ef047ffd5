// The sandbox payout rails: simulated providers that behave like real ones. A send is answered at
// once with a provider reference; its outcome (chosen by the magic destinations of ./scenarios.ts
// and the attempt number) is delivered later, asynchronously, after outcomeDelayMs (slowOutcomeDelayMs
// for the slow destinations), by a job the provider schedules in the same transaction as its
// record of the send (its "callback"). Nothing here sets a timer: a restart loses nothing, and the
// outcome arrives whichever process runs the job queue. Mirrors the sandbox KYC provider
// (kyc/sandbox/connector.ts) and the collection rails' magic values (rails/sandbox/scenarios.ts).
import type { Queryable, Sql } from '../../../db/index.ts';
import { newSandboxReference, requestDigest } from '../references.ts';
import {
  PayoutRailOutageError,
  PayoutSendDeclinedError,
  type PayoutDestinationType,
  type PayoutFailureReason,
  type PayoutRailConnector,
  type PayoutRailOutcome,
  type PayoutRailOutcomeHandler,
  type PayoutRailOutcomeStatus,
  type PayoutSend,
  type PayoutSendReceipt,
} from '../../../payout-rails/types.ts';
import type { SandboxPayoutRailsConfig } from './config.ts';
import { sandboxPayoutScenarioFor, sandboxPayoutScenarios } from './scenarios.ts';
import { uuidPattern } from '../../../ids.ts';

/** How long the batch callback holds the sends it took before another may take them (a failed handler's retry). */
export const sandboxOutcomeLeaseMs = 30_000;

/** `PO-` + 24 Crockford base32 characters (120 random bits). */
export const sandboxPayoutReferenceRandomBytes = 15;

/** Schedules the delivery of one send's outcome at `runAt`, inside `q`'s transaction (a job). */
export type SchedulePayoutOutcomeDelivery = (q: Queryable, delivery: {
  destinationType: PayoutDestinationType; payoutId: string; attempt: number; runAt: Date;
}) => Promise<void>;

export type SandboxPayoutRailConnector = PayoutRailConnector & {
  /**
   * The provider's callback: hands the outcome of (payoutId, attempt) to `handler` and records it
   * delivered. Run by the job the send scheduled. Idempotent: a delivered outcome is not sent
   * again; a handler that throws leaves it undelivered, and the job's retry sends it again.
   */
  deliverOutcome(payoutId: string, attempt: number, handler: PayoutRailOutcomeHandler): Promise<'delivered' | 'already_delivered' | 'unknown_send'>;
  /**
   * The provider's batch callback: the outcomes of this rail's sends that are due and not yet
   * delivered, up to `limit`, handed to `handler` together and then recorded delivered. They
   * are claimed with a lease (sandboxOutcomeLeaseMs; FOR UPDATE SKIP LOCKED while claiming), so
   * callers running at once take different sends; a handler that throws leaves them undelivered,
   * taken again once the lease lapses. Returns how many were delivered.
   */
  deliverDueOutcomes(handler: PayoutRailOutcomeBatchHandler, limit: number): Promise<number>;
};

/** Supplied by the payouts domain: many outcomes at once. Idempotent, as PayoutRailOutcomeHandler. */
export type PayoutRailOutcomeBatchHandler = (outcomes: PayoutRailOutcome[]) => Promise<void>;

type SendRow = {
  provider_reference: string;
  request_sha256: string;
  outcome: PayoutRailOutcomeStatus;
  failure_reason: PayoutFailureReason | null;
  delivered_at: Date | null;
};


export function createSandboxPayoutRailConnector(destinationType: PayoutDestinationType, options: {
  /** The pool the sandbox provider keeps its own state on. */
  sql: Sql;
  /** Read on every call: a caller holding the object may change `railsDown` at run time. */
  config: SandboxPayoutRailsConfig;
  scheduleOutcomeDelivery: SchedulePayoutOutcomeDelivery;
}): SandboxPayoutRailConnector {
  const { sql, config } = options;

  async function sendPayout(request: PayoutSend): Promise<PayoutSendReceipt> {
    if (config.railsDown.includes(destinationType)) throw new PayoutRailOutageError(destinationType, 'provider_down');
    if (!uuidPattern.test(request.payoutId) || !Number.isSafeInteger(request.attempt) || request.attempt < 0) {
      throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'invalid payout id or attempt');
    }
    if (request.destination.destination_type !== destinationType) {
      throw new PayoutSendDeclinedError(destinationType, 'send_declined', `a ${request.destination.destination_type} destination sent to the ${destinationType} rail`);
    }
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) {
      throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'amount must be a positive integer');
    }
    // The details take part in the request's identity only hashed: the provider's table holds none.
    const requestSha256 = requestDigest([request.merchantId, request.amount, request.currency, request.destination]);
    const known = await findSend(sql, request.payoutId, request.attempt);
    if (known) return replay(destinationType, known, requestSha256);

    const scenarioName = sandboxPayoutScenarioFor(request.destination, config.magicValues ?? true);
    const scenario = sandboxPayoutScenarios[scenarioName];
    const { status, failureReason } = scenario.outcomeOf(request.attempt);
    const delayMs = scenario.slow ? config.slowOutcomeDelayMs : config.outcomeDelayMs;
    const providerReference = newSandboxPayoutReference();
    // The record and the scheduled callback commit together: an accepted send always gets its
    // outcome, and a send the provider has no record of never does.
    const recorded = await sql.begin(async (tx) => {
      const rows = await tx<{ deliver_at: Date }[]>`
        insert into sandbox_payout_sends (payout_id, attempt, destination_type, provider_reference, request_sha256, scenario, outcome, failure_reason, deliver_at)
        values (${request.payoutId}, ${request.attempt}, ${destinationType}, ${providerReference}, ${requestSha256}, ${scenarioName}, ${status},
                ${failureReason}, now() + ${delayMs} * interval '1 millisecond')
        on conflict (payout_id, attempt) do nothing
        returning deliver_at`;
      if (rows.length === 0) return false;
      await options.scheduleOutcomeDelivery(tx, { destinationType, payoutId: request.payoutId, attempt: request.attempt, runAt: rows[0]!.deliver_at });
      return true;
    });
    if (!recorded) {
      // A concurrent send of the same attempt committed first: answer as it was answered.
      const winner = await findSend(sql, request.payoutId, request.attempt);
      if (!winner) throw new Error('sandbox payout rail: send conflict without a stored row');
      return replay(destinationType, winner, requestSha256);
    }
    return { providerReference };
  }

  async function deliverOutcome(payoutId: string, attempt: number, handler: PayoutRailOutcomeHandler) {
    const row = await findSend(sql, payoutId, attempt);
    if (!row) return 'unknown_send' as const;
    if (row.delivered_at !== null) return 'already_delivered' as const;
    await handler({ payoutId, attempt, providerReference: row.provider_reference, status: row.outcome, failureReason: row.failure_reason });
    await sql`update sandbox_payout_sends set delivered_at = now()
              where payout_id = ${payoutId} and attempt = ${attempt} and delivered_at is null`;
    return 'delivered' as const;
  }

  async function deliverDueOutcomes(handler: PayoutRailOutcomeBatchHandler, limit: number): Promise<number> {
    // Claimed with a lease in one statement (no transaction held across the handler): callers
    // running at once take different sends, and a handler that fails leaves them to be taken
    // again once the lease lapses.
    const due = await sql<(SendRow & { payout_id: string; attempt: number })[]>`
      update sandbox_payout_sends s set lease_until = now() + ${sandboxOutcomeLeaseMs} * interval '1 millisecond'
      from (select payout_id, attempt from sandbox_payout_sends
            where destination_type = ${destinationType} and delivered_at is null and deliver_at <= now()
              and (lease_until is null or lease_until < now())
            order by deliver_at limit ${limit}
            for update skip locked) d
      where s.payout_id = d.payout_id and s.attempt = d.attempt
      returning s.payout_id, s.attempt, s.provider_reference, s.request_sha256, s.outcome, s.failure_reason, s.delivered_at`;
    if (due.length === 0) return 0;
    await handler(due.map((row) => ({
      payoutId: row.payout_id, attempt: row.attempt, providerReference: row.provider_reference, status: row.outcome, failureReason: row.failure_reason,
    })));
    await sql`update sandbox_payout_sends s set delivered_at = now(), lease_until = null
              from unnest(${due.map((row) => row.payout_id)}::uuid[], ${due.map((row) => row.attempt)}::int[]) as d(payout_id, attempt)
              where s.payout_id = d.payout_id and s.attempt = d.attempt`;
    return due.length;
  }

  return { destinationType, provider: 'sandbox', sendPayout, deliverOutcome, deliverDueOutcomes };
}

async function findSend(q: Queryable, payoutId: string, attempt: number): Promise<SendRow | null> {
  const rows = await q<SendRow[]>`
    select provider_reference, request_sha256, outcome, failure_reason, delivered_at
    from sandbox_payout_sends where payout_id = ${payoutId} and attempt = ${attempt}`;
  return rows[0] ?? null;
}

/** The original answer for a repeated (payoutId, attempt); another request under the same key is refused. */
function replay(destinationType: PayoutDestinationType, row: SendRow, requestSha256: string): PayoutSendReceipt {
  if (row.request_sha256 !== requestSha256) {
    throw new PayoutSendDeclinedError(destinationType, 'send_declined', 'payout id and attempt reused with a different request');
  }
  return { providerReference: row.provider_reference };
}

export function newSandboxPayoutReference(): string {
  return newSandboxReference('PO', sandboxPayoutReferenceRandomBytes);
}
