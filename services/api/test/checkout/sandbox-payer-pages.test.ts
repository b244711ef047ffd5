// The sandbox providers' payer pages (src/connectors/sandbox/collection-rails/payer-pages.ts): where a sandbox
// action_url leads. Opening one holds the automatic outcome; approving makes the scheduled outcome
// due now, declining fails it; an outcome already claimed or delivered is final; return_to only
// ever leads back to this site. (The hosted page's browser tests follow these pages end to end.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerPageHoldMs, safeReturnTo } from '../../src/connectors/sandbox/collection-rails/payer-pages.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
// Long challenge and standard delays: nothing settles by itself while a test acts on its page.
beforeAll(async () => {
  service = await startTestService({ env: { SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS: '600000', SANDBOX_RAIL_OUTCOME_DELAY_MS: '600000' } });
});
afterAll(async () => { await service?.close(); });

async function collect(body: Record<string, unknown>) {
  const created = await service.client.POST('/collections', {
    params: { header: { 'Idempotency-Key': randomUUID() } },
    body: { amount: 25_000, currency: 'KES', ...body } as never,
  });
  expect(created.response.status).toBe(200);
  const collection = created.data!.data;
  expect(collection.action_url).toEqual(expect.any(String));
  // The action_url names this service's page (localhost on PORT by default); the test service
  // listens on another port, so the same path is requested on its origin.
  return { ...collection, page: `${service.origin}${new URL(collection.action_url!).pathname}` };
}

async function outcomeRow(providerReference: string) {
  const [row] = await service.sql<{ outcome: string; failure_reason: string | null; due_in_ms: number }[]>`
    select outcome, failure_reason, (extract(epoch from due_at - now()) * 1000)::float8 as due_in_ms
    from sandbox_rail_outcomes where provider_reference = ${providerReference}`;
  return row!;
}

async function statusOf(id: string) {
  const read = await service.client.GET('/collections/{id}', { params: { path: { id } } });
  return read.data!.data.status;
}

async function post(page: string, form: Record<string, string>) {
  const response = await fetch(page, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text(), headers: response.headers };
}

describe('a card 3-D Secure challenge page', () => {
  it('shows the payment, holds the automatic outcome while the payer is there, and approving returns the payer', async () => {
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    expect(new URL(collection.action_url!).pathname).toMatch(/^\/sandbox\/rails\/card\/3ds\/CARD-/);
    const page = await rawRequest(collection.page);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.text).toContain('KES\u00a0250.00');
    expect(page.text).toContain('value="approve"');
    expect(page.text).toContain('value="decline"');
    // Held: the outcome now waits for the payer (up to payerPageHoldMs).
    expect((await outcomeRow(collection.provider_reference!)).due_in_ms).toBeGreaterThan(payerPageHoldMs - 60_000);

    const sessionPath = `/checkout/${randomUUID()}`;
    const approved = await post(collection.page, { decision: 'approve', return_to: sessionPath });
    expect(approved.status).toBe(303);
    expect(approved.location).toBe(sessionPath);
    expect((await outcomeRow(collection.provider_reference!)).due_in_ms).toBeLessThanOrEqual(0);
    await service.runtime.deliverRailOutcomes();
    expect(await statusOf(collection.id)).toBe('success');

    // Delivered: the page says so, and a late answer changes nothing (409).
    const after = await rawRequest(`${collection.page}?return_to=${encodeURIComponent(sessionPath)}`);
    expect(after.text).toContain('This payment was approved.');
    expect(after.text).toContain(`href="${sessionPath}"`);
    const late = await post(collection.page, { decision: 'decline', return_to: sessionPath });
    expect(late.status).toBe(409);
    expect(await statusOf(collection.id)).toBe('success');
    expect((await outcomeRow(collection.provider_reference!)).outcome).toBe('success');
  });

  it('declining fails the payment with authentication_failed', async () => {
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    const declined = await post(collection.page, { decision: 'decline' });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain('You declined the payment.');
    expect(await outcomeRow(collection.provider_reference!)).toMatchObject({ outcome: 'failed', failure_reason: 'authentication_failed' });
    await service.runtime.deliverRailOutcomes();
    expect(await statusOf(collection.id)).toBe('failed');
  });

  it('approving a tok_sandbox_challenge_fail challenge still fails it: the magic value decides', async () => {
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge_fail' });
    expect((await post(collection.page, { decision: 'approve' })).status).toBe(200);
    await service.runtime.deliverRailOutcomes();
    expect(await statusOf(collection.id)).toBe('failed');
    expect((await outcomeRow(collection.provider_reference!)).failure_reason).toBe('authentication_failed');
  });

  it('changes nothing once a worker has claimed the outcome', async () => {
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    // A claim in progress: the worker counted an attempt and leased the row.
    await service.sql`update sandbox_rail_outcomes set attempts = 1 where provider_reference = ${collection.provider_reference!}`;
    const page = await rawRequest(collection.page);
    expect(page.text).toContain('already processing');
    expect(page.text).not.toContain('value="approve"');
    expect((await post(collection.page, { decision: 'decline' })).status).toBe(409);
    expect((await outcomeRow(collection.provider_reference!)).outcome).toBe('success');
  });
});

