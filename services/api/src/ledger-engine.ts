// Which ledger engine a process runs on, said once at start (issue 26: an operator could not tell):
// the `ledger engine` log line of every process that builds the domain runtime (API and worker)
// and a line of the API's start banner. TigerBeetle when TB_ADDRESSES is set (its replica
// addresses and cluster id), else the PostgreSQL engine in the service's own database (named by
// host, port and database, never with the URL's password).
import type { Config } from './config.ts';
import { postgresTarget } from './db/index.ts';

export type LedgerEngineDescription =
  | { engine: 'tigerbeetle'; addresses: string[]; clusterId: string }
  | { engine: 'postgres'; database: string };

export function describeLedgerEngine(config: Pick<Config, 'tigerBeetleAddresses' | 'tigerBeetleClusterId'>, databaseUrl: string): LedgerEngineDescription {
  if (config.tigerBeetleAddresses) {
    return {
      engine: 'tigerbeetle',
      addresses: config.tigerBeetleAddresses.split(',').map((address) => address.trim()).filter((address) => address !== ''),
      clusterId: config.tigerBeetleClusterId.toString(),
    };
  }
  const target = postgresTarget(databaseUrl);
  const url = new URL(target.url);
  // A Unix socket (embedded PostgreSQL) is named by its path; a TCP server by host:port.
  const server = target.path ?? `${url.hostname}:${url.port || '5432'}`;
  return { engine: 'postgres', database: `${server}${url.pathname}` };
}

/** The start banner's line: "Ledger: TigerBeetle cluster 0 at 127.0.0.1:3001" or "Ledger: PostgreSQL engine in ...". */
export function ledgerEngineBannerLine(description: LedgerEngineDescription): string {
  if (description.engine === 'tigerbeetle') return `Ledger: TigerBeetle cluster ${description.clusterId} at ${description.addresses.join(',')}`;
  return `Ledger: PostgreSQL engine in the service's database (${description.database}, schema ledger)`;
}
