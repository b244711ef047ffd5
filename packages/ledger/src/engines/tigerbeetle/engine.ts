// The TigerBeetle engine: a thin adapter over tigerbeetle-node 0.17.5. TigerBeetle does the
// work; this file only fills defaults, refuses unsupported flags the same way the PostgreSQL
// engine does, and turns numeric result codes into their names.

import {
  createClient,
  CreateAccountStatus as TbCreateAccountStatus,
  CreateTransferStatus as TbCreateTransferStatus,
  type Client,
} from 'tigerbeetle-node';
import {
  validateAccountBatch,
  validateIds,
  validateLimit,
  validateTransferBatch,
  type Account,
  type AccountBalance,
  type AccountFilter,
  type AccountInput,
  type CreateAccountResult,
  type CreateAccountStatus,
  type CreateTransferResult,
  type CreateTransferStatus,
  type LedgerEngine,
  type QueryFilter,
  type Transfer,
  type TransferInput,
} from '../../model.ts';
import { normaliseAccountFilter } from '../account-filter.ts';
import { AccountFilterFlags } from '../../model.ts';
import { requestTimeoutMsDefault, withinTimeout } from './request-timeout.ts';

export type TigerBeetleEngineOptions = {
  cluster_id: bigint;
  /** Replica addresses, e.g. ["3001"] or ["127.0.0.1:3001"]. */
  replica_addresses: string[];
  /** How long a request may wait for the cluster before LedgerUnavailableError (request-timeout.ts). */
  requestTimeoutMs?: number;
};

/** Parses TB_ADDRESSES-style configuration: comma-separated ports or host:port pairs. */
export function parseAddresses(addresses: string): string[] {
  return addresses.split(',').map((a) => a.trim()).filter((a) => a.length > 0);
}

export class TigerBeetleEngine implements LedgerEngine {
  readonly name = 'tigerbeetle' as const;
  readonly #client: Client;
  readonly #timeoutMs: number;

  constructor(options: TigerBeetleEngineOptions) {
    this.#client = createClient({ cluster_id: options.cluster_id, replica_addresses: options.replica_addresses });
    this.#timeoutMs = options.requestTimeoutMs ?? requestTimeoutMsDefault;
  }

  #bounded<T>(operation: string, request: Promise<T>): Promise<T> {
    return withinTimeout(operation, this.#timeoutMs, request);
  }

  async createAccounts(batch: readonly AccountInput[]): Promise<CreateAccountResult[]> {
    const events = validateAccountBatch(batch);
    if (events.length === 0) return [];
    const results = await this.#bounded('createAccounts', this.#client.createAccounts(events));
    return results.map((r) => ({
      status: TbCreateAccountStatus[r.status] as CreateAccountStatus,
      timestamp: r.timestamp,
    }));
  }

  async createTransfers(batch: readonly TransferInput[]): Promise<CreateTransferResult[]> {
    const events = validateTransferBatch(batch);
    if (events.length === 0) return [];
    const results = await this.#bounded('createTransfers', this.#client.createTransfers(events));
    return results.map((r) => ({
      status: TbCreateTransferStatus[r.status] as CreateTransferStatus,
      timestamp: r.timestamp,
    }));
  }

  async lookupAccounts(ids: readonly bigint[]): Promise<Account[]> {
    validateIds(ids);
    if (ids.length === 0) return [];
    return this.#bounded('lookupAccounts', this.#client.lookupAccounts([...ids]));
  }

  async lookupTransfers(ids: readonly bigint[]): Promise<Transfer[]> {
    validateIds(ids);
    if (ids.length === 0) return [];
    return this.#bounded('lookupTransfers', this.#client.lookupTransfers([...ids]));
  }

  async getAccountTransfers(filter: AccountFilter): Promise<Transfer[]> {
    validateLimit(filter.limit);
    return this.#bounded('getAccountTransfers', this.#client.getAccountTransfers(tbAccountFilter(filter)));
  }

  async getAccountBalances(filter: AccountFilter): Promise<AccountBalance[]> {
    validateLimit(filter.limit);
    return this.#bounded('getAccountBalances', this.#client.getAccountBalances(tbAccountFilter(filter)));
  }

  async queryAccounts(filter: QueryFilter): Promise<Account[]> {
    validateLimit(filter.limit);
    return this.#bounded('queryAccounts', this.#client.queryAccounts({
      user_data_128: filter.user_data_128 ?? 0n,
      user_data_64: filter.user_data_64 ?? 0n,
      user_data_32: filter.user_data_32 ?? 0,
      ledger: filter.ledger ?? 0,
      code: filter.code ?? 0,
      timestamp_min: filter.timestamp_min ?? 0n,
      timestamp_max: filter.timestamp_max ?? 0n,
      limit: filter.limit,
      flags: filter.flags ?? 0,
    }));
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }
}

function tbAccountFilter(filter: AccountFilter) {
  const f = normaliseAccountFilter(filter);
  return {
    account_id: f.account_id,
    user_data_128: f.user_data_128,
    user_data_64: f.user_data_64,
    user_data_32: f.user_data_32,
    code: f.code,
    timestamp_min: f.timestamp_min,
    timestamp_max: filter.timestamp_max ?? 0n,
    limit: f.limit,
    flags: (f.debits ? AccountFilterFlags.debits : 0) | (f.credits ? AccountFilterFlags.credits : 0) |
      (f.reversed ? AccountFilterFlags.reversed : 0),
  };
}
