// make bench-webhooks: webhook deliveries per second from the outbox to a local receiver (its
// own process), through the real pipeline: the relay fans stored events out into deliveries, the
// senders claim, sign, POST over HTTP, and record each outcome. Three runs:
//   one endpoint        N deliveries to one endpoint
//   four endpoints      the same N deliveries spread over four healthy endpoints
//   four + one hanging  the same, plus a fifth endpoint subscribed to everything that never
//                       answers (every attempt runs the whole 10 s timeout): the rate to the four
//                       healthy ones, against the run without it (aim: at least 0.8 of it)
// The database is an embedded PostgreSQL with default durability (synchronous commits). The
// figures depend on the machine and its load: the 2-core bench machine is shared.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { createSecretBox } from '../src/crypto/secret-box.ts';
import { connectDatabase, createPool, type Sql } from '../src/db/index.ts';
import { migrateAll } from '../src/db/schema-steps.ts';
import { appendEvents } from '../src/domain/events.ts';
import { insertMerchant } from '../src/accounts/merchants.ts';
import { createLogger } from '../src/log.ts';
import { insertEndpoint, type InsertedEndpoint } from '../src/webhooks/endpoints.ts';
import type { JobDeps } from '../src/jobs/job.ts';
import { createWebhookWorker } from '../src/webhooks/worker.ts';
import { start, stop } from './support/processes.ts';

const deliveries_per_run = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10_000);
const events_per_insert = 1_000;
const bench_dir = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const logger = createLogger('warn');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-bench-webhooks-'));
  // The embedded PostgreSQL in a fresh folder, as `make run` would start it.
  const config = loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RELAY_POLL_MS: '50' });
  const db = await connectDatabase(config, logger);
  const sql = db.sql;
  const receiver = await start(path.join(bench_dir, 'webhook-receiver.ts'), {}, /receiver listening on \d+/);
  const port = Number(/receiver listening on (\d+)/.exec(receiver.output)![1]);
  const box = createSecretBox(Buffer.alloc(32, 7));
  try {
    await migrateAll({ sql, url: db.url }, config, logger);
    console.log(`webhook deliveries to a local receiver (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}); ` +
      `${deliveries_per_run} deliveries per run, attempt timeout ${config.webhooks.attemptTimeoutMs} ms, ${config.webhooks.workerConcurrency} endpoints served at once`);
    const one = await run(sql, db.url, config, box, logger, port, { healthy: 1, hanging: false });
    console.log(`  one endpoint:        ${one.rate.toFixed(0)} deliveries/s (${one.delivered} in ${one.seconds.toFixed(2)} s)`);
    const four = await run(sql, db.url, config, box, logger, port, { healthy: 4, hanging: false });
    console.log(`  four endpoints:      ${four.rate.toFixed(0)} deliveries/s (${four.delivered} in ${four.seconds.toFixed(2)} s)`);
    const hanging = await run(sql, db.url, config, box, logger, port, { healthy: 4, hanging: true });
    console.log(`  four + one hanging:  ${hanging.rate.toFixed(0)} deliveries/s to the healthy four (${hanging.delivered} in ${hanging.seconds.toFixed(2)} s; ` +
      `${hanging.hangingAttempts} attempts to the hanging one in flight or timed out)`);
    console.log(`  ratio with a hanging endpoint: ${(hanging.rate / four.rate).toFixed(2)} of the rate without it (aim >= 0.8)`);
  } finally {
    await stop(receiver.child);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A bench merchant registers far fewer endpoints than the per-merchant limit (decision 0540). */
function endpointIdOf(inserted: InsertedEndpoint): string {
  if (!inserted.ok) throw new Error(`the bench hit the endpoint limit (${inserted.limit})`);
  return inserted.row.id;
}

async function run(sql: Sql, databaseUrl: string, config: ReturnType<typeof loadConfig>, box: ReturnType<typeof createSecretBox>, logger: ReturnType<typeof createLogger>,
  port: number, shape: { healthy: number; hanging: boolean }) {
  const merchant = await insertMerchant(sql, { name: `bench ${randomUUID()}` });
  const healthyIds: string[] = [];
  for (let i = 0; i < shape.healthy; i += 1) {
    healthyIds.push(endpointIdOf(await insertEndpoint(sql, box, { merchantId: merchant.id, url: `http://127.0.0.1:${port}/ok/${i}`, subscribedEvents: ['kyc.verified'] })));
  }
  let hangingId: string | null = null;
  if (shape.hanging) {
    hangingId = endpointIdOf(await insertEndpoint(sql, box, { merchantId: merchant.id, url: `http://127.0.0.1:${port}/hang`, subscribedEvents: ['kyc.verified'] }));
  }
  // Events written before the worker starts; each goes to every endpoint of the merchant.
  const events = Math.ceil(deliveries_per_run / shape.healthy);
  for (let written = 0; written < events; written += events_per_insert) {
    await appendEvents(sql, Array.from({ length: Math.min(events_per_insert, events - written) }, () => {
      const id = randomUUID();
      return {
        merchantId: merchant.id, type: 'kyc.verified' as const, resourceType: 'sub_merchant' as const, resourceId: id,
        data: { sub_merchant_id: id, merchant_id: merchant.id, kyc_status: 'verified', kyc_tier: 'tier_1', reason: null, occurred_at: new Date().toISOString() },
      };
    }));
  }
  const target = events * shape.healthy;
  const workerSql = createPool(databaseUrl, 4, 'bench-webhook-worker');
  const worker = createWebhookWorker({ sql: workerSql, databaseUrl, jobDeps: benchJobDeps(workerSql, logger), box, config: config.webhooks, logger });
  const started = performance.now();
  await worker.start();
  let delivered = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from webhook_deliveries where endpoint_id = any(${healthyIds}::uuid[]) and status = 'succeeded'`;
    delivered = row!.n;
    if (delivered >= target) break;
  }
  const seconds = (performance.now() - started) / 1000;
  let hangingAttempts = 0;
  if (hangingId) {
    const [row] = await sql<{ n: number }[]>`select coalesce(sum(attempt_count), 0)::int as n from webhook_deliveries where endpoint_id = ${hangingId}`;
    hangingAttempts = row!.n;
    // Nothing more for the hanging endpoint: its deliveries are removed from the queue.
    await sql`update webhook_endpoints set deleted_at = now() where id = ${hangingId}`;
  }
  await worker.stop();
  await workerSql.end({ timeout: 5 });
  return { rate: delivered / seconds, delivered, seconds, hangingAttempts };
}

/** The webhook jobs use only `sql` and `logger` of the common job deps; the rest is unused here. */
function benchJobDeps(sql: Sql, logger: ReturnType<typeof createLogger>): JobDeps {
  const unused = new Proxy({}, { get() { throw new Error('not used by the webhook jobs'); } });
  return { sql, logger, ledger: unused as JobDeps['ledger'], rails: unused as JobDeps['rails'], idempotency: unused as JobDeps['idempotency'], kyc: unused as JobDeps['kyc'], payouts: unused as JobDeps['payouts'], config: unused as JobDeps['config'], now: () => Date.now(), secretBox: unused as JobDeps['secretBox'] };
}

main().catch((error: Error) => {
  console.error(error.stack);
  process.exitCode = 1;
});
