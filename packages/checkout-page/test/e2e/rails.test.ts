// Every rail path through the page, in headless Chromium against the real service: the payer
// opens the merchant's checkout_url, picks a rail, fills in its field, pays, does what the rail
// asks (approve on the phone, dial a USSD code, pass a card challenge or bank authorization on
// the sandbox provider's page, scan a QR code) and sees the outcome the sandbox rail gives.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb, createSession, expectNoTokenInServiceLog, e2e, expectAccessibleEverywhere, expectScreen, focusedText, launchBrowser, newPayer, payRequests, transactionsOfSession,
  type PayerPage, type Rail,
} from '../support/browser.ts';
import { merchantDisplayName } from '../support/global-setup.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => {
  await browser?.close();
  await closeDb();
});

const railLabels: Record<Rail, string> = { mobile_money: 'Mobile money', card: 'Card', bank: 'Bank account', ussd: 'USSD', qr: 'QR code' };

/** Opens the session's checkout_url, picks `rail`, fills in `value`, presses Pay. */
async function payWith(payer: PayerPage, checkoutUrl: string, rail: Rail, value: string | null, screenshot?: string) {
  const { page } = payer;
  await page.goto(checkoutUrl);
  await page.locator('[data-screen="pay"]').waitFor();
  if (screenshot) await expectScreen(payer, 'pay', screenshot);
  await page.getByRole('radio', { name: new RegExp(`^${railLabels[rail]}`) }).check();
  if (value !== null) await page.locator(`#field-${rail}`).fill(value);
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe('mobile money', () => {
  it('shows merchant, amount and reference; approve on the phone; success', async () => {
    const session = await createSession({ amount: 250_000, currency: 'KES', reference: 'order-1002', allowed_rails: ['mobile_money', 'card', 'bank', 'ussd', 'qr'] });
    const payer = await newPayer(browser);
    await payer.page.goto(session.checkout_url);
    await expectScreen(payer, 'pay', 'pay');
    expect(await payer.page.getByRole('heading', { level: 1 }).textContent()).toBe(`Pay ${merchantDisplayName}`);
    expect(await payer.page.getByTestId('amount').textContent()).toBe('KES\u00a02,500.00');
    expect(await payer.page.getByTestId('reference').textContent()).toBe('order-1002');
    // Every allowed rail is offered, the first chosen.
    expect(await payer.page.getByRole('radio').count()).toBe(5);
    // The token left the address bar once read (kept in this tab's sessionStorage).
    expect(new URL(payer.page.url()).hash).toBe('');

    // 0000005: the payer approves late (15 s here), so the waiting screen stays long enough to check.
    await payer.page.locator('#field-mobile_money').fill('+254 700 000 005');
    await payer.page.getByRole('button', { name: 'Pay KES\u00a02,500.00' }).click();
    await payer.page.locator('[data-screen="prompt"]').waitFor();
    // Focus moved to the new screen's heading.
    expect(await focusedText(payer.page)).toBe('Approve the payment on your phone');
    await expectScreen(payer, 'prompt');
    await expectScreen(payer, 'success');
    expect(payRequests(payer)).toEqual([{ key: expect.any(String), body: { rail: 'mobile_money', payer_phone: '+254700000005' } }]);
    expect(await transactionsOfSession(session.id)).toEqual([expect.objectContaining({ rail: 'mobile_money', status: 'success' })]);
    await payer.context.close();
  });

  it('a payment the rail fails (insufficient funds) shows why, and that no money was taken', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'mobile_money', '+254700000001');
    await expectScreen(payer, 'failed');
    expect(await payer.page.getByTestId('failure-reason').textContent()).toBe('There was not enough money in your account.');
    expect((await transactionsOfSession(session.id))[0]!.status).toBe('failed');
    await payer.context.close();
  });

  it('the USSD fallback shows the code to dial (with a tel: link), then the outcome', async () => {
    const session = await createSession({ allowed_rails: ['mobile_money'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'mobile_money', '+254700000003');
    await expectScreen(payer, 'ussd', 'ussd-fallback');
    const code = await payer.page.getByTestId('ussd-code').textContent();
    expect(code).toMatch(/^\*384\*\d{6}#$/);
    expect(await payer.page.getByRole('link', { name: `Dial ${code}` }).getAttribute('href')).toBe(`tel:${code!.replace('#', '%23')}`);
    await expectScreen(payer, 'success', 'success-after-ussd');
    await payer.context.close();
  });
});

describe('USSD', () => {
  it('shows the *737* code to dial and follows the payment to success', async () => {
    const session = await createSession({ allowed_rails: ['ussd'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'ussd', '+233240000000');
    // Read at once: on this rail the sandbox settles in 1.5 s (the fallback test above checks
    // the same screen's accessibility at leisure).
    const code = payer.page.getByTestId('ussd-code');
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^\*737\*\d{6}#$/);
    await expectScreen(payer, 'success');
    await payer.context.close();
  });
});

describe('card', () => {
  it('a card token that needs no challenge: processing, then success', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    // tok_sandbox_late: the issuer answers after 15 s here, long enough to check the waiting screen.
    await payWith(payer, session.checkout_url, 'card', 'tok_sandbox_late');
    await expectScreen(payer, 'processing');
    await expectScreen(payer, 'success');
    await payer.context.close();
  });

  it('a 3-D Secure challenge: the payer passes it on the provider\'s page and comes back to the outcome', async () => {
    const session = await createSession({ allowed_rails: ['card', 'mobile_money'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'card', 'tok_sandbox_challenge');
    await expectScreen(payer, 'challenge');
    const continueLink = payer.page.getByRole('link', { name: 'Continue to your card issuer' });
    const href = new URL((await continueLink.getAttribute('href'))!);
    expect(href.pathname).toMatch(/^\/sandbox\/rails\/card\/3ds\/CARD-/);
    expect(href.searchParams.get('return_to')).toBe(`/checkout/${session.id}`);

    const providerRequest = payer.page.waitForRequest((request) => request.url().includes('/sandbox/rails/card/3ds/'));
    await continueLink.click();
    // The provider receives no Referer (the page's Referrer-Policy), so nothing of the page's URL.
    expect((await providerRequest).headers().referer).toBeUndefined();
    await payer.page.getByRole('heading', { name: 'Card authentication (3-D Secure)' }).waitFor();
    await expectAccessibleEverywhere(payer, 'sandbox-card-challenge');
    await payer.page.getByRole('button', { name: 'Authenticate' }).click();

    // Back on the page without the token in the URL: this tab's sessionStorage still opens it.
    await payer.page.waitForURL(`${e2e.origin}/checkout/${session.id}`);
    await expectScreen(payer, 'success', 'success-after-challenge');
    expect((await transactionsOfSession(session.id))[0]!.status).toBe('success');
    await payer.context.close();
  });

  it('a challenge the payer cancels on the provider\'s page fails the payment', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'card', 'tok_sandbox_challenge');
    await expectScreen(payer, 'challenge', 'challenge-card');
    await payer.page.getByRole('link', { name: 'Continue to your card issuer' }).click();
    await payer.page.getByRole('button', { name: 'Cancel authentication' }).click();
    await payer.page.waitForURL(`${e2e.origin}/checkout/${session.id}`);
    await expectScreen(payer, 'failed', 'failed-authentication');
    expect(await payer.page.getByTestId('failure-reason').textContent()).toBe('The payment could not be confirmed with your bank or card issuer.');
    await payer.context.close();
  });

  it('a declined card', async () => {
    const session = await createSession({ allowed_rails: ['card'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'card', 'tok_sandbox_fail');
    await expectScreen(payer, 'failed', 'failed-card-declined');
    expect(await payer.page.getByTestId('failure-reason').textContent()).toBe('Your card was declined.');
    await payer.context.close();
  });
});

describe('bank', () => {
  it('an account reference that needs no authorization: success', async () => {
    const session = await createSession({ allowed_rails: ['bank'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'bank', 'acct_sandbox_success');
    await expectScreen(payer, 'success', 'success-bank');
    await payer.context.close();
  });

  it('a bank authorization passed on the bank\'s page', async () => {
    const session = await createSession({ allowed_rails: ['bank'] });
    const payer = await newPayer(browser);
    await payWith(payer, session.checkout_url, 'bank', 'acct_sandbox_challenge');
    await expectScreen(payer, 'challenge', 'challenge-bank');
    await payer.page.getByRole('link', { name: 'Continue to your bank' }).click();
    await payer.page.getByRole('heading', { name: 'Bank authorization' }).waitFor();
    await expectAccessibleEverywhere(payer, 'sandbox-bank-authorization');
    await payer.page.getByRole('button', { name: 'Authorize payment' }).click();
    await payer.page.waitForURL(`${e2e.origin}/checkout/${session.id}`);
    await expectScreen(payer, 'success', 'success-after-bank-authorization');
    await payer.context.close();
  });
});

describe('QR', () => {
  it('shows a code to scan; the payer\'s phone opens it and approves; the page sees the success', async () => {
    // sandbox_late: the outcome comes late (15 s here), and opening the QR page holds it for the
    // payer's answer, so only the approval settles it.
    const session = await createSession({ allowed_rails: ['qr', 'card'], reference: 'sandbox_late:order-qr' });
    const payer = await newPayer(browser, { viewport: { width: 1280, height: 800 } });
    await payWith(payer, session.checkout_url, 'qr', null);
    await expectScreen(payer, 'qr');
    const qr = payer.page.getByRole('img', { name: /^QR code to pay KES/ });
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const openHere = new URL((await payer.page.getByTestId('open-qr-here').getAttribute('href'))!);
    expect(openHere.pathname).toMatch(/^\/sandbox\/rails\/qr\/pay\/QR-/);

    // The payer's phone: another device (its own context), opening what the code encodes.
    const phone = await newPayer(browser);
    openHere.searchParams.delete('return_to');
    await phone.page.goto(openHere.toString());
    await phone.page.getByRole('heading', { name: 'QR payment' }).waitFor();
    await expectAccessibleEverywhere(phone, 'sandbox-qr-payment');
    await phone.page.getByRole('button', { name: 'Approve payment' }).click();
    await phone.page.getByText('You approved the payment.').waitFor();

    await expectScreen(payer, 'success', 'success-qr');
    await phone.context.close();
    await payer.context.close();
  });
});

it('no checkout token of this file reached the service\'s log', () => {
  expectNoTokenInServiceLog();
});
