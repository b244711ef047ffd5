// `make bench-marketplace` stays runnable: its setup (sellers KYC-verified by the sandbox, a
// three-leg split rule with the seller's leg in escrow, a webhook endpoint on the bench's
// signature-checking receiver) and one whole payment through the chain (collection, settlement,
// release, payout, every event delivered signed and verified), in smoke mode
// (BENCH_MKT_SMOKE=1: no measurement, nothing timed). A real service process on its own embedded
// PostgreSQL, as the bench runs it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const bench_file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../bench/marketplace.ts');
/** A fresh embedded cluster, the service's start and the sandbox KYC on a shared 2-core machine. */
const smoke_timeout_ms = 120_000;

it('the marketplace bench sets up and takes one payment through the whole chain, every delivery verified', async () => {
  const child = spawn(process.execPath, [bench_file], {
    env: { ...process.env, BENCH_MKT_SMOKE: '1', BENCH_SELLERS: '2', BENCH_MKT_VARIANTS: 'postgres:0', BENCH_PROFILE_DIR: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, output).toBe(0);
  expect(output).toMatch(/events per payment: .*transaction\.success.*escrow\.held|events per payment: .*escrow\.held.*transaction\.success/);
  expect(output).toContain('smoke: 1 payment through the chain, 0 deliveries rejected');
}, smoke_timeout_ms);
