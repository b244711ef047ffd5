// The KYC lifecycle end to end: the submission job, the sandbox provider's asynchronous decision
// by magic value (a job due SANDBOX_KYC_DELAY_MS later), kyc.verified / kyc.rejected written in
// the decision's transaction (needs_review writes none), an operator's settlement through the CLI,
// a provider outage and its retry, and GET /sub-merchants/{id}/kyc.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../src/domain/events.ts';
import { applyProviderDecision, settleKycReview } from '../../src/sub-merchants/kyc-cases.ts';
import { startJobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { kycOf, newSubMerchant, queuedJobs, runCli, runJobs, subMerchantOf } from './helpers.ts';

let service: TestService;
beforeAll(async () => {
  // Decisions due at once: runJobs() plays submission and decision in one call.
  service = await startTestService({ env: { SANDBOX_KYC_DELAY_MS: '0' } });
});
afterAll(async () => {
  await service?.close();
});

async function kycEvents(id: string) {
  return (await eventsOf(service.sql, id)).filter((event) => event.type.startsWith('kyc.'));
}

describe('KYC decisions by magic value', () => {
  it('by default the provider verifies: case, sub-merchant and kyc.verified move together', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Plain Shop', kyc_tier: 'tier_2', type: 'business' });
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('pending');
    await runJobs(service);
    const kyc = await kycOf(service.client, id);
    expect(kyc).toMatchObject({
      status: 'verified', tier: 'tier_2', requirements_outstanding: [], reason: null, decided_by: 'provider',
      submitted_at: expect.any(String), decided_at: expect.any(String),
    });
    expect(Date.parse(kyc.decided_at!)).toBeGreaterThanOrEqual(Date.parse(kyc.submitted_at!));
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('verified');
    const events = await kycEvents(id);
    expect(events.map((e) => e.type)).toEqual(['kyc.verified']);
    expect(events[0]!).toMatchObject({ merchant_id: service.merchantId, resource_type: 'sub_merchant', resource_id: id });
    expect(events[0]!.data).toEqual({
      sub_merchant_id: id, merchant_id: service.merchantId, kyc_case_id: kyc.id, tier: 'tier_2', status: 'verified',
      reason: null, decided_by: 'provider', occurred_at: kyc.decided_at,
    });
  });

  it('sandbox_kyc_rejected and sandbox_kyc_sanctions reject, with the reason and what failed, and write kyc.rejected', async () => {
    const rejected = await newSubMerchant(service.client, { display_name: 'Ghost Traders sandbox_kyc_rejected', kyc_tier: 'tier_2', type: 'business' });
    const sanctioned = await newSubMerchant(service.client, { display_name: 'SANDBOX_KYC_SANCTIONS Import Export' });
    await runJobs(service);
    expect(await kycOf(service.client, rejected)).toMatchObject({
      status: 'rejected', decided_by: 'provider', requirements_outstanding: ['business_registration'],
      reason: expect.stringMatching(/^identity_not_verified: /),
    });
    expect(await kycOf(service.client, sanctioned)).toMatchObject({
      status: 'rejected', requirements_outstanding: ['legal_name'], reason: expect.stringMatching(/^sanctions_screening_match: /),
    });
    for (const id of [rejected, sanctioned]) {
      expect((await subMerchantOf(service.client, id)).kyc_status).toBe('rejected');
      const events = await kycEvents(id);
      expect(events.map((e) => e.type)).toEqual(['kyc.rejected']);
      expect(events[0]!.data).toMatchObject({ status: 'rejected', reason: (await kycOf(service.client, id)).reason });
    }
  });

  it('sandbox_kyc_needs_review sends the case to review and writes no event', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Blurry Docs sandbox_kyc_needs_review', kyc_tier: 'tier_2', type: 'individual' });
    await runJobs(service);
    expect(await kycOf(service.client, id)).toMatchObject({
      status: 'needs_review', decided_by: 'provider', requirements_outstanding: ['government_id'],
      reason: expect.stringMatching(/^document_unreadable: /),
    });
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('needs_review');
    expect(await kycEvents(id)).toEqual([]);
  });

  it('sandbox_kyc_declined: the provider refuses the submission; the case goes to review with every requirement outstanding', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'sandbox_kyc_declined Ltd' });
    await runJobs(service);
    expect(await kycOf(service.client, id)).toMatchObject({
      status: 'needs_review', submitted_at: null, requirements_outstanding: ['legal_name', 'phone_number'],
      reason: expect.stringMatching(/^submission_declined: /),
    });
    expect(await kycEvents(id)).toEqual([]);
  });

  it('the first token wins when a name carries several', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'sandbox_kyc_needs_review sandbox_kyc_rejected' });
    await runJobs(service);
    expect((await kycOf(service.client, id)).status).toBe('rejected');
  });

  it('a decision delivered twice is applied once (one event)', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Twice Delivered' });
    await runJobs(service);
    const kyc = await kycOf(service.client, id);
    const again = await applyProviderDecision({ sql: service.sql }, {
      caseId: kyc.id, providerReference: 'KYC-LATE', status: 'rejected', reason: 'late', requirementsOutstanding: [],
    });
    expect(again).toMatchObject({ applied: false, reason: 'case_not_in_expected_status' });
    expect((await kycOf(service.client, id)).status).toBe('verified');
    expect((await kycEvents(id)).map((e) => e.type)).toEqual(['kyc.verified']);
  });
});

