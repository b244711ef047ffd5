// The sandbox KYC provider: a simulated identity-verification provider that behaves like a real
// one. A submission is answered at once with a provider reference; the decision (chosen by the
// magic values in ./scenarios.ts) is delivered later, asynchronously, after decisionDelayMs, by a
// job the provider schedules in the same transaction as its record of the submission (its
// "webhook"). Nothing here sets a timer: a restart loses nothing, and the decision arrives
// whichever process runs the job queue.

import type { Queryable, Sql } from '../../../db/index.ts';
import { newSandboxReference, requestDigest } from '../references.ts';
import {
  KycProviderOutageError,
  KycSubmissionDeclinedError,
  kycRequirements,
  type KycConnector,
  type KycDecision,
  type KycDecisionHandler,
  type KycRequirement,
  type KycSubmission,
  type KycSubmissionReceipt,
} from '../../../kyc/types.ts';
import type { SandboxKycConfig } from './config.ts';
import { outstandingFor, sandboxKycScenarios, sandboxKycScenarioFor } from './scenarios.ts';
import { uuidPattern } from '../../../ids.ts';

export const sandboxKycProvider = 'sandbox';
/** `KYC-` + 24 Crockford base32 characters (120 random bits). */
export const sandboxKycReferenceRandomBytes = 15;

/** Schedules the delivery of a case's decision at `runAt`, inside `q`'s transaction (a job). */
export type ScheduleDecisionDelivery = (q: Queryable, delivery: { caseId: string; runAt: Date }) => Promise<void>;

export type SandboxKycConnector = KycConnector & {
  /**
   * The provider's "webhook": hands the case's decision to `handler` and records it delivered.
   * Run by the job scheduleDecision enqueued. Idempotent: a delivered decision is not sent again;
   * a handler that throws leaves it undelivered, and the job's retry sends it again.
   */
  deliverDecision(caseId: string, handler: KycDecisionHandler): Promise<'delivered' | 'already_delivered' | 'unknown_case'>;
};

type SubmissionRow = {
  provider_reference: string;
  request_sha256: string;
  decision: KycDecision['status'];
  reason: string | null;
  requirements_outstanding: string[];
  delivered_at: Date | null;
};


export function createSandboxKycConnector(options: {
  sql: Sql;
  /** Read on every call: a caller holding the object may flip `down` at run time. */
  config: SandboxKycConfig;
  scheduleDecisionDelivery: ScheduleDecisionDelivery;
}): SandboxKycConnector {
  const { sql, config } = options;

  async function submitCase(submission: KycSubmission): Promise<KycSubmissionReceipt> {
    if (config.down) throw new KycProviderOutageError(sandboxKycProvider, 'provider_down');
    if (!uuidPattern.test(submission.caseId)) throw new KycSubmissionDeclinedError(sandboxKycProvider, 'invalid_case_id');
    if (submission.requirements.some((r) => !(kycRequirements as readonly string[]).includes(r))) {
      throw new KycSubmissionDeclinedError(sandboxKycProvider, 'unknown_requirement');
    }
    const requestSha256 = requestDigest([
      submission.merchantId, submission.subMerchantId, submission.tier, submission.type, submission.country,
      submission.displayName, submission.contact?.phone ?? null, submission.contact?.email ?? null, [...submission.requirements],
    ]);
    const known = await findSubmission(sql, submission.caseId);
    if (known) return replay(known, requestSha256);

    const scenarioName = sandboxKycScenarioFor(submission.displayName, config.magicValues ?? true);
    const scenario = sandboxKycScenarios[scenarioName];
    if (scenario.declinesSubmission) throw new KycSubmissionDeclinedError(sandboxKycProvider, 'submission_refused_by_magic_value');

    const providerReference = newSandboxKycReference();
    const outstanding = outstandingFor(scenario, submission.requirements);
    // The record and the scheduled delivery commit together: an accepted case always gets its
    // decision, and a case the provider has no record of never does.
    const recorded = await sql.begin(async (tx) => {
      const rows = await tx<{ decide_at: Date }[]>`
        insert into sandbox_kyc_submissions
          (case_id, provider_reference, request_sha256, scenario, decision, reason, requirements_outstanding, decide_at)
        values (${submission.caseId}, ${providerReference}, ${requestSha256}, ${scenarioName}, ${scenario.decision},
                ${scenario.reason}, ${outstanding}::text[], now() + ${config.decisionDelayMs} * interval '1 millisecond')
        on conflict (case_id) do nothing
        returning decide_at`;
      if (rows.length === 0) return false;
      await options.scheduleDecisionDelivery(tx, { caseId: submission.caseId, runAt: rows[0]!.decide_at });
      return true;
    });
    if (!recorded) {
      // A concurrent submission of the same case committed first: answer as it was answered.
      const winner = await findSubmission(sql, submission.caseId);
      if (!winner) throw new Error('sandbox KYC: submission conflict without a stored row');
      return replay(winner, requestSha256);
    }
    return { providerReference };
  }

  async function deliverDecision(caseId: string, handler: KycDecisionHandler): Promise<'delivered' | 'already_delivered' | 'unknown_case'> {
    const row = await findSubmission(sql, caseId);
    if (!row) return 'unknown_case';
    if (row.delivered_at !== null) return 'already_delivered';
    await handler({
      caseId,
      providerReference: row.provider_reference,
      status: row.decision,
      reason: row.reason,
      requirementsOutstanding: row.requirements_outstanding as KycRequirement[],
    });
    await sql`update sandbox_kyc_submissions set delivered_at = now() where case_id = ${caseId} and delivered_at is null`;
    return 'delivered';
  }

  return { provider: sandboxKycProvider, submitCase, deliverDecision };
}

async function findSubmission(q: Queryable, caseId: string): Promise<SubmissionRow | null> {
  const rows = await q<SubmissionRow[]>`
    select provider_reference, request_sha256, decision, reason, requirements_outstanding, delivered_at
    from sandbox_kyc_submissions where case_id = ${caseId}`;
  return rows[0] ?? null;
}

/** The original answer for a repeated caseId; another request under the same id is refused. */
function replay(row: SubmissionRow, requestSha256: string): KycSubmissionReceipt {
  if (row.request_sha256 !== requestSha256) {
    throw new KycSubmissionDeclinedError(sandboxKycProvider, 'case_id_reused_with_different_request');
  }
  return { providerReference: row.provider_reference };
}

export function newSandboxKycReference(): string {
  return newSandboxReference('KYC', sandboxKycReferenceRandomBytes);
}
