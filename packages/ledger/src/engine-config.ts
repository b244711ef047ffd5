// Choosing an engine from configuration. The PostgreSQL engine is migrated before it is returned,
// unless `migrate: false` (a service that migrates as a step of its own and runs no DDL at start).

import { PostgresEngine } from './engines/postgres/engine.ts';
import { TigerBeetleEngine, parseAddresses } from './engines/tigerbeetle/engine.ts';
import type { LedgerEngine } from './model.ts';

export type EngineConfig =
  | { engine: 'postgres'; url: string; path?: string; poolConnectionsMax?: number; migrate?: boolean }
  | { engine: 'tigerbeetle'; addresses: string; clusterId?: bigint; requestTimeoutMs?: number };

export async function createEngine(config: EngineConfig): Promise<LedgerEngine> {
  if (config.engine === 'postgres') {
    const engine = new PostgresEngine({
      url: config.url,
      ...(config.path === undefined ? {} : { path: config.path }),
      ...(config.poolConnectionsMax === undefined ? {} : { poolConnectionsMax: config.poolConnectionsMax }),
    });
    if (config.migrate !== false) await engine.migrate();
    return engine;
  }
  return new TigerBeetleEngine({
    cluster_id: config.clusterId ?? 0n, replica_addresses: parseAddresses(config.addresses),
    ...(config.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: config.requestTimeoutMs }),
  });
}
