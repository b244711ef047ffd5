// Issue 26, "limits shared across processes": two real API processes (main.ts, RUN_WORKERS=false)
// on one database share each key's budget (decision 0520). Before, each process had buckets of
// its own and N processes gave a key N times its limit: the sequential burst below got 2 x burst
// accepted. rate-limiter-flexible counts a key's requests in one row with one atomic upsert per
// request, so within one window exactly `burst` are accepted across both processes, whatever the
// interleaving; its windows are fixed (burst / perSecond seconds from a key's first request),
// and the bursts here take far less than the window.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from './helpers/service.ts';
import { waitForValue } from './helpers/worker-process.ts';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
/** How long a process may take to start on a shared machine. */
const startMs = 60_000;
/** The budget: a window of burst / perSecond = 20 s, far longer than either burst takes. */
const burst = 20;
const perSecond = 1;
/** Requests past the budget in each burst. */
const excess = 5;

let service: TestService;
const children: ChildProcess[] = [];

async function startApiProcess(): Promise<string> {
  const child = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env, DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, PORT: '0', LOG_LEVEL: 'info',
      RUN_WORKERS: 'false', MIGRATE_ON_START: 'false', RATE_LIMIT_PER_SECOND: String(perSecond), RATE_LIMIT_BURST: String(burst),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const port = await waitForValue(() => {
    const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output) ?? /"msg":"listening","port":(\d+)/.exec(output);
    return match ? Number(match[1]) : null;
  }, () => `the API process to listen; output so far:\n${output}`, startMs);
  return `http://127.0.0.1:${port}/v1`;
}

beforeAll(async () => {
  // The in-process service migrates the database; the two API processes only check the schema.
  service = await startTestService({ env: { RATE_LIMIT_PER_SECOND: '0' } });
}, startMs);

afterAll(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await service?.close();
});

describe('two API processes on one database', () => {
  it('share one key\'s budget: exactly the burst is accepted across both, RateLimit-Remaining counts down across them', async () => {
    const origins = await Promise.all([startApiProcess(), startApiProcess()]);

    // Sequential, alternating processes: each answer's Remaining is one less than the last one's.
    const key = await service.createKey();
    const clients = origins.map((baseUrl) => createClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret }));
    const answers: { status: number; remaining: string | null; retryAfter: string | null }[] = [];
    for (let i = 0; i < burst + excess; i += 1) {
      const { response } = await clients[i % 2]!.GET('/users');
      answers.push({ status: response.status, remaining: response.headers.get('ratelimit-remaining'), retryAfter: response.headers.get('retry-after') });
    }
    expect(answers.slice(0, burst)).toEqual(Array.from({ length: burst }, (_, i) => ({ status: 200, remaining: String(burst - 1 - i), retryAfter: null })));
    for (const refused of answers.slice(burst)) {
      expect(refused.status).toBe(429);
      expect(refused.remaining).toBe('0');
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // Concurrent, split across both processes: still exactly the burst accepted.
    const other = await service.createKey();
    const otherClients = origins.map((baseUrl) => createClient({ baseUrl, apiKey: other.api_key, apiSecret: other.api_secret }));
    const statuses = await Promise.all(Array.from({ length: burst + excess }, async (_, i) => {
      const { response } = await otherClients[i % 2]!.GET('/users');
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      return response.status;
    }));
    expect(statuses.filter((s) => s === 200)).toHaveLength(burst);
    expect(statuses.filter((s) => s === 429)).toHaveLength(excess);
  }, 180_000);
});
