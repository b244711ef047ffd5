// KYC cases (seed: "a KYC case is triggered per the assigned tier"; kyc_status pending, verified,
// rejected, needs_review; events kyc.verified and kyc.rejected). The lifecycle, decision 0201:
//
//   (creation)    pending       the sub-merchant's creation opens the case and enqueues its
//                               submission (jobs: kyc.submit_case), in the same transaction;
//   pending    -> verified      the provider's decision (kyc.verified);
//   pending    -> rejected      the provider's decision (kyc.rejected);
//   pending    -> needs_review  the provider's decision, or a submission the provider refused
//                               (no event: the seed has none, and nothing is decided yet);
//   needs_review -> verified | rejected   an operator's settlement (`payagg kyc settle`), with
//                               its event. verified and rejected are final in v1.
//
// Each decision moves the case, the sub-merchant's kyc_status, the decision trail and the event in
// ONE database transaction. Provider calls happen outside any transaction (submitKycCase).
import type { Schema } from '@payagg/contract';
import type { PendingQuery, Queryable, Sql } from '../db/index.ts';
import { write } from '../db/write.ts';
import type { Logger } from '../log.ts';
import {
  KycProviderOutageError,
  KycSubmissionDeclinedError,
  type KycConnector,
  type KycDecision,
  type KycDecisionStatus,
  type KycRequirement,
  type KycStatus,
  type KycTier,
} from '../kyc/types.ts';
import { appendEvent } from '../domain/events.ts';
import { Refusal } from '../domain/outcomes.ts';

export type KycDecidedBy = 'provider' | 'operator';

export type KycCaseRow = {
  id: string;
  sub_merchant_id: string;
  merchant_id: string;
  tier: KycTier;
  status: KycStatus;
  provider: string;
  provider_reference: string | null;
  requirements: KycRequirement[];
  requirements_outstanding: KycRequirement[];
  reason: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: KycDecidedBy | null;
  created_at: Date;
  updated_at: Date;
};

/** The API resource (spec: KycCase). The provider's own reference stays internal. */
export function toKycCaseResource(row: KycCaseRow): Schema<'KycCase'> {
  return {
    id: row.id,
    sub_merchant_id: row.sub_merchant_id,
    tier: row.tier,
    status: row.status,
    provider: row.provider,
    requirements: row.requirements,
    requirements_outstanding: row.requirements_outstanding,
    reason: row.reason,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by: row.decided_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  } satisfies Schema<'KycCase'>;
}

/** Longest reason kept (the column allows 1000; operator notes are cut to the API's 500). */
export const kycReasonLengthMax = 1000;

/** A new case's INSERT, unsent (`returning 1`): every requirement outstanding until decided. */
export function kycCaseInsert(q: Queryable, input: {
  id: string; subMerchantId: string; merchantId: string; tier: KycTier; provider: string;
  requirements: readonly KycRequirement[]; createdAt: Date;
}): PendingQuery {
  return q`
    insert into kyc_cases (id, sub_merchant_id, merchant_id, tier, status, provider, requirements,
                           requirements_outstanding, created_at, updated_at)
    values (${input.id}, ${input.subMerchantId}, ${input.merchantId}, ${input.tier}, 'pending', ${input.provider},
            ${[...input.requirements]}::text[], ${[...input.requirements]}::text[], ${input.createdAt}, ${input.createdAt})
    returning 1`;
}

export async function findKycCaseOfSubMerchant(q: Queryable, merchantId: string, subMerchantId: string): Promise<KycCaseRow | null> {
  const rows = await q<KycCaseRow[]>`select * from kyc_cases where sub_merchant_id = ${subMerchantId} and merchant_id = ${merchantId}`;
  return rows[0] ?? null;
}

/** GET /sub-merchants/{id}/kyc: the case of the merchant's own sub-merchant (no_such_sub_merchant otherwise). */
export async function getKycCaseOfSubMerchant(q: Queryable, merchantId: string, subMerchantId: string): Promise<KycCaseRow> {
  const row = await findKycCaseOfSubMerchant(q, merchantId, subMerchantId);
  if (!row) throw new Refusal('no_such_sub_merchant', 'The sub-merchant does not exist or is not accessible.');
  return row;
}

/** Cases of one status across merchants, oldest change first (the operators' queue). */
export async function listKycCasesByStatus(q: Queryable, status: KycStatus, options: { merchantId?: string; limit: number }): Promise<KycCaseRow[]> {
  return await q<KycCaseRow[]>`
    select * from kyc_cases
    where status = ${status} and ${options.merchantId ? q`merchant_id = ${options.merchantId}` : q`true`}
    order by updated_at, id
    limit ${options.limit}`;
}

export type DecisionInput = {
  caseId: string;
  status: KycDecisionStatus;
  reason: string | null;
  requirementsOutstanding: readonly KycRequirement[];
  decidedBy: KycDecidedBy;
  /** The provider's reference, or `operator:<name>`. */
  actor: string;
  /** The statuses the case may be in for this decision to apply (provider: pending; operator: needs_review). */
  from: readonly KycStatus[];
  /** A provider decision may arrive before the submission was recorded (a crash in between). */
  providerReference?: string;
};

export type DecisionResult =
  | { applied: true; row: KycCaseRow }
  | { applied: false; reason: 'case_not_found' | 'case_not_in_expected_status'; row: KycCaseRow | null };

/**
 * Moves a case to a decision, in one transaction: the case (locked first), the sub-merchant's
 * kyc_status, the decision trail, and kyc.verified / kyc.rejected (needs_review writes none).
 * A case not in `from` is left alone (a repeated delivery, or a settlement of a case that is not
 * in review): applied false, nothing written.
 */
