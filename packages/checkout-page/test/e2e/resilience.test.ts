// What must never go wrong whatever the payer or the network does: a double click, a lost
// answer retried, or a reload in the middle of a payment never pays twice; the page works with
// the keyboard alone; it sends no merchant credential, calls only the two payer operations, and
// its token never appears in a URL, a Referer or the service's log.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb, createSession, expectNoTokenInServiceLog, expectScreen, focusedText, launchBrowser, newPayer, payRequests, transactionsOfSession,
} from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

describe('never twice', () => {
  it('a double click on Pay sends one payment', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-mobile_money').fill('+254712345678');
    await payer.page.getByRole('button', { name: /^Pay / }).dblclick();
    await expectScreen(payer, 'success', 'success-after-double-click');
    expect(payRequests(payer)).toHaveLength(1);
    expect(await transactionsOfSession(session.id)).toHaveLength(1);
    await payer.context.close();
  });

  it('an answer lost on the way back: Pay again resends the same attempt with its key, and the API replays it', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    let dropped = 0;
    // The first pay reaches the service (which takes the payment) but its answer never arrives.
    await payer.page.route('**/pay', async (route) => {
      if (dropped > 0) return route.continue();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-card').fill('tok_sandbox_success');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await payer.page.locator('.notice:not([hidden])').waitFor();
    await expectScreen(payer, 'pay', 'connection-lost');
    expect(await payer.page.locator('.notice').textContent()).toMatch(/^The connection was lost/);
    expect(await transactionsOfSession(session.id)).toHaveLength(1);

    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'success', 'success-after-retry');
    const [first, second] = payRequests(payer);
    expect(second!.key).toBe(first!.key);
    expect(second!.body).toEqual(first!.body);
    expect(await transactionsOfSession(session.id)).toHaveLength(1);
    await payer.context.close();
  });

  it('a reload while the payment is on its way resumes it with the same key: one payment', async () => {
    // 0000004: the rail takes 1.5 s to accept, so the reload happens while the pay is in flight.
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-mobile_money').fill('+254700000004');
    const sent = payer.page.waitForRequest((request) => request.url().endsWith('/pay'));
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await sent;
    await payer.page.reload();
    await expectScreen(payer, 'success', 'success-after-reload');
    const requests = payRequests(payer);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(await transactionsOfSession(session.id)).toEqual([expect.objectContaining({ status: 'success' })]);
    await payer.context.close();
  });

  it('a reload while the payment settles shows where it stands, without paying again', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await payer.page.locator('#field-card').fill('tok_sandbox_challenge');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await payer.page.locator('[data-screen="challenge"]').waitFor();
    await payer.page.reload();
    await expectScreen(payer, 'challenge', 'challenge-after-reload');
    expect(payRequests(payer)).toHaveLength(1);
    await payer.context.close();
  });
});

describe('keyboard only', () => {
  it('tabs through the form in reading order and pays without a pointer', async () => {
    const session = await createSession({ allowed_rails: ['card', 'mobile_money'] });
    const payer = await newPayer(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = payer;
    await page.goto(session.checkout_url);
    await page.locator('[data-screen="pay"]').waitFor();
    const focused = async () => await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? `${element.tagName.toLowerCase()}#${element.id || element.getAttribute('data-testid') || ''}` : '';
    });
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input#rail-card');
    // Arrow keys move within the radio group; the field shown follows the choice.
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('input#rail-mobile_money');
    expect(await page.locator('#field-mobile_money').isVisible()).toBe(true);
    expect(await page.locator('#field-card').isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input#field-mobile_money');
    await page.keyboard.type('+254712345678');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button#pay');
    await page.keyboard.press('Enter');
    await page.locator('[data-screen="prompt"], [data-screen="success"]').first().waitFor();
    // The new screen's heading has the focus.
    expect(['Approve the payment on your phone', 'Payment successful']).toContain(await focusedText(page));
    await expectScreen(payer, 'success', 'success-keyboard');
    await payer.context.close();
  });
});

describe('what the page sends and keeps', () => {
  it('calls only the two payer operations, with the token in X-Checkout-Token and never a merchant credential', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    const response = await payer.page.goto(session.checkout_url);
    // The page's own response: a strict CSP and no Referer ever.
    expect(response!.headers()['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await payer.page.locator('#field-mobile_money').fill('+254712345678');
    await payer.page.getByRole('button', { name: /^Pay / }).click();
    await expectScreen(payer, 'success', 'success-requests');

    expect(payer.apiRequests.length).toBeGreaterThanOrEqual(3);
    for (const request of payer.apiRequests) {
      const url = new URL(request.url());
      const operation = `${request.method()} ${url.pathname}`;
      expect([`GET /v1/checkout-sessions/${session.id}`, `POST /v1/checkout-sessions/${session.id}/pay`]).toContain(operation);
      expect(url.search).toBe('');
      expect(request.url().includes(session.client_token)).toBe(false);
      const headers = await request.allHeaders();
      expect(headers['x-checkout-token']).toBe(session.client_token);
      expect(Object.keys(headers).filter((name) => name.startsWith('x-service-'))).toEqual([]);
      expect(headers.referer).toBeUndefined();
    }
    await payer.context.close();
  });

  it('no checkout token of this file reached the service\'s log', () => {
    expectNoTokenInServiceLog();
  });
});
