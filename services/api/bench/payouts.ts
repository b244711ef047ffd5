// `make bench-payouts`: payouts on the embedded PostgreSQL (fsync on, as `make run` starts it),
// the ledger's PostgreSQL engine, the real app over HTTP with signed requests (the SDK). Prints:
//   1. POST /payouts/bulk with 1000 items, created and reserved atomically (one linked hold
//      chain, the batch and member rows, 1000 payout.queued events, the send jobs, the stored
//      response), one request at a time: p50 and p99 over BENCH_PAYOUT_RUNS runs (aim: p50 <= 300 ms
//      on 2 cores), after BENCH_PAYOUT_WARMUP runs discarded;
//   2. settlement: BENCH_PAYOUT_SETTLE payouts (in 1000-item batches) sent and settled by job
//      runners (payouts.send, the sandbox rail's outcome job, the ledger post) with
//      SANDBOX_PAYOUT_DELAY_MS=0, at JOB_CONCURRENCY 2 (the default) and 8: payouts settled per
//      second, from the runners' start to the last payout final.
// The wallet is funded straight in the ledger (a collection settlement of the whole amount).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@payagg/sdk';
import { loadConfig } from '../src/config.ts';
import { createSecretBox } from '../src/crypto/secret-box.ts';
import { connectDatabase } from '../src/db/index.ts';
import { migrateAll } from '../src/db/schema-steps.ts';
import { createApiKey } from '../src/accounts/api-keys.ts';
import { checkMasterKey } from '../src/accounts/bootstrap.ts';
import { insertMerchant } from '../src/accounts/merchants.ts';
import { ensureWallet } from '../src/wallets/wallets.ts';
import { startJobRunner } from '../src/jobs/runner.ts';
import { createLogger } from '../src/log.ts';
import { createDomainRuntime } from '../src/runtime.ts';
import { buildApp, closeServer, listen } from '../src/service.ts';
import { machineLine } from './support/measure.ts';
import { settleCollection } from '../src/collections/ledger-collections.ts';

const runs = Number(process.env.BENCH_PAYOUT_RUNS ?? 30);
const warmup = Number(process.env.BENCH_PAYOUT_WARMUP ?? 3);
const settleCount = Number(process.env.BENCH_PAYOUT_SETTLE ?? 3_000);
const itemsPerBatch = 1000;

async function main(): Promise<void> {
  const logger = createLogger('warn');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-payouts-'));
  const masterKey = Buffer.alloc(32, 9);
  const config = loadConfig({
    DATA_DIR: dataDir, MASTER_KEY: masterKey.toString('hex'), RUN_WORKERS: 'false', RATE_LIMIT_PER_SECOND: '0',
    SANDBOX_PAYOUT_DELAY_MS: '0', LOG_LEVEL: 'warn',
  });
  const db = await connectDatabase(config, logger);
  const sql = db.sql;
  await migrateAll({ sql, url: db.url }, config, logger);
  await checkMasterKey(sql, masterKey);
  const box = createSecretBox(masterKey);
  const runtime = await createDomainRuntime({ config, sql, databaseUrl: db.url, secretBox: box, logger });
  const { app } = buildApp({ config, sql, logger, masterKey, runtime });
  const server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const merchant = await insertMerchant(sql, { name: 'Bench payouts' });
    const key = await createApiKey(sql, box, { merchantId: merchant.id, mode: 'sandbox', scopes: ['full'] });
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: key.api_key, apiSecret: key.api_secret });
    const wallet = await ensureWallet(sql, runtime.ledger, { merchantId: merchant.id, ownerType: 'merchant', ownerId: merchant.id, currency: 'KES' });
    const funded = await settleCollection(runtime.ledger, {
      collectionId: randomUUID(), currency: 'KES', amount: 10n ** 15n, legs: [{ accountId: wallet.accountId, amount: 10n ** 15n, escrow: false }],
    });
    if (!funded.ok) throw new Error(`funding failed: ${funded.failure}`);
    const destination = await client.POST('/payout-destinations', { body: { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' } });
    const ref = destination.data!.data.destination_ref;
    const batchBody = () => ({
      wallet_id: wallet.walletId,
      payouts: Array.from({ length: itemsPerBatch }, (_, i) => ({ destination_type: 'mobile_money' as const, destination_ref: ref, amount: 100 + i, currency: 'KES' })),
    });
    const createBatch = async () => {
      const started = performance.now();
      const answer = await client.POST('/payouts/bulk', { body: batchBody(), params: { header: { 'Idempotency-Key': randomUUID() } } });
      const ms = performance.now() - started;
      if (answer.response.status !== 200) throw new Error(`bulk payout: ${answer.response.status} ${JSON.stringify(answer.error)}`);
      return ms;
    };
    process.stdout.write(`bench-payouts: ${machineLine()}\n`);

    // 1. Bulk creation latency.
    for (let i = 0; i < warmup; i += 1) await createBatch();
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) latencies.push(await createBatch());
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!.toFixed(0);
    process.stdout.write(`POST /payouts/bulk, ${itemsPerBatch} items, one at a time, ${runs} runs: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
      `min ${latencies[0]!.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms (aim p50 <= 300 ms)\n`);

    // 2. Settlement throughput. The creation runs' payouts stay queued (their send jobs removed).
    await sql`delete from graphile_worker._private_jobs`;
    await sql`update payouts set status = 'failed', failure_reason = 'bench_discarded' where status = 'queued'`;
    for (const concurrency of [2, 8]) {
      const batches = Math.ceil(settleCount / itemsPerBatch);
      for (let i = 0; i < batches; i += 1) await createBatch();
      const total = batches * itemsPerBatch;
      const started = performance.now();
      const runner = await startJobRunner({
        databaseUrl: db.url, deps: runtime.jobDeps, concurrency, poolConnectionsMax: 3, pollIntervalMs: 50, logger,
      });
      try {
        for (;;) {
          const [open] = await sql<{ n: number }[]>`select count(*)::int as n from payouts where status in ('queued', 'processing')`;
          if (open!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await runner.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`settled by the job runner at JOB_CONCURRENCY ${concurrency}: ${total} payouts in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(0)} payouts/s\n`);
    }
    const report = await runtime.ledger.checkInvariants();
    process.stdout.write(`ledger invariants after the bench: ${report.ok ? 'ok' : 'BROKEN'}\n`);
  } finally {
    await closeServer(server);
    await runtime.close();
    await db.close();
  }
}

await main();
