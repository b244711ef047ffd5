// The small tuning pieces on the request path (decision 0634): the pooled random bytes hand out
// fresh bytes once each, and the url.parse toggle uses up Node's one deprecation warning silently.
// Their figures are in their headers; the route regexp cache has its own test (test/http/).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '../../src/crypto/random-pool.ts';

describe('pooledRandomBytes', () => {
  it('hands out fresh bytes of the size asked, across pool refills and beyond the pool size', () => {
    const draws = Array.from({ length: 1000 }, (_, i) => pooledRandomBytes(12 + (i % 5))); // ~14 KiB: several refills
    expect(draws.every((b, i) => b.length === 12 + (i % 5))).toBe(true);
    expect(new Set(draws.map((b) => b.toString('hex'))).size).toBe(1000);
    // A buffer of its own: changing one draw does not change the next.
    const [a, b] = [pooledRandomBytes(16), pooledRandomBytes(16)];
    a.fill(0);
    expect(b.equals(Buffer.alloc(16))).toBe(false);
    const large = pooledRandomBytes(10_000);
    expect(large.length).toBe(10_000);
    expect(new Set(large).size).toBeGreaterThan(200); // not a zero-filled buffer
  });
});

describe('skipUrlParseDeprecationCheck', () => {
  // A process of its own: url.parse's one-time warning is process-wide state.
  const run = (skip: boolean) => execFileSync(process.execPath, ['--input-type=module', '-e', `
    import url from 'node:url';
    import { skipUrlParseDeprecationCheck } from ${JSON.stringify(fileURLToPath(new URL('../../src/http/url-parse-check.ts', import.meta.url)))};
    let warnings = 0;
    process.on('warning', () => { warnings += 1; });
    if (${skip}) skipUrlParseDeprecationCheck();
    url.parse('/v1/collections?limit=1');
    setTimeout(() => process.stdout.write(String(warnings)), 20);`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

  it('uses up url.parse\'s one warning silently, so later calls neither warn nor check again', () => {
    expect(run(false)).toBe('1'); // without it, a first call from outside node_modules warns
    expect(run(true)).toBe('0');
  });
});
