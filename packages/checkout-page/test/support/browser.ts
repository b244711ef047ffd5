// The browser side of the page's tests: Debian's Chromium driven by playwright-core, a merchant
// that creates sessions through the SDK, and `expectScreen`, which every test calls on every
// screen it reaches: the screen is the one expected, axe-core finds no violation (at a phone and
// a desktop width), no CSP violation or script error happened, and a screenshot of each width
// is written as a test artifact.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { createClient, type MerchantClient } from '@payagg/sdk';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import postgres from 'postgres';
import { expect, inject } from 'vitest';

export const e2e = inject('e2e');
export const phoneViewport = { width: 390, height: 844 };
export const desktopViewport = { width: 1280, height: 800 };

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** $TEST_RESULTS_DIR/checkout-page-screens (make test), else packages/checkout-page/test-artifacts. */
export const artifactsDir = process.env.TEST_RESULTS_DIR
  ? path.join(process.env.TEST_RESULTS_DIR, 'checkout-page-screens')
  : path.join(packageDir, 'test-artifacts');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Session = { id: string; client_token: string; checkout_url?: string; expires_at: string };
export type Rail = 'mobile_money' | 'card' | 'bank' | 'ussd' | 'qr';

export function merchantClient(credentials = e2e.merchant): MerchantClient {
  return createClient({ baseUrl: `${e2e.origin}/v1`, apiKey: credentials.api_key, apiSecret: credentials.api_secret });
}

export async function createSession(body: { amount?: number; currency?: string; reference?: string | null; allowed_rails?: Rail[] } = {}, client = merchantClient()): Promise<Session & { checkout_url: string }> {
  const created = await client.POST('/checkout-sessions', {
    params: { header: { 'Idempotency-Key': randomUUID() } },
    body: { amount: 250_000, currency: 'KES', reference: `order-${randomUUID().slice(0, 8)}`, ...body },
  });
  if (!created.data) throw new Error(`session creation failed: ${created.response.status} ${JSON.stringify(created.error)}`);
  const session = created.data.data;
  issuedTokens.push(session.client_token);
  return session as Session & { checkout_url: string };
}

/** Every token this test file was given: none may reach the service's log (checked at the end). */
export const issuedTokens: string[] = [];

let sql: postgres.Sql | null = null;
/** The service's database, for what only time would do (expiry) and for counting rows. */
export function db(): postgres.Sql {
  sql ??= postgres(e2e.databaseUrl, { max: 2, onnotice: () => undefined });
  return sql;
}

export async function transactionsOfSession(sessionId: string) {
  return await db()<{ id: string; rail: string; status: string }[]>`
    select id, rail, status from transactions where checkout_session_id = ${sessionId}`;
}

export async function launchBrowser(): Promise<Browser> {
  return await chromium.launch({
    executablePath: e2e.chromiumPath,
    headless: true,
    // As root (CI runs as root) Chromium's sandbox cannot start.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

export type PayerPage = {
  context: BrowserContext;
  page: Page;
  /** Every request the page made to the API (/v1/...). */
  apiRequests: Request[];
  pageErrors: string[];
};

/** A fresh payer (own context: own sessionStorage) on a phone. */
export async function newPayer(browser: Browser, options: { viewport?: { width: number; height: number } } = {}): Promise<PayerPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? phoneViewport, locale: 'en-US', deviceScaleFactor: 1 });
  const page = await context.newPage();
  const apiRequests: Request[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => { if (new URL(request.url()).pathname.startsWith('/v1/')) apiRequests.push(request); });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) pageErrors.push(message.text()); });
  // Collected in the page (DevTools protocol scripts are not subject to the page's CSP).
  await context.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { context, page, apiRequests, pageErrors };
}

export async function runAxe(page: Page): Promise<{ id: string; impact: string | null; help: string; nodes: string[] }[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(axeSource);
  return await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}

/**
 * The page shows `screen`: axe-core reports no violation at a phone and a desktop width, no CSP
 * violation or script error happened, and a screenshot of each width is kept as `name`.
 */
export async function expectScreen(payer: PayerPage, screen: string, name = screen, options: { timeout?: number } = {}): Promise<void> {
  const { page } = payer;
  try {
    await page.locator(`[data-screen="${screen}"]`).waitFor({ state: 'visible', timeout: options.timeout ?? 45_000 });
  } catch (error) {
    // Say what the payer saw instead, with a picture of it.
    fs.mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: path.join(artifactsDir, `FAILED-${name}.png`), fullPage: true }).catch(() => undefined);
    const shown = await page.evaluate(() => `${document.querySelector('[data-screen]')?.getAttribute('data-screen')}: ${document.body.innerText.slice(0, 500)}`).catch(() => '?');
    const serviceProblems = fs.readFileSync(e2e.logFile, 'utf8').split('\n').filter((line) => /"level":"(warn|error)"/.test(line)).slice(-5);
    throw new Error(`expected the "${screen}" screen; the page shows ${shown} (${page.url()}); the service's last warnings: ${serviceProblems.join('\n') || 'none'}`, { cause: error });
  }
  await expectAccessibleEverywhere(payer, name);
}

/** axe at both widths + screenshots, for any page (the sandbox provider's pages too). */
export async function expectAccessibleEverywhere(payer: PayerPage, name: string): Promise<void> {
  const { page } = payer;
  const original = page.viewportSize() ?? phoneViewport;
  fs.mkdirSync(artifactsDir, { recursive: true });
  for (const [widthName, viewport] of [['phone', phoneViewport], ['desktop', desktopViewport]] as const) {
    await page.setViewportSize(viewport);
    expect(await runAxe(page), `axe violations on ${name} (${widthName})`).toEqual([]);
    await page.screenshot({ path: path.join(artifactsDir, `${name}-${widthName}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []), `CSP violations on ${name}`).toEqual([]);
  expect(payer.pageErrors, `script errors on ${name}`).toEqual([]);
}

/** The heading of the current screen, which the page focuses when the screen changes. */
export async function focusedText(page: Page): Promise<string> {
  return await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/** None of the tokens this file was given appears in the service's log (whole or without its prefix). */
export function expectNoTokenInServiceLog(): void {
  const log = fs.readFileSync(e2e.logFile, 'utf8');
  expect(log.length).toBeGreaterThan(0);
  expect(issuedTokens.length).toBeGreaterThan(0);
  for (const token of issuedTokens) {
    expect(log.includes(token)).toBe(false);
    expect(log.includes(token.slice(4))).toBe(false);
  }
}

export async function closeDb(): Promise<void> {
  await sql?.end({ timeout: 5 });
  sql = null;
}

/** The pay requests the page sent, with their Idempotency-Key. */
export function payRequests(payer: PayerPage): { key: string | undefined; body: unknown }[] {
  return payer.apiRequests
    .filter((request) => request.method() === 'POST' && request.url().endsWith('/pay'))
    .map((request) => ({ key: request.headers()['idempotency-key'], body: request.postDataJSON() as unknown }));
}