describe('the sandbox provider itself', () => {
  it('answers a repeated submission of a case with its original reference and schedules nothing new; refuses the id reused with another request', async () => {
    const caseId = randomUUID();
    const submission = {
      caseId, merchantId: service.merchantId, subMerchantId: randomUUID(), tier: 'tier_1' as const, type: 'individual' as const,
      country: 'KE', displayName: 'Direct Submission', contact: null, requirements: ['legal_name', 'phone_number'] as const,
    };
    const sandbox = service.runtime.kyc.sandbox!;
    const first = await sandbox.submitCase({ ...submission, requirements: [...submission.requirements] });
    const again = await Promise.all([1, 2, 3].map(() => sandbox.submitCase({ ...submission, requirements: [...submission.requirements] })));
    expect(first.providerReference).toMatch(/^KYC-[0-9A-HJKMNP-TV-Z]{24}$/);
    expect(again.map((r) => r.providerReference)).toEqual(Array(3).fill(first.providerReference));
    expect((await queuedJobs(service, 'kyc.sandbox_deliver_decision')).filter((j) => j.payload.caseId === caseId)).toHaveLength(1);
    await expect(sandbox.submitCase({ ...submission, displayName: 'Someone Else', requirements: [...submission.requirements] }))
      .rejects.toMatchObject({ name: 'KycSubmissionDeclinedError', reason: 'case_id_reused_with_different_request' });
    // It keeps no contact data: only a hash of the request.
    const [row] = await service.sql<{ row: string }[]>`select s::text as row from sandbox_kyc_submissions s where case_id = ${caseId}`;
    expect(row!.row).not.toContain('Direct Submission');
  });
});

describe('the decision is asynchronous', () => {
  it('it arrives SANDBOX_KYC_DELAY_MS after the submission, as a job due then; nothing decides it before', async () => {
    const slow = await startTestService({ env: { SANDBOX_KYC_DELAY_MS: '60000' } });
    try {
      const id = await newSubMerchant(slow.client);
      await runJobs(slow);
      const kyc = await kycOf(slow.client, id);
      // Submitted (the provider accepted it) but not decided: its decision is a job due in a minute.
      expect(kyc).toMatchObject({ status: 'pending', submitted_at: expect.any(String), decided_at: null });
      const [delivery] = (await queuedJobs(slow, 'kyc.sandbox_deliver_decision')).filter((job) => job.payload.caseId === kyc.id);
      const dueInMs = delivery!.run_at.getTime() - Date.parse(kyc.submitted_at!);
      expect(dueInMs).toBeGreaterThan(59_000);
      expect(dueInMs).toBeLessThan(61_000);
      await runJobs(slow);
      expect((await kycOf(slow.client, id)).status).toBe('pending');
    } finally {
      await slow.close();
    }
  }, 90_000);

  it('a running job runner decides on its own: pending at first, verified a moment later, no request involved', async () => {
    const live = await startTestService({ env: { SANDBOX_KYC_DELAY_MS: '300' } });
    const runner = await startJobRunner({
      databaseUrl: live.databaseUrl, deps: live.runtime.jobDeps, concurrency: 2, poolConnectionsMax: 3, pollIntervalMs: 50,
      logger: createLogger('silent'),
    });
    try {
      const id = await newSubMerchant(live.client);
      expect((await subMerchantOf(live.client, id)).kyc_status).toBe('pending');
      const deadline = Date.now() + 60_000;
      let status = 'pending';
      while (status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await subMerchantOf(live.client, id)).kyc_status;
      }
      expect(status).toBe('verified');
      const kyc = await kycOf(live.client, id);
      // Never before the provider's delay: decided at or after the time it scheduled (its record
      // plus SANDBOX_KYC_DELAY_MS; decided_at is kept to the millisecond, hence the 1 ms).
      const [submission] = await live.sql<{ created_at: Date; decide_at: Date }[]>`
        select created_at, decide_at from sandbox_kyc_submissions where case_id = ${kyc.id}`;
      expect(submission!.decide_at.getTime() - submission!.created_at.getTime()).toBeGreaterThanOrEqual(299);
      expect(Date.parse(kyc.decided_at!)).toBeGreaterThanOrEqual(submission!.decide_at.getTime() - 1);
    } finally {
      await runner.stop();
      await live.close();
    }
  }, 90_000);
});

