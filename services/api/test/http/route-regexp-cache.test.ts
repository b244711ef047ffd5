// src/http/route-regexp-cache.ts patches express-openapi-validator's use of path-to-regexp. This
// fails loudly when the library's internals change so that the patch no longer does anything (it
// stops calling the patched function per request) or would change behaviour (a cached result
// differing from a fresh compile): then the patch must go or be redone.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { patchedValidatorVersion, routeRegexpCacheStats, validatorPathToRegexpModule } from '../../src/http/route-regexp-cache.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => { service = await startTestService(); });
afterAll(async () => { await service?.close(); });

it('is called by express-openapi-validator on every request, and answers from its cache', async () => {
  await service.client.GET('/users'); // compiles every route once, if not yet
  const before = routeRegexpCacheStats();
  for (let i = 0; i < 5; i += 1) expect((await service.client.GET('/users')).response.status).toBe(200);
  const after = routeRegexpCacheStats();
  // If this fails, the validator no longer compiles its routes through path-to-regexp on each
  // request: delete src/http/route-regexp-cache.ts (and this test), or redo the patch.
  expect(after.hits - before.hits, 'express-openapi-validator no longer calls the patched pathToRegexp per request').toBeGreaterThanOrEqual(5);
  expect(after.misses - before.misses).toBe(0);
});

it('hands out one shared, correct, non-global RegExp per path', () => {
  const module = validatorPathToRegexpModule();
  const options = { sensitive: false, strict: false };
  const cached = module.pathToRegexp('/v1/collections/:id/refunds', options) as { regexp: RegExp; keys: { name: string }[] };
  const again = module.pathToRegexp('/v1/collections/:id/refunds', options) as typeof cached;
  expect(again).toBe(cached);
  expect(cached.regexp.flags).not.toContain('g');
  expect(cached.keys.map((k) => k.name)).toEqual(['id']);
  expect(cached.regexp.exec('/v1/collections/3f1c2d2e-1111-4222-8333-444455556666/refunds')?.[1]).toBe('3f1c2d2e-1111-4222-8333-444455556666');
});

it('patches exactly the release it was written for', () => {
  // The package's own package.json, found above its resolved entry (its exports hide the file).
  let dir = path.dirname(createRequire(import.meta.url).resolve('express-openapi-validator'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    const manifest = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as { name?: string; version?: string };
    if (manifest.name === 'express-openapi-validator') {
      expect(manifest.version, 'express-openapi-validator was upgraded: check src/http/route-regexp-cache.ts against its lookupRoute, then bump patchedValidatorVersion').toBe(patchedValidatorVersion);
      return;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('express-openapi-validator package.json not found');
    dir = parent;
  }
});
