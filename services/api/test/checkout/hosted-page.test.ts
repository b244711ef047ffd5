// What the service gives the hosted checkout page (packages/checkout-page; its browser tests live
// there): checkout_url on the creation response only, the payer read's merchant_display_name and
// payment view, and the page's files served outside /v1 with their security headers.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPageCsp } from '../../src/http/checkout-page.ts';
import { rawRequest, signedHeaders } from '../helpers/raw-request.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { createSession, payerClient } from './checkout-helpers.ts';

const page_dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-checkout-page-'));
fs.mkdirSync(path.join(page_dir, 'assets'));
fs.writeFileSync(path.join(page_dir, 'index.html'), '<!doctype html><title>Pay</title><script type="module" src="assets/app-0123abcd.js"></script>');
fs.writeFileSync(path.join(page_dir, 'assets', 'app-0123abcd.js'), 'console.log("page");');

let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { CHECKOUT_PAGE_DIR: page_dir } }); });
afterAll(async () => {
  await service?.close();
  fs.rmSync(page_dir, { recursive: true, force: true });
});

async function read(session: { id: string; client_token: string }, svc = service) {
  const result = await payerClient(svc, session.client_token).GET('/checkout-sessions/{id}', { params: { path: { id: session.id } } });
  expect(result.response.status).toBe(200);
  return result.data!.data;
}

async function pay(session: { id: string; client_token: string }, body: Record<string, string>, svc = service) {
  const result = await payerClient(svc, session.client_token).POST('/checkout-sessions/{id}/pay', {
    params: { path: { id: session.id } }, body: body as never,
  });
  expect(result.response.status).toBe(200);
  return result.data!.data;
}

describe('checkout_url', () => {
  it('is the page under /checkout on the origin the merchant called, with the token in the fragment only', async () => {
    const session = await createSession(service.client);
    const url = new URL(session.checkout_url!);
    expect(session.checkout_url).toBe(`${service.origin}/checkout/${session.id}#token=${session.client_token}`);
    // Neither the path nor the query carries the token: a browser sends neither the fragment to
    // the server nor (with the page's Referrer-Policy) any part of the URL to anyone else.
    expect(url.pathname).toBe(`/checkout/${session.id}`);
    expect(url.search).toBe('');
    expect(url.hash).toBe(`#token=${session.client_token}`);
  });

  it('comes back unchanged on an idempotent replay, and never on the payer read', async () => {
    const key = randomUUID();
    const first = await createSession(service.client, { reference: 'order-url-replay' }, key);
    const again = await createSession(service.client, { reference: 'order-url-replay' }, key);
    expect(again.checkout_url).toBe(first.checkout_url);
    const view = await read(first);
    expect(view).not.toHaveProperty('checkout_url');
    expect(JSON.stringify(view).includes(first.client_token)).toBe(false);
  });

  it('does not echo a Host header that is not a plain host[:port]; localhost on PORT stands in', async () => {
    const body = JSON.stringify({ amount: 1_000, currency: 'KES' });
    const { port } = new URL(service.origin);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1', port: Number(port), method: 'POST', path: '/v1/checkout-sessions',
        headers: {
          ...signedHeaders(service.key, body), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(),
          Host: 'evil.example/phish?x=',
        },
      }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
    expect(answer.status).toBe(200);
    const created = JSON.parse(answer.text).data;
    expect(created.checkout_url).toBe(`http://localhost:${service.config.port}/checkout/${created.id}#token=${created.client_token}`);
  });
});

describe('PUBLIC_BASE_URL', () => {
  let hosted: TestService;
  beforeAll(async () => { hosted = await startTestService({ env: { PUBLIC_BASE_URL: 'https://pay.example.test/shop/' } }); });
  afterAll(async () => { await hosted?.close(); });

  it('is the base of checkout_url (trailing slash dropped) and of the sandbox rails\' action_url pages', async () => {
    const session = await createSession(hosted.client, { allowed_rails: ['card'] });
    expect(session.checkout_url).toBe(`https://pay.example.test/shop/checkout/${session.id}#token=${session.client_token}`);
    const paid = await pay(session, { rail: 'card', payer_card_token: 'tok_sandbox_challenge' }, hosted);
    expect(paid.action_url).toMatch(/^https:\/\/pay\.example\.test\/shop\/sandbox\/rails\/card\/3ds\/CARD-[0-9A-Z]+$/);
  });
});