describe('provider outage', () => {
  it('a submission the provider cannot take is retried by the queue; the case stays pending meanwhile', async () => {
    service.runtime.kyc.setSandboxDown(true);
    let id: string;
    try {
      id = await newSubMerchant(service.client, { display_name: 'Outage Shop' });
      await runJobs(service);
      const kyc = await kycOf(service.client, id);
      expect(kyc).toMatchObject({ status: 'pending', submitted_at: null });
      const [job] = (await queuedJobs(service, 'kyc.submit_case')).filter((j) => j.payload.caseId === kyc.id);
      expect(job).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/unavailable/) });
      expect(job!.run_at.getTime()).toBeGreaterThan(Date.now());
    } finally {
      service.runtime.kyc.setSandboxDown(false);
    }
    // The retry comes when its backoff is over (about 3 s after the first attempt).
    const deadline = Date.now() + 15_000;
    while ((await kycOf(service.client, id)).status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await runJobs(service);
    }
    expect(await kycOf(service.client, id)).toMatchObject({ status: 'verified', submitted_at: expect.any(String) });
    expect((await kycEvents(id)).map((e) => e.type)).toEqual(['kyc.verified']);
  }, 90_000);
});

describe('operator settlement of needs_review (CLI)', () => {
  it('kyc list shows the review queue; kyc settle verifies with its event; a second settle is refused', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Review Me sandbox_kyc_needs_review' });
    await runJobs(service);
    const queue = await runCli(service, ['kyc', 'list', '--merchant', service.merchantId]);
    expect(queue.code).toBe(0);
    expect((JSON.parse(queue.stdout) as { sub_merchant_id: string; status: string }[]).map((c) => c.sub_merchant_id)).toContain(id);

    const settled = await runCli(service, ['kyc', 'settle', id, 'verified', '--operator', 'amina', '--reason', 'documents checked by hand']);
    expect(settled.code, settled.stderr).toBe(0);
    expect(JSON.parse(settled.stdout)).toMatchObject({ sub_merchant_id: id, status: 'verified', decided_by: 'operator', reason: 'documents checked by hand', requirements_outstanding: [] });
    expect((await subMerchantOf(service.client, id)).kyc_status).toBe('verified');
    const events = await kycEvents(id);
    expect(events.map((e) => e.type)).toEqual(['kyc.verified']);
    expect(events[0]!.data).toMatchObject({ decided_by: 'operator', status: 'verified' });
    const trail = await service.sql<{ status: string; decided_by: string; actor: string }[]>`
      select d.status, d.decided_by, d.actor from kyc_case_decisions d join kyc_cases c on c.id = d.kyc_case_id
      where c.sub_merchant_id = ${id} order by d.id`;
    expect(trail.map((d) => [d.status, d.decided_by])).toEqual([['needs_review', 'provider'], ['verified', 'operator']]);
    expect(trail[1]!.actor).toBe('operator:amina');

    const again = await runCli(service, ['kyc', 'settle', id, 'rejected', '--reason', 'changed my mind']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is verified; only a case in needs_review can be settled/);
    expect((await kycEvents(id)).map((e) => e.type)).toEqual(['kyc.verified']);
  }, 90_000);

  it('kyc settle rejected needs a reason and writes kyc.rejected; a pending case cannot be settled', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Reject Me sandbox_kyc_needs_review' });
    await runJobs(service);
    const noReason = await runCli(service, ['kyc', 'settle', id, 'rejected']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason is required/);
    const rejected = await runCli(service, ['kyc', 'settle', id, 'rejected', '--reason', 'registration certificate forged']);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect((await kycOf(service.client, id))).toMatchObject({ status: 'rejected', decided_by: 'operator', reason: 'registration certificate forged' });
    expect((await kycEvents(id)).map((e) => [e.type, e.data.reason])).toEqual([['kyc.rejected', 'registration certificate forged']]);

    const pending = await newSubMerchant(service.client, { display_name: 'Not Yet Decided' });
    const early = await runCli(service, ['kyc', 'settle', pending, 'verified']);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/is pending/);
    const unknown = await runCli(service, ['kyc', 'settle', randomUUID(), 'verified']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no KYC case/);
  }, 90_000);

  it('two operators settling the same case at once: one decision, one event', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Race sandbox_kyc_needs_review' });
    await runJobs(service);
    const kyc = await kycOf(service.client, id);
    const results = await Promise.all([
      settleKycReview(service.sql, { caseId: kyc.id, status: 'verified', reason: null, operator: 'a' }),
      settleKycReview(service.sql, { caseId: kyc.id, status: 'rejected', reason: 'no', operator: 'b' }),
    ]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await kycEvents(id)).toHaveLength(1);
  });

  it('kyc show prints the case', async () => {
    const id = await newSubMerchant(service.client, { display_name: 'Show Me' });
    const shown = await runCli(service, ['kyc', 'show', id]);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ sub_merchant_id: id, merchant_id: service.merchantId, status: 'pending' });
  }, 90_000);
});

describe('GET /sub-merchants/{id}/kyc', () => {
  it('another merchant\'s sub-merchant and an unknown id read as 404; a malformed id is 422', async () => {
    const id = await newSubMerchant(service.client);
    const other = await service.createMerchant('Prying Platform');
    const foreign = await other.client.GET('/sub-merchants/{id}/kyc', { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error!.error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await service.client.GET('/sub-merchants/{id}/kyc', { params: { path: { id: randomUUID() } } })).response.status).toBe(404);
    expect((await service.client.GET('/sub-merchants/{id}/kyc', { params: { path: { id: 'not-a-uuid' } } })).response.status).toBe(422);
  });
});
