// The service on a three-replica TigerBeetle cluster on loopback, under faults (issue 26, decision
// 0580). A stream of collections and payouts runs through the SDK with Idempotency-Keys while
// replicas are SIGKILLed: the primary first (read from the replicas' logs), restarted on its same
// data file until it has rejoined, then another replica (the cluster can then only serve with the
// rejoined one), restarted too; then two at once (no quorum), where the ledger's request timeout
// must turn the wait into 503 with Retry-After instead of a hang. Every request must be answered
// with success or a retryable error and, retried with its key, complete exactly once; each wallet
// must hold exactly its settled collections minus its payouts; the ledger must balance; no
// collection or payout may have moved money twice.
//
// Runs where the TigerBeetle server binary is (scripts/tigerbeetle.sh finds it the same way): in
// `make test`'s suite api-tigerbeetle (vitest.tigerbeetle.config.ts); without it, it skips and says why.
import { paginate } from '@payagg/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voidAbandonedHoldsJob } from '../../src/jobs/tasks/holds-void-abandoned.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { findTigerBeetle, startTigerBeetleCluster, type TigerBeetleCluster } from '../helpers/tigerbeetle-cluster.ts';
import { waitForValue } from '../helpers/worker-process.ts';
import { deliverAll } from '../collections/helpers.ts';
import { destinationRef, payoutTestEnv, runJobs } from '../payouts/helpers.ts';
import { complete, type Operation, startTraffic, timeBoundClient, type TrafficMerchant } from './traffic.ts';

const found = findTigerBeetle();
const skipReason = 'skipReason' in found ? found.skipReason : null;
if (skipReason) console.warn(`test/tigerbeetle-cluster/replica-faults.test.ts skipped: ${skipReason}`);

/** A replica opens its ~1 GiB data file and replays its journal before it joins: seconds, more on two busy cores. */
const replicaJoinTimeoutMs = 90_000;
/** Operations finished in each phase: enough that some are in flight at every kill. */
const opsPerPhase = 12;
const amounts = { collection: 5_000, payout: 700 };

let cluster: TigerBeetleCluster;
let service: TestService;
const merchants: TrafficMerchant[] = [];
const operations: Operation[] = [];

const startedAt = Date.now();
/** A line per step with the seconds since the file started: the run's log shows where the time goes. */
function note(step: string): void {
  console.log(`[tigerbeetle cluster +${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${step}`);
}

