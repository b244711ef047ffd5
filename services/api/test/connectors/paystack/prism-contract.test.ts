// Our Paystack requests against Prism serving Paystack's own OpenAPI description with `--errors`
// (issue 24; ../shared/providers/README.md): Prism answers a request that violates Paystack's
// schema with 422 and an `sl-violations` header, so any such answer here is a request Paystack
// itself would refuse. Prism's answers are the description's examples, so only the requests are
// judged here; the emulator's tests (collections, payouts-and-callbacks) judge behaviour.
// Skips, saying why, without the description or without @stoplight/prism-cli (conformance's).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackProvider, resolvePaystackConfig, type PaystackProvider } from '../../../src/connectors/paystack/index.ts';
import { findPaystackOpenApi } from '../../support/paystack-emulator/contract.ts';
import { testSecretKey } from '../../support/paystack-emulator/fixture.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const found = findPaystackOpenApi();
function prismEntry(): string | null {
  try {
    const manifest = createRequire(path.join(repoRoot, 'conformance/package.json')).resolve('@stoplight/prism-cli/package.json');
    return path.join(path.dirname(manifest), 'dist/index.js');
  } catch {
    return null;
  }
}
const prism = prismEntry();
const skipReason = 'skipReason' in found ? found.skipReason : prism === null ? 'no @stoplight/prism-cli (conformance/ not installed)' : null;
if (skipReason) console.warn(`test/connectors/paystack/prism-contract.test.ts skipped: ${skipReason}`);

/** Prism reads a 520 KB description; on a loaded machine that takes a while. */
const prismStartMsMax = 120_000;

describe.skipIf(skipReason !== null)('our Paystack requests, judged by Prism on Paystack\'s description', () => {
  let child: ChildProcess;
  let provider: PaystackProvider;
  const calls: Array<{ path: string; status: number }> = [];

  beforeAll(async () => {
    const port = await freePort();
    child = spawn(process.execPath, [prism!, 'mock', '--errors', '-h', '127.0.0.1', '-p', String(port), (found as { file: string }).file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (/Prism is listening/.test(output)) { clearInterval(check); resolve(); }
        if (child.exitCode !== null) { clearInterval(check); reject(new Error(`prism exited (${child.exitCode}):\n${output}`)); }
      }, 100);
    });
    const record = (message: string, fields?: Record<string, unknown>) => {
      if (message === 'paystack call') calls.push({ path: String(fields?.path), status: Number(fields?.status) });
    };
    provider = createPaystackProvider(resolvePaystackConfig({
      secretKey: testSecretKey, baseUrl: `http://127.0.0.1:${port}`, customerEmailDomain: 'payments.payagg.test', timeoutMs: 30_000,
    }), { logger: { info: record, warn: record, error: record } });
  }, prismStartMsMax + 10_000);

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('sends every request Paystack\'s schema accepts: charges, verify, refunds, recipients, transfers, settlements', async () => {
    const base = { merchantId: randomUUID(), amount: 250_000, currency: 'NGN' };
    const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);
    await settle(provider.railConnectors.card.initiateCollection({ ...base, transactionId: randomUUID(), payer: { cardToken: 'AUTH_72btv547' } }));
    await settle(provider.railConnectors.bank.initiateCollection({ ...base, transactionId: randomUUID(), payer: { accountRef: '057:0000000000' } }));
    await settle(provider.railConnectors.ussd.initiateCollection({ ...base, transactionId: randomUUID(), payer: { phone: '+2348030000000' } }));
    await settle(provider.railConnectors.mobile_money.initiateCollection({ ...base, currency: 'GHS', transactionId: randomUUID(), payer: { phone: '+233551234987' } }));
    await settle(provider.railConnectors.card.outcomeOf(randomUUID()));
    await settle(provider.railConnectors.card.initiateRefund({ transactionId: randomUUID(), parentProviderReference: 're4lyvq3s3', amount: 10_000, currency: 'NGN' }));
    const payout = { payoutId: randomUUID(), attempt: 1, merchantId: randomUUID(), amount: 120_000, currency: 'NGN' };
    await settle(provider.payoutConnectors.bank.sendPayout({ ...payout, destination: { destination_type: 'bank', bank_code: '058', account_number: '0123456789', account_name: 'Ada Obi' } }));
    await settle(provider.payoutConnectors.mobile_money.sendPayout({ ...payout, currency: 'GHS', destination: { destination_type: 'mobile_money', phone: '+233551234987' } }));
    await settle(provider.payoutConnectors.bank.outcomeOf(payout.payoutId, 1));
    await settle(provider.settlementReports.recentRecords(1));

    const sent = new Set(calls.map((c) => c.path));
    for (const template of ['/charge', '/transaction/verify/{reference}', '/refund', '/transferrecipient', '/transfer', '/transfer/verify/{reference}', '/settlement']) {
      expect(sent, template).toContain(template);
    }
    expect(calls.filter((c) => c.status === 422 || c.status === 401 || c.status === 400)).toEqual([]);
  }, 120_000);
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