export async function applyKycDecision(sql: Sql, input: DecisionInput): Promise<DecisionResult> {
  const reason = input.reason === null ? null : input.reason.slice(0, kycReasonLengthMax);
  return await write<DecisionResult>({ sql }, { prepare: async (tx) => {
    const [current] = await tx<KycCaseRow[]>`select * from kyc_cases where id = ${input.caseId} for update`;
    if (!current) return { applied: false, reason: 'case_not_found', row: null };
    if (!input.from.includes(current.status)) return { applied: false, reason: 'case_not_in_expected_status', row: current };
    const outstanding = input.requirementsOutstanding.filter((r) => current.requirements.includes(r));
    const [row] = await tx<KycCaseRow[]>`
      update kyc_cases
      set status = ${input.status}, reason = ${reason}, requirements_outstanding = ${outstanding}::text[],
          decided_at = now(), decided_by = ${input.decidedBy}, updated_at = now(),
          provider_reference = coalesce(provider_reference, ${input.providerReference ?? null}::text),
          submitted_at = case when provider_reference is null and ${input.providerReference ?? null}::text is not null
                              then now() else submitted_at end
      where id = ${input.caseId}
      returning *`;
    await tx`update sub_merchants set kyc_status = ${input.status}, updated_at = now() where id = ${current.sub_merchant_id}`;
    await tx`insert into kyc_case_decisions (kyc_case_id, status, reason, decided_by, actor)
             values (${input.caseId}, ${input.status}, ${reason}, ${input.decidedBy}, ${input.actor.slice(0, 200)})`;
    if (input.status !== 'needs_review') {
      await appendEvent(tx, {
        merchantId: row!.merchant_id,
        type: input.status === 'verified' ? 'kyc.verified' : 'kyc.rejected',
        resourceType: 'sub_merchant',
        resourceId: row!.sub_merchant_id,
        data: {
          sub_merchant_id: row!.sub_merchant_id,
          merchant_id: row!.merchant_id,
          kyc_case_id: row!.id,
          tier: row!.tier,
          status: input.status,
          reason: row!.reason,
          decided_by: input.decidedBy,
          occurred_at: row!.decided_at!.toISOString(),
        },
      });
    }
    return { applied: true, row: row! };
  } });
}

/** The provider's decision on a pending case (the KycDecisionHandler). Idempotent. */
export async function applyProviderDecision(deps: { sql: Sql; logger?: Logger }, decision: KycDecision): Promise<DecisionResult> {
  const result = await applyKycDecision(deps.sql, {
    caseId: decision.caseId,
    status: decision.status,
    reason: decision.reason,
    requirementsOutstanding: decision.requirementsOutstanding,
    decidedBy: 'provider',
    actor: decision.providerReference,
    from: ['pending'],
    providerReference: decision.providerReference,
  });
  if (!result.applied) {
    deps.logger?.info('KYC decision not applied', { kyc_case_id: decision.caseId, reason: result.reason, status: result.row?.status });
  }
  return result;
}

/** An operator settles a case in review: verified or rejected, with the event. */
export async function settleKycReview(sql: Sql, input: { caseId: string; status: 'verified' | 'rejected'; reason: string | null; operator: string }): Promise<DecisionResult> {
  return await applyKycDecision(sql, {
    caseId: input.caseId,
    status: input.status,
    reason: input.reason,
    requirementsOutstanding: [],
    decidedBy: 'operator',
    actor: `operator:${input.operator}`,
    from: ['needs_review'],
  });
}

/**
 * Submits a pending case to the provider (the kyc.submit_case job). Outside any database
 * transaction; idempotent: a case already submitted or decided is left alone, and the provider
 * answers a repeated submission of the same case with its original reference. A provider outage
 * is thrown (the job retries it with backoff); a submission the provider refuses sends the case
 * to review, where an operator settles it.
 */
export async function submitKycCase(deps: { sql: Sql; kyc: { connector: KycConnector }; logger?: Logger }, caseId: string):
  Promise<'submitted' | 'already_submitted' | 'sent_to_review' | 'not_pending'> {
  const rows = await deps.sql<(KycCaseRow & { display_name: string; type: 'individual' | 'business'; country: string; contact: { phone?: string; email?: string } | null })[]>`
    select c.*, s.display_name, s.type, s.country, s.contact
    from kyc_cases c join sub_merchants s on s.id = c.sub_merchant_id
    where c.id = ${caseId}`;
  const found = rows[0];
  if (!found || found.status !== 'pending') return 'not_pending';
  if (found.provider_reference !== null) return 'already_submitted';
  let receipt;
  try {
    receipt = await deps.kyc.connector.submitCase({
      caseId,
      merchantId: found.merchant_id,
      subMerchantId: found.sub_merchant_id,
      tier: found.tier,
      type: found.type,
      country: found.country,
      displayName: found.display_name,
      contact: found.contact,
      requirements: found.requirements,
    });
  } catch (error) {
    if (error instanceof KycSubmissionDeclinedError) {
      await applyKycDecision(deps.sql, {
        caseId, status: 'needs_review', reason: `submission_declined: the provider refused the submission (${error.reason})`,
        requirementsOutstanding: found.requirements, decidedBy: 'provider', actor: error.provider, from: ['pending'],
      });
      deps.logger?.warn('KYC provider refused a submission; case sent to review', { kyc_case_id: caseId, reason: error.reason });
      return 'sent_to_review';
    }
    if (error instanceof KycProviderOutageError) deps.logger?.warn('KYC provider unavailable; submission will be retried', { kyc_case_id: caseId });
    throw error;
  }
  // Recorded unless a decision got here first (it records the reference itself).
  await deps.sql`update kyc_cases set provider_reference = ${receipt.providerReference}, submitted_at = now(), updated_at = now()
                 where id = ${caseId} and provider_reference is null`;
  return 'submitted';
}
