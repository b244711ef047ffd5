// Choosing an engine from configuration. The PostgreSQL engine is migrated before it is returned,
// unless `migrate: false` (a service that migrates as a step of its own and runs no DDL at start).

import { PostgresEngine } from './engines/postgres/engine.ts';
import { TigerBeetleEngine, parse_addresses } from './engines/tigerbeetle/engine.ts';
import type { LedgerEngine } from './model.ts';

export type EngineConfig =
  | { engine: 'postgres'; url: string; path?: string; pool_connections_max?: number; migrate?: boolean }
  | { engine: 'tigerbeetle'; addresses: string; cluster_id?: bigint; request_timeout_ms?: number };

export async function createEngine(config: EngineConfig): Promise<LedgerEngine> {
  if (config.engine === 'postgres') {
    const engine = new PostgresEngine({
      url: config.url,
      ...(config.path === undefined ? {} : { path: config.path }),
      ...(config.pool_connections_max === undefined ? {} : { pool_connections_max: config.pool_connections_max }),
    });
    if (config.migrate !== false) await engine.migrate();
    return engine;
  }
  return new TigerBeetleEngine({
    cluster_id: config.cluster_id ?? 0n, replica_addresses: parse_addresses(config.addresses),
    ...(config.request_timeout_ms === undefined ? {} : { request_timeout_ms: config.request_timeout_ms }),
  });
}
