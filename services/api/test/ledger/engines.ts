// The ledger engines the service's movement tests run on: PostgreSQL (a fresh empty database of
// the run's server, its `ledger` schema migrated) always, and TigerBeetle when TB_ADDRESSES names
// a running replica (TB_CLUSTER_ID, default 0). Ids derive from random UUIDs, so reruns against
// the same replica never collide.
import { parseAddresses, PostgresEngine, TigerBeetleEngine, type LedgerEngine } from '@payagg/ledger';
import { postgresTarget } from '../../src/db/index.ts';
import { createTestDatabase } from '../helpers/service.ts';

const tbAddresses = process.env.TB_ADDRESSES ?? '';

export type EngineCase = { name: 'postgres' | 'tigerbeetle'; skip: boolean; open: () => Promise<LedgerEngine> };

async function openPostgres(): Promise<LedgerEngine> {
  const database = await createTestDatabase({ empty: true });
  const engine = new PostgresEngine(postgresTarget(database.url));
  await engine.migrate();
  const close = engine.close.bind(engine);
  return Object.assign(engine, { close: async () => { await close(); await database.drop(); } });
}

export const engineCases: EngineCase[] = [
  { name: 'postgres', skip: false, open: openPostgres },
  {
    name: 'tigerbeetle',
    skip: tbAddresses === '',
    open: async () => new TigerBeetleEngine({ cluster_id: BigInt(process.env.TB_CLUSTER_ID ?? '0'), replica_addresses: parseAddresses(tbAddresses) }),
  },
];
