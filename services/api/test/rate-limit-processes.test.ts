// Issue 26, "limits shared across processes": two real API processes (main.ts, RUN_WORKERS=false)
// on one database share each key's budget (decision 0520). Before, each process had buckets of
// its own and N processes gave a key N times its limit: the sequential burst below got 2 x burst
// accepted (and 2 x burst forged signatures were answered 401 before any 429).
// rate-limiter-flexible counts a key's requests in one row with one atomic upsert per request, so
// within one window exactly `burst` are accepted across both processes, whatever the
// interleaving; its windows are fixed (burst / perSecond seconds from a key's first request),
// and the bursts here take far less than the window.
import type { ChildProcess } from 'node:child_process';
import { createClient } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from './helpers/service.ts';
import { apiProcessStartMs as startMs, startApiProcess } from './helpers/api-process.ts';
import { signedHeaders } from './helpers/raw-request.ts';

/** The budget: a window of burst / perSecond = 20 s, far longer than either burst takes. */
const burst = 20;
const perSecond = 1;
/** Requests past the budget in each burst. */
const excess = 5;

/** One answer's status and RateLimit-* headers, with when it was sent and received (test clock). */
type Answer = { status: number; limit: string | null; remaining: string | null; reset: string | null; retryAfter: string | null; sentMs: number; receivedMs: number };

function answerOf(response: Response, sentMs: number): Answer {
  const header = (name: string) => response.headers.get(name);
  return { status: response.status, limit: header('ratelimit-limit'), remaining: header('ratelimit-remaining'), reset: header('ratelimit-reset'), retryAfter: header('retry-after'), sentMs, receivedMs: Date.now() };
}

/**
 * Every answer's RateLimit-Reset names the same instant, whichever process answered: the end of
 * the window the first request opened (window = burst / perSecond seconds). An answer computed
 * at some instant t in [sentMs, receivedMs] with Reset r (whole seconds, rounded up) puts the end
 * in (t + (r - 1) s, t + r s]; the first request puts it in [its sentMs + window, its receivedMs
 * + window]. All these intervals must overlap (the processes share this machine's clock).
 */
function expectOneWindowEnd(answers: Answer[]): void {
  const windowMs = (burst / perSecond) * 1000;
  let earliestMs = answers[0]!.sentMs + windowMs;
  let latestMs = answers[0]!.receivedMs + windowMs;
  for (const answer of answers) {
    const resetS = Number(answer.reset);
    expect(resetS).toBeGreaterThanOrEqual(1);
    expect(resetS).toBeLessThanOrEqual(burst / perSecond);
    earliestMs = Math.max(earliestMs, answer.sentMs + (resetS - 1) * 1000);
    latestMs = Math.min(latestMs, answer.receivedMs + resetS * 1000);
  }
  expect(earliestMs, JSON.stringify(answers.map((a) => [a.reset, a.sentMs, a.receivedMs]))).toBeLessThanOrEqual(latestMs);
}

let service: TestService;
const children: ChildProcess[] = [];

async function startSharedApiProcess(): Promise<string> {
  const api = await startApiProcess({ DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex, RATE_LIMIT_PER_SECOND: String(perSecond), RATE_LIMIT_BURST: String(burst) });
  children.push(api.child);
  return api.baseUrl;
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
  let origins: string[] = [];
  beforeAll(async () => {
    origins = await Promise.all([startSharedApiProcess(), startSharedApiProcess()]);
  }, startMs);

  it('share one key\'s budget: exactly the burst is accepted across both, RateLimit-Remaining counts down across them, RateLimit-Reset is the window\'s end', async () => {

    // Sequential, alternating processes: each answer's Remaining is one less than the last one's.
    const key = await service.createKey();
    const clients = origins.map((baseUrl) => createClient({ baseUrl, apiKey: key.api_key, apiSecret: key.api_secret }));
    const answers: Answer[] = [];
    for (let i = 0; i < burst + excess; i += 1) {
      const sentMs = Date.now();
      const { response } = await clients[i % 2]!.GET('/users');
      answers.push(answerOf(response, sentMs));
    }
    expect(answers.slice(0, burst).map(({ status, limit, remaining, retryAfter }) => ({ status, limit, remaining, retryAfter })))
      .toEqual(Array.from({ length: burst }, (_, i) => ({ status: 200, limit: String(burst), remaining: String(burst - 1 - i), retryAfter: null })));
    for (const refused of answers.slice(burst)) {
      expect(refused.status).toBe(429);
      expect(refused.remaining).toBe('0');
      // Retry-After is the window's end too: the budget comes back then, not before.
      expect(refused.retryAfter).toBe(refused.reset);
    }
    expectOneWindowEnd(answers);

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

  it('share refused authentications\' budgets too: a forger gets the failure budget once, not once per process', async () => {
    // Before, each process counted failures of its own: 2 x burst forged signatures were 401s.
    const victim = await service.createKey();
    const forged = () => signedHeaders(victim, '', { secret: 'sk_sandbox_guessed' });
    const answers: Answer[] = [];
    for (let i = 0; i < burst + excess; i += 1) {
      const sentMs = Date.now();
      answers.push(answerOf(await fetch(`${origins[i % 2]}/users`, { headers: forged() }), sentMs));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(burst).fill(401), ...Array<number>(excess).fill(429)]);
    expect(answers.map((a) => a.remaining)).toEqual([...Array.from({ length: burst }, (_, i) => String(burst - 1 - i)), ...Array<string>(excess).fill('0')]);
    expectOneWindowEnd(answers);
    // The victim's valid traffic has a budget of its own, untouched by the forgeries.
    const { response } = await createClient({ baseUrl: origins[0]!, apiKey: victim.api_key, apiSecret: victim.api_secret }).GET('/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-remaining')).toBe(String(burst - 1));
  }, 180_000);
});
