// The engines a test file runs against: PostgreSQL always (a fresh database per call), and
// TigerBeetle when TB_ADDRESSES names a running cluster (TB_CLUSTER_ID, default 0).

import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { PostgresEngine, TigerBeetleEngine, parseAddresses, type LedgerEngine } from '../../src/index.ts';

export const tb_addresses = process.env.TB_ADDRESSES ?? '';
export const tb_available = tb_addresses.length > 0;
export const tb_skip_reason = 'TigerBeetle engine skipped: TB_ADDRESSES is not set (start a server and run with TB_ADDRESSES=3001; see README)';

/** Creates a fresh database in the test cluster and returns its URL. */
export async function fresh_database_url(): Promise<string> {
  const admin_url = inject('pg_admin_url');
  const name = `ledger_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(admin_url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(admin_url);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function open_postgres_engine(): Promise<PostgresEngine> {
  const engine = new PostgresEngine({ url: await fresh_database_url() });
  await engine.migrate();
  return engine;
}

export function open_tigerbeetle_engine(): TigerBeetleEngine {
  return new TigerBeetleEngine({
    cluster_id: BigInt(process.env.TB_CLUSTER_ID ?? '0'),
    replica_addresses: parseAddresses(tb_addresses),
  });
}

export type EngineCase = { name: 'postgres' | 'tigerbeetle'; skip: boolean; open: () => Promise<LedgerEngine> };

export const engine_cases: EngineCase[] = [
  { name: 'postgres', skip: false, open: open_postgres_engine },
  { name: 'tigerbeetle', skip: !tb_available, open: async () => open_tigerbeetle_engine() },
];

if (!tb_available) console.log(tb_skip_reason);

/**
 * Ids unique to this run: a TigerBeetle cluster keeps data between runs, so every test draws ids
 * above a random 96-bit prefix.
 */
export function id_space(): (n: number | bigint) => bigint {
  const prefix = BigInt('0x' + randomBytes(12).toString('hex')) << 32n;
  return (n) => prefix + BigInt(n);
}

/** A ledger number unique to this run (ledgers above the ISO 4217 range, which the domain uses). */
export function unique_ledger(): number {
  return 100_000 + randomBytes(3).readUIntBE(0, 3);
}
