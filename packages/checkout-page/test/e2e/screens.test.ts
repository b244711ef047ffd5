// The page's other screens, each reached the way a payer would reach it: an expired link (and
// one that expires while the payer is on it), a completed, refunded or cancelled session, a
// wrong, missing or unknown link, a rail outage, invalid details (caught by the page, and
// refused by the API naming the field), a merchant on hold, a failed load, and a payment that
// takes longer than the page watches.
import { randomUUID } from 'node:crypto';
import { createCheckoutClient } from '@payagg/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb, createSession, expectNoTokenInServiceLog, db, e2e, expectScreen, focusedText, launchBrowser, merchantClient, newPayer, payRequests, transactionsOfSession,
} from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

async function payByApi(session: { id: string; client_token: string }, body: Record<string, string>) {
  const paid = await createCheckoutClient({ baseUrl: `${e2e.origin}/v1`, clientToken: session.client_token }).POST('/checkout-sessions/{id}/pay', {
    params: { path: { id: session.id } }, body: body as never,
  });
  expect(paid.response.status).toBe(200);
  return paid.data!.data;
}

async function waitForStatus(transactionId: string, status: string) {
  const client = merchantClient();
  for (let i = 0; i < 150; i += 1) {
    const read = await client.GET('/collections/{id}', { params: { path: { id: transactionId } } });
    if (read.data?.data.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`collection ${transactionId} never reached ${status}`);
}

describe('sessions that can no longer be paid', () => {
  it('an expired link', async () => {
    const session = await createSession();
    await db()`update checkout_sessions set expires_at = now() - interval '1 second' where id = ${session.id}`;
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'expired');
    expect(payRequests(payer)).toEqual([]);
    await payer.context.close();
  });

  it('a link that expires while the payer is on the form', async () => {
    const session = await createSession();
    await db()`update checkout_sessions set expires_at = now() + interval '4 seconds' where id = ${session.id}`;
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('[data-screen="pay"]').waitFor();
    await expectScreen(payer, 'expired', 'expired-while-open', { timeout: 20_000 });
    expect(await focusedText(payer.page)).toBe('This payment link has expired');
    await payer.context.close();
  });

  it('a link already paid: the payment is complete', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const paid = await payByApi(session, { rail: 'mobile_money', payer_phone: '+254712345678' });
    await waitForStatus(paid.id, 'success');
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'completed');
    expect(await payer.page.getByRole('heading', { level: 1 }).textContent()).toBe('This payment is already complete');
    expect(payRequests(payer)).toEqual([]);
    await payer.context.close();
  });

  it('a link whose payment the merchant refunded', async () => {
    const session = await createSession({ allowed_rails: ['card'], amount: 10_000 });
    const paid = await payByApi(session, { rail: 'card', payer_card_token: 'tok_sandbox_success' });
    await waitForStatus(paid.id, 'success');
    const refund = await merchantClient().POST('/collections/{id}/refunds', {
      params: { path: { id: paid.id }, header: { 'Idempotency-Key': randomUUID() } }, body: {},
    });
    expect(refund.response.status).toBe(200);
    await waitForStatus(paid.id, 'reversed');
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'refunded');
    await payer.context.close();
  });

  it('a cancelled session (reserved by the API; the page still says so plainly)', async () => {
    const session = await createSession();
    await db()`update checkout_sessions set status = 'cancelled' where id = ${session.id}`;
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'cancelled');
    await payer.context.close();
  });
});

describe('links that do not open a payment', () => {
  it('a wrong token reads as a link that is not valid (the API\'s 404), and nothing is paid', async () => {
    const session = await createSession();
    const tampered = session.checkout_url.replace(/#token=cst_(.)/, (_, first: string) => `#token=cst_${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(session.checkout_url);
    const payer = await newPayer(browser);
    await payer.page.goto(tampered);
    await expectScreen(payer, 'invalid-link', 'wrong-token');
    expect(payer.apiRequests.map((r) => r.method())).toEqual(['GET']);
    await payer.context.close();
  });

  it('a link without its token (no fragment, nothing kept in this tab) asks for the full link', async () => {
    const session = await createSession();
    const payer = await newPayer(browser);
    await payer.page.goto(`${e2e.origin}/checkout/${session.id}`);
    await expectScreen(payer, 'missing-token');
    expect(payer.apiRequests).toEqual([]);
    await payer.context.close();
  });

  it('an unknown session id', async () => {
    const session = await createSession();
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url.replace(session.id, randomUUID()));
    await expectScreen(payer, 'invalid-link', 'unknown-session');
    await payer.context.close();
  });
});

describe('a rail that is down', () => {
  it('shows the outage, lets the payer retry or choose another rail, and the session stays payable', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money', 'card'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-mobile_money').fill('+254700000006');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'outage');
    expect(await payer.page.getByRole('heading', { level: 1 }).textContent()).toBe('Mobile money is not available right now');
    expect(await transactionsOfSession(session.id)).toEqual([]);

    // Try again: the same attempt, with the same key (the API released it: nothing was created).
    const again = payer.page.waitForResponse((response) => response.url().endsWith('/pay'));
    await payer.page.getByRole('button', { name: 'Try again' }).click();
    expect((await again).status()).toBe(503);
    await expectScreen(payer, 'outage', 'outage-again');
    const [first, second] = payRequests(payer);
    expect(second!.key).toBe(first!.key);

    await payer.page.getByRole('button', { name: 'Choose another way to pay' }).click();
    await payer.page.locator('[data-screen="pay"]').waitFor();
    await payer.page.getByRole('radio', { name: /^Card/ }).check();
    await payer.page.locator('#field-card').fill('tok_sandbox_success');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'success', 'success-after-outage');
    const requests = payRequests(payer);
    expect(requests).toHaveLength(3);
    expect(requests[2]!.key).not.toBe(first!.key);
    expect(await transactionsOfSession(session.id)).toEqual([expect.objectContaining({ rail: 'card', status: 'success' })]);
    await payer.context.close();
  });
});