describe('bank authorization and QR pages', () => {
  it('a bank authorization refused fails with authentication_failed', async () => {
    const collection = await collect({ rail: 'bank', payer_account_ref: 'acct_sandbox_challenge' });
    expect(new URL(collection.action_url!).pathname).toMatch(/^\/sandbox\/rails\/bank\/authorize\/BANK-/);
    await post(collection.page, { decision: 'decline' });
    await service.runtime.deliverRailOutcomes();
    expect(await statusOf(collection.id)).toBe('failed');
    expect((await outcomeRow(collection.provider_reference!)).failure_reason).toBe('authentication_failed');
  });

  it('a QR payment (the page the scanned code opens) approved succeeds; declined fails with payer_declined', async () => {
    const approved = await collect({ rail: 'qr', reference: 'order-qr-1' });
    expect(new URL(approved.action_url!).pathname).toMatch(/^\/sandbox\/rails\/qr\/pay\/QR-/);
    const done = await post(approved.page, { decision: 'approve' });
    expect(done.text).toContain('You approved the payment.');
    const declined = await collect({ rail: 'qr', reference: 'order-qr-2' });
    await post(declined.page, { decision: 'decline' });
    await service.runtime.deliverRailOutcomes();
    expect(await statusOf(approved.id)).toBe('success');
    expect(await statusOf(declined.id)).toBe('failed');
    expect((await outcomeRow(declined.provider_reference!)).failure_reason).toBe('payer_declined');
  });

  it('formats the amount with the currency\'s own minor units', async () => {
    const ugx = await collect({ rail: 'qr', amount: 25_000, currency: 'UGX' });
    expect((await rawRequest(ugx.page)).text).toContain('UGX\u00a025,000');
    const kwd = await collect({ rail: 'qr', amount: 1_500, currency: 'KWD' });
    expect((await rawRequest(kwd.page)).text).toContain('KWD\u00a01.500');
  });
});

describe('what the pages refuse', () => {
  it('404 for an unknown reference, or a reference of another rail\'s page', async () => {
    const card = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    const otherRail = card.page.replace('/card/3ds/', '/qr/pay/');
    for (const url of [`${service.origin}/sandbox/rails/card/3ds/CARD-UNKNOWN`, otherRail]) {
      const answer = await rawRequest(url);
      expect(answer.status, url).toBe(404);
      expect(answer.text).toContain('Unknown payment');
      expect((await post(url, { decision: 'approve' })).status).toBe(404);
    }
  });

  it('400 for a decision that is neither approve nor decline, and nothing changes', async () => {
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    const before = await outcomeRow(collection.provider_reference!);
    expect((await post(collection.page, { decision: 'maybe' })).status).toBe(400);
    expect((await post(collection.page, {})).status).toBe(400);
    const after = await outcomeRow(collection.provider_reference!);
    expect(after.outcome).toBe(before.outcome);
    expect(after.due_in_ms).toBeGreaterThan(0);
  });

  it('never redirects off this site (no open redirect), and escapes what it echoes', async () => {
    for (const unsafe of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', `/${'a'.repeat(3000)}`]) {
      expect(safeReturnTo(unsafe), unsafe).toBeNull();
    }
    expect(safeReturnTo('/checkout/abc?x=1')).toBe('/checkout/abc?x=1');
    const collection = await collect({ rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    const offsite = await post(collection.page, { decision: 'approve', return_to: '//evil.example/phish' });
    expect(offsite.status).toBe(200);
    expect(offsite.location).toBeNull();
    const quoted = await rawRequest(`${collection.page}?return_to=${encodeURIComponent('/x"><script>alert(1)</script>')}`);
    expect(quoted.text).not.toContain('<script>');
    expect(quoted.text).toContain('name="return_to" value="/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });

  it('logged no unexpected error (no 500) in this file', () => {
    expect(service.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