/** The service's log lines at warn and error (counted by message), for the run's log. */
function warnings(): string {
  const counts = new Map<string, number>();
  for (const line of service.logs) {
    if (line.level !== 'warn' && line.level !== 'error') continue;
    const key = `${String(line.level)} ${String(line.msg)}: ${String(line.error ?? '').slice(0, 160)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  service.logs.length = 0;
  return JSON.stringify([...counts]);
}

function showAnswers(ops: Operation[]): string {
  return JSON.stringify(ops.map((op) => ({ kind: op.kind, key: op.key, answers: op.answers })));
}

async function waitUntilJoined(replica: number): Promise<void> {
  await waitForValue(() => (cluster.hasJoined(replica) ? true : null), () => `replica ${replica} to rejoin:\n${cluster.logs()}`, replicaJoinTimeoutMs);
}

/** Delivers the sandbox rail's outcomes until every collection of the test has settled (poll-until). */
async function settleAll(): Promise<void> {
  await waitForValue(async () => {
    await deliverAll(service);
    const [row] = await service.sql<{ unsettled: number; statuses: string[] | null }[]>`
      select count(*) filter (where status <> 'success')::int as unsettled, array_agg(distinct status) as statuses from transactions`;
    return row!.unsettled === 0 ? true : null;
  }, () => `every collection settled:\n${cluster.logs()}`, 120_000);
}

describe.skipIf(skipReason !== null)('the service on a three-replica TigerBeetle cluster, replicas SIGKILLed under load', () => {
  beforeAll(async () => {
    cluster = await startTigerBeetleCluster((found as { bin: string }).bin, 3);
    note(`cluster ${cluster.clusterId} started at ${cluster.addresses}`);
    service = await startTestService({
      env: { ...payoutTestEnv, TB_ADDRESSES: cluster.addresses, TB_CLUSTER_ID: String(cluster.clusterId) },
    });
    // Two merchants, each a KES wallet funded by a settled collection (the first request waits
    // for the cluster to elect its first primary) and a payout destination.
    for (const m of [{ client: service.client, key: service.key, merchantId: service.merchantId }, await service.createMerchant('Second')]) {
      const merchant = { client: timeBoundClient(service.baseUrl, m.key), walletId: '', destinationRef: await destinationRef(m.client) };
      const funding: Operation = { kind: 'collection', merchant: merchants.length, key: crypto.randomUUID(), amount: 1_000_000, answers: [], id: null };
      merchants.push(merchant);
      await complete(merchant, funding);
      if (funding.id === null) throw new Error(`funding collection: ${showAnswers([funding])}`);
      operations.push(funding);
    }
    note('funding collections answered');
    await settleAll();
    note(`funding collections settled; the service's warnings so far: ${warnings()}`);
    for (const merchant of merchants) {
      const wallets = await merchant.client.GET('/wallets', {});
      if (wallets.response.status !== 200) throw new Error(`wallets: ${wallets.response.status}`);
      merchant.walletId = wallets.data!.data.find((w) => w.currency === 'KES')!.id;
    }
  }, 240_000);

  afterAll(async () => {
    // The cluster first: its replicas must go even when closing the service fails or times out.
    try {
      await cluster?.close();
    } finally {
      await service?.close();
    }
  });

  it('answers every request (success or 503 with Retry-After) while the primary and then another replica are killed and rejoin', async () => {
    const traffic = startTraffic(merchants, amounts, () => service.runtime.deliverRailOutcomes());
    try {
      await traffic.until(opsPerPhase);
      const first = cluster.primary();
      note(`${traffic.finished()} operations; killing replica ${first}, the primary`);
      await cluster.kill(first);
      await traffic.until(opsPerPhase);
      note(`${traffic.finished()} operations; restarting replica ${first}`);
      await cluster.restart(first);
      await waitUntilJoined(first);
      note(`${traffic.finished()} operations; replica ${first} rejoined`);
      await traffic.until(opsPerPhase);
      // Another replica, the primary if that is not the one just back: the two left (one of them
      // the rejoined replica) must now carry the cluster between them.
      const primaryNow = cluster.primary();
      const second = primaryNow === first ? (first + 1) % 3 : primaryNow;
      note(`${traffic.finished()} operations; killing replica ${second} (primary: ${primaryNow})`);
      await cluster.kill(second);
      await traffic.until(opsPerPhase);
      note(`${traffic.finished()} operations; restarting replica ${second}`);
      await cluster.restart(second);
      await waitUntilJoined(second);
      note(`${traffic.finished()} operations; replica ${second} rejoined`);
      await traffic.until(opsPerPhase);
    } finally {
      await traffic.stop();
      note(`traffic stopped: ${traffic.operations.length} operations, ${traffic.operations.filter((op) => op.answers.length > 1).length} retried; ${traffic.settlementFailures()} settlement rounds failed; warnings: ${warnings()}`);
      operations.push(...traffic.operations);
    }
    expect(cluster.running()).toEqual([0, 1, 2]);
    const wrong = traffic.operations.filter((op) => op.id === null || op.answers.some((a) => a.status !== 200 && !(
      (a.status === 503 || a.status === 409) && a.retryAfter !== null)));
    expect(wrong, showAnswers(wrong)).toEqual([]);
  }, 600_000);

  it('without quorum (two replicas down) a payout answers 503 with Retry-After, not a hang, and completes once after a retry', async () => {
    const down = [0, 1];
    for (const replica of down) await cluster.kill(replica);
    const op: Operation = { kind: 'payout', merchant: 0, key: crypto.randomUUID(), amount: amounts.payout, answers: [], id: null };
    operations.push(op);
    // One attempt while the cluster cannot commit anything: the ledger gives up, the API answers 503.
    const attempt = complete(merchants[0]!, op);
    await waitForValue(() => (op.answers.length > 0 ? true : null), () => 'a first answer', 120_000);
    note(`first answer without quorum: ${JSON.stringify(op.answers[0])}`);
    expect(op.answers[0], showAnswers([op])).toMatchObject({ status: 503, retryAfter: '2', code: 'SERVICE_UNAVAILABLE' });
    // Not ready while the cluster cannot answer: a load balancer stops sending traffic here.
    const notReady = await fetch(`${service.origin}/readyz`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { error: { details: { pools: string[] } } }).error.details.pools).toContain('ledger');
    for (const replica of down) await cluster.restart(replica);
    for (const replica of down) await waitUntilJoined(replica);
    await waitForValue(async () => ((await fetch(`${service.origin}/readyz`)).status === 200 ? true : null), () => '/readyz 200 once the quorum is back', 120_000);
    await attempt;
    note(`after the restarts: ${JSON.stringify(op.answers.slice(1))}; warnings: ${warnings()}`);
    expect(op.id, showAnswers([op])).not.toBeNull();
    expect(op.answers.every((a) => a.status === 200 || ((a.status === 503 || a.status === 409) && a.retryAfter !== null)), showAnswers([op])).toBe(true);
  }, 600_000);

  it('then: every collection settled and every payout sent exactly once, each wallet exact, the ledger balanced', async () => {
    // The timed-out first attempt's hold may have landed once the cluster came back: the
    // hold-intent sweeper (every minute in a worker) voids what an abandoned request left.
    const jobContext = { deps: service.runtime.jobDeps, job: { id: 'test', attempt: 1, attemptsMax: 1 }, signal: new AbortController().signal };
    await voidAbandonedHoldsJob.run({}, jobContext);
    await settleAll();
    await runJobs(service);
    const collections = operations.filter((op) => op.kind === 'collection');
    const payouts = operations.filter((op) => op.kind === 'payout');
    expect(collections.length).toBeGreaterThan(opsPerPhase);
    expect(payouts.length).toBeGreaterThan(opsPerPhase);

    // Exactly one resource per key: as many rows as operations, each operation's id among them.
    const [counts] = await service.sql<{ collections: number; payouts: number }[]>`
      select (select count(*) from transactions)::int as collections, (select count(*) from payouts)::int as payouts`;
    expect(counts).toEqual({ collections: collections.length, payouts: payouts.length });
    const statuses = await service.sql<{ id: string; status: string }[]>`
      select id::text, status from transactions union all select id::text, status from payouts`;
    const statusOf = new Map(statuses.map((row) => [row.id, row.status]));
    expect(operations.filter((op) => statusOf.get(op.id!) !== 'success').map((op) => [op.kind, op.id, statusOf.get(op.id!)])).toEqual([]);

    for (const [index, merchant] of merchants.entries()) {
      const mine = operations.filter((op) => op.merchant === index);
      const expected = mine.reduce((sum, op) => sum + (op.kind === 'collection' ? op.amount : -op.amount), 0);
      const balance = await merchant.client.GET('/wallets/{id}/balance', { params: { path: { id: merchant.walletId } } });
      expect(balance.data!.data, `merchant ${index}`).toMatchObject({ available_balance: expected, pending_balance: 0 });
      // One movement per collection (its settlement) and two per payout (held, then posted).
      const entries: { transaction_id: string | null; payout_id: string | null; phase: string }[] = [];
      for await (const entry of paginate(merchant.client, '/wallets/{id}/entries', { params: { path: { id: merchant.walletId }, query: { limit: 100 } } })) {
        entries.push(entry as (typeof entries)[number]);
      }
      const perOwner = new Map<string, string[]>();
      for (const entry of entries) {
        const owner = entry.payout_id ?? entry.transaction_id ?? 'none';
        perOwner.set(owner, [...(perOwner.get(owner) ?? []), entry.phase].sort());
      }
      for (const op of mine) {
        expect(perOwner.get(op.id!), `${op.kind} ${op.id}`).toEqual(op.kind === 'collection' ? ['posted'] : ['held', 'hold_posted']);
        perOwner.delete(op.id!);
      }
      // Anything else is what a timed-out attempt reserved before its retry started afresh: held and voided.
      for (const [owner, phases] of perOwner) expect(phases, `entries of ${owner}`).toEqual(['held', 'hold_voided']);
    }

    const report = await service.runtime.ledger.checkInvariants();
    expect(report, JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toMatchObject({ ok: true });
  }, 300_000);
});