describe('invalid details', () => {
  it('the page names the field before sending anything: an empty or malformed phone number', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await payer.page.locator('.error-summary:not([hidden])').waitFor();
    await expectScreen(payer, 'pay', 'validation-error-page');
    const input = payer.page.locator('#field-mobile_money');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await payer.page.locator('#field-mobile_money-error').textContent()).toBe('Enter your phone number');
    expect(await input.getAttribute('aria-describedby')).toContain('field-mobile_money-error');
    // Focus went to the summary, whose link leads to the field.
    expect(await payer.page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    await payer.page.getByRole('link', { name: 'Enter your phone number' }).click();
    expect(await payer.page.evaluate(() => document.activeElement?.id)).toBe('field-mobile_money');

    await input.fill('12ab');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    expect(await payer.page.locator('#field-mobile_money-error').textContent()).toMatch(/^Enter a phone number of 7 to 15 digits/);
    expect(payRequests(payer)).toEqual([]);
    await payer.context.close();
  });

  it('the API refuses a card number given as a token: the page names the card token field', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-card').fill('4242 4242 4242 4242');
    const answer = payer.page.waitForResponse((response) => response.url().endsWith('/pay'));
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    const response = await answer;
    expect(response.status()).toBe(422);
    expect(((await response.json()) as { error: { details: { fields: { field: string }[] } } }).error.details.fields.map((f) => f.field)).toContain('body.payer_card_token');
    await payer.page.locator('#field-card-error:not([hidden])').waitFor();
    await expectScreen(payer, 'pay', 'validation-error-api');
    expect(await payer.page.locator('#field-card-error').textContent()).toBe('Enter your card token, not your card number: a card number is never sent here');
    expect(await payer.page.locator('#field-card').getAttribute('aria-invalid')).toBe('true');

    // Corrected: a new attempt (the refused one released its key), and it pays.
    await payer.page.locator('#field-card').fill('tok_sandbox_success');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'success', 'success-after-correction');
    const [refused, accepted] = payRequests(payer);
    expect(accepted!.key).not.toBe(refused!.key);
    await payer.context.close();
  });
});

describe('what else the page shows', () => {
  it('only the rails the merchant allowed', async () => {
    const session = await createSession({ allowed_rails: ['bank'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('[data-screen="pay"]').waitFor();
    expect(await payer.page.getByRole('radio').count()).toBe(1);
    expect(await payer.page.getByRole('radio', { name: /^Bank account/ }).isChecked()).toBe(true);
    await payer.context.close();
  });

  it.each([
    ['UGX', 25_000, 'UGX\u00a025,000'],
    ['XOF', 150_000, 'F\u202fCFA\u00a0150,000'],
    ['KWD', 1_500, 'KWD\u00a01.500'],
    ['USD', 1_999, '$19.99'],
  ])('amounts in %s use the currency\'s own decimals', async (currency, amount, shown) => {
    const session = await createSession({ currency, amount });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('[data-screen="pay"]').waitFor();
    expect(await payer.page.getByTestId('amount').textContent()).toBe(shown);
    expect(await payer.page.getByRole('button', { name: /^Pay / }).textContent()).toBe(`Pay ${shown}`);
    await payer.context.close();
  });

  it('a merchant on hold: the pay is refused (403) and the page says the payment cannot be taken', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] }, merchantClient(e2e.heldMerchant));
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-mobile_money').fill('+254712345678');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'on-hold');
    expect(await transactionsOfSession(session.id)).toEqual([]);
    await payer.context.close();
  });

  it('while the session loads, a loading screen', async () => {
    const session = await createSession();
    const payer = await newPayer(browser);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await payer.page.route(`**/v1/checkout-sessions/${session.id}`, async (route) => {
      await released;
      await route.continue();
    });
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'loading');
    release();
    await expectScreen(payer, 'pay', 'pay-after-loading');
    await payer.context.close();
  });

  it('a load that fails (network) offers to try again, and trying again loads the session', async () => {
    const session = await createSession();
    const payer = await newPayer(browser);
    let blocked = true;
    await payer.page.route(`**/v1/checkout-sessions/${session.id}`, async (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'error');
    blocked = false;
    await payer.page.getByRole('button', { name: 'Try again' }).click();
    await expectScreen(payer, 'pay', 'pay-after-error');
    await payer.context.close();
  });

  it('stops watching after 10 minutes with a "still waiting" screen; "Check again" looks once more', async () => {
    // sandbox_late: the QR outcome arrives only after 15 s. The page's clock is moved on instead of waited for.
    const session = await createSession({ allowed_rails: ['qr'], reference: 'sandbox_late:order-slow' });
    const payer = await newPayer(browser);
    await payer.page.clock.install();
    await payer.page.goto(session.checkout_url);
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await payer.page.locator('[data-screen="qr"]').waitFor();
    await payer.page.clock.fastForward('10:30');
    await expectScreen(payer, 'still-waiting');
    await payer.page.getByRole('button', { name: 'Check again' }).click();
    await payer.page.locator('[data-screen="qr"]').waitFor();
    await payer.context.close();
  });
});

it('no checkout token of this file reached the service\'s log', () => {
  expectNoTokenInServiceLog();
});
