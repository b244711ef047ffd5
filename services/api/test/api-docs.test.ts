// The API reference's routes (src/http/api-docs.ts): /docs and /docs/merchant serve the built
// merchant page, /docs/partner the partner page, /docs/ops the operators' page, with no credential, in a production server too;
// nothing under /v1 changes; an unbuilt reference is 404 with a warning at start. The pages' own
// rendering (Redoc in Chromium, nothing fetched elsewhere) is packages/checkout-page/test/e2e/api-docs.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsCsp } from '../src/http/api-docs.ts';
import { rawRequest } from './helpers/raw-request.ts';
import { startTestService, type TestService } from './helpers/service.ts';

const docs_dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-api-docs-'));
fs.writeFileSync(path.join(docs_dir, 'merchant.html'), '<!doctype html><title>merchant reference</title>');
fs.writeFileSync(path.join(docs_dir, 'partner.html'), '<!doctype html><title>partner reference</title>');
fs.writeFileSync(path.join(docs_dir, 'ops.html'), '<!doctype html><title>operations reference</title>');

let service: TestService;
beforeAll(async () => { service = await startTestService({ env: { API_DOCS_DIR: docs_dir, PAYAGG_ENV: 'production' } }); });
afterAll(async () => {
  await service?.close();
  fs.rmSync(docs_dir, { recursive: true, force: true });
});

describe('GET /docs on a production server', () => {
  it.each([
    ['/docs', 'merchant reference'],
    ['/docs/merchant', 'merchant reference'],
    ['/docs/partner', 'partner reference'],
    ['/docs/ops', 'operations reference'],
  ])('%s serves the built page without a credential', async (pagePath, title) => {
    const answer = await rawRequest(`${service.origin}${pagePath}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain(`<title>${title}</title>`);
    expect(answer.headers.get('content-security-policy')).toBe(apiDocsCsp);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('leaves /v1 alone: a non-spec path there is still 404 in the envelope', async () => {
    const answer = await rawRequest(`${service.origin}/v1/docs`);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('RESOURCE_NOT_FOUND');
    // The operators' page is a page, not an ops API path: /ops/v1 is untouched too.
    expect((await rawRequest(`${service.origin}/ops/v1/docs`)).status).toBe(404);
    expect((await rawRequest(`${service.origin}/docs/other`)).status).toBe(404);
  });

  it('warns at start and answers 404 while the reference is not built', async () => {
    const unbuilt = await startTestService({ env: { API_DOCS_DIR: path.join(docs_dir, 'missing') } });
    try {
      expect(unbuilt.logs.some((line) => line.level === 'warn' && String(line.msg).startsWith('API reference not built'))).toBe(true);
      expect((await rawRequest(`${unbuilt.origin}/docs`)).status).toBe(404);
      expect((await rawRequest(`${unbuilt.origin}/docs/partner`)).status).toBe(404);
      expect((await rawRequest(`${unbuilt.origin}/docs/ops`)).status).toBe(404);
    } finally {
      await unbuilt.close();
    }
  });
});