describe('the payer read: merchant_display_name and payment', () => {
  it('names the merchant the payer is paying, and nothing else of it', async () => {
    const duka = await service.createMerchant('Duka Fresh Groceries');
    const session = await createSession(duka.client);
    const view = await read(session);
    expect(view.merchant_display_name).toBe('Duka Fresh Groceries');
    expect(view.payment).toBeNull();
  });

  it('follows the collection the pay created: pending with its challenge, then its outcome', async () => {
    const session = await createSession(service.client, { allowed_rails: ['card'] });
    const paid = await pay(session, { rail: 'card', payer_card_token: 'tok_sandbox_challenge' });
    const pending = await read(session);
    expect(pending.status).toBe('completed');
    expect(pending.payment).toEqual({ rail: 'card', status: 'pending', action_url: paid.action_url, ussd_code: null, failure_reason: null });
    // No transaction id or payer detail in the payer's view (the action_url is the provider's
    // page of this payment, so it names the provider's reference, as the pay's answer did).
    const text = JSON.stringify(pending);
    for (const hidden of [paid.id, 'tok_sandbox_challenge']) expect(text.includes(hidden)).toBe(false);

    await service.runtime.deliverRailOutcomes();
    expect((await read(session)).payment).toMatchObject({ rail: 'card', status: 'success', failure_reason: null });
  });

  it('gives the USSD dial string, and the failure reason once the rail fails the payment', async () => {
    const ussd = await createSession(service.client, { allowed_rails: ['ussd'] });
    const paidUssd = await pay(ussd, { rail: 'ussd', payer_phone: '+254700000000' });
    expect((await read(ussd)).payment).toMatchObject({ rail: 'ussd', status: 'pending', ussd_code: paidUssd.ussd_code, action_url: null });

    const poor = await createSession(service.client, { allowed_rails: ['mobile_money'] });
    await pay(poor, { rail: 'mobile_money', payer_phone: '+254700000001' });
    expect((await read(poor)).payment!.failure_reason).toBeNull();
    await service.runtime.deliverRailOutcomes();
    expect((await read(poor)).payment).toEqual({ rail: 'mobile_money', status: 'failed', action_url: null, ussd_code: null, failure_reason: 'insufficient_funds' });
  });
});

describe('the page files (GET /checkout/{id}, /checkout/assets/...)', () => {
  it('serves the page for any session id, without credentials, with a strict CSP and no Referer', async () => {
    const page = await rawRequest(`${service.origin}/checkout/${randomUUID()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('assets/app-0123abcd.js');
    expect(page.headers.get('content-security-policy')).toBe(checkoutPageCsp);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "require-trusted-types-for 'script'"]) {
      expect(checkoutPageCsp).toContain(directive);
    }
  });

  it('serves content-hashed assets for good, with the same headers', async () => {
    const asset = await rawRequest(`${service.origin}/checkout/assets/app-0123abcd.js`);
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("page");');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers the API\'s 404 envelope for a path that is not a session id or a known asset', async () => {
    for (const url of [`${service.origin}/checkout/not-a-session`, `${service.origin}/checkout/assets/nothing.js`, `${service.origin}/checkout/assets/../index.html`]) {
      const answer = await rawRequest(url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.error.code).toBe('RESOURCE_NOT_FOUND');
      expect(answer.body.meta.request_id).toEqual(expect.any(String));
    }
  });

  it('warns at start and answers 404 while the page is not built', async () => {
    const unbuilt = await startTestService({ env: { CHECKOUT_PAGE_DIR: path.join(page_dir, 'missing') } });
    try {
      expect(unbuilt.logs.some((line) => line.level === 'warn' && String(line.msg).startsWith('hosted checkout page not built'))).toBe(true);
      expect((await rawRequest(`${unbuilt.origin}/checkout/${randomUUID()}`)).status).toBe(404);
    } finally {
      await unbuilt.close();
    }
  });

  it('logged no unexpected error (no 500) in this file', () => {
    expect(service.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
