// The API reference the service serves at /docs, /docs/partner and /docs/ops (services/api/src/http/api-docs.ts),
// opened in Debian's Chromium from the real service: Redoc renders the spec's operations, no
// request leaves the service's own origin (Redoc's bundle is inlined: no CDN at view time), no
// script error and no CSP violation happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopViewport, e2e, launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

type Visit = { page: Page; requestedUrls: string[]; problems: string[]; status: number | undefined; csp: string | null };

async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: desktopViewport, locale: 'en-US' });
  const page = await context.newPage();
  const requestedUrls: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requestedUrls.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A failed load is reported by its URL below (the console's line for it names none).
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    // Chromium asks for /favicon.ico on its own (the page names no icon); the service has none.
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
  });
  const response = await page.goto(`${e2e.origin}${path}`, { waitUntil: 'load' });
  return { page, requestedUrls, problems, status: response?.status(), csp: response ? await response.headerValue('content-security-policy') : null };
}

/** Every URL the page asked for is this origin's (or an inline data:/blob: one). */
function offOrigin(urls: string[]): string[] {
  return urls.filter((url) => !url.startsWith(`${e2e.origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
}

describe('the API reference in a browser', () => {
  it('GET /docs renders the merchant API from spec/merchant.yaml, fetching nothing from elsewhere', async () => {
    const { page, requestedUrls, problems, status, csp } = await visit('/docs');
    expect(status).toBe(200);
    expect(csp).toContain("default-src 'self'");
    // Redoc shows one tag's operations at a time: the reader picks it in the side menu.
    await page.getByText('Collections', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create a collection' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(page.url()).toBe(`${e2e.origin}/docs#/collections`);
    await page.getByText('Payouts', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create a payout' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.title()).toBe('payagg merchant API reference');
    expect(offOrigin(requestedUrls)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/partner renders the partner API from spec/partner.yaml', async () => {
    const { page, requestedUrls, problems, status } = await visit('/docs/partner');
    expect(status).toBe(200);
    await page.getByText('Partner wallets', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create a wallet' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.title()).toBe('payagg partner API reference');
    expect(offOrigin(requestedUrls)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('GET /docs/ops renders the operators\' API from spec/ops.yaml', async () => {
    const { page, requestedUrls, problems, status } = await visit('/docs/ops');
    expect(status).toBe(200);
    await page.getByText('Reconciliation', { exact: true }).first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Run a reconciliation' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.title()).toBe('payagg operations API reference');
    expect(offOrigin(requestedUrls)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('/docs needs no credential and is no API path: /v1 still answers 404 outside the spec', async () => {
    const docs = await fetch(`${e2e.origin}/docs/merchant`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await docs.text();
    // Self-contained: no external script, style sheet or preload.
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/i);
    const notApi = await fetch(`${e2e.origin}/v1/docs`);
    expect(notApi.status).toBe(404);
  });
});
