// A real API process (src/main.ts, what `make run` starts) after issue 22's hostile requests:
// a few hundred payouts with a leap-second `scheduled_at`, then another merchant's requests and
// /readyz are answered, and SIGTERM stops the process cleanly (exit code 0, "stopped"), not by the
// shutdown timeout (which exits 1). Before: the requests wedged the process's database pool, every
// other request timed out, and SIGTERM waited for the 15 s timeout (decisions 0401, 0402).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@payagg/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitForValue } from './helpers/worker-process.ts';
import type { TestService } from './helpers/service.ts';
import { destinationRef, fundedWallet, startPayoutService } from './payouts/helpers.ts';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
/** How long the process may take to start (migrations are already done: it finds them applied). */
const startWaitMs = 30_000;
/** A real process's start, 300 requests and its stop, on a shared machine under load. */
const testTimeoutMs = 120_000;

let service: TestService;
let walletId: string;
let ref: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  service = await startPayoutService();
  walletId = await fundedWallet(service, service.client, 5_000);
  ref = await destinationRef(service.client);
});
afterEach(() => { for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL'); });
afterAll(async () => { await service?.close(); });

describe('the API process', () => {
  it('after 300 leap-second payouts answers other merchants and /readyz, and SIGTERM stops it cleanly', async () => {
    const child = spawn(process.execPath, [mainFile], {
      env: { ...process.env, DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, PORT: '0', LOG_LEVEL: 'info', RUN_WORKERS: 'false',
        // One client sends 300 requests at once here; the rate limit has its own tests.
        RATE_LIMIT_PER_SECOND: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const port = await waitForValue(() => {
      const match = /"msg":"listening","port":(\d+)/.exec(output) ?? /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      return match ? Number(match[1]) : null;
    }, () => `the API process to listen; output so far:\n${output}`, startWaitMs);
    const origin = `http://127.0.0.1:${port}`;
    const client = createClient({ baseUrl: `${origin}/v1`, apiKey: service.key.api_key, apiSecret: service.key.api_secret });

    const statuses: Record<number, number> = {};
    for (let sent = 0; sent < 300; sent += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.POST('/payouts', {
        body: { wallet_id: walletId, destination_type: 'mobile_money', destination_ref: ref, amount: 1, currency: 'KES', scheduled_at: '2027-06-30T23:59:60Z' },
        params: { header: { 'Idempotency-Key': randomUUID() } },
      })));
      for (const answer of answers) statuses[answer.response.status] = (statuses[answer.response.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 422: 300 });

    const other = await service.createMerchant('Another merchant');
    const otherClient = createClient({ baseUrl: `${origin}/v1`, apiKey: other.key.api_key, apiSecret: other.key.api_secret });
    expect((await otherClient.GET('/wallets')).response.status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('shutdown timed out');
  }, testTimeoutMs);
});
