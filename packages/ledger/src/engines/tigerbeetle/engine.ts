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
  validate_account_batch,
  validate_ids,
  validate_limit,
  validate_transfer_batch,
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
import { normalise_account_filter } from '../account-filter.ts';
import { AccountFilterFlags } from '../../model.ts';
import { request_timeout_ms_default, withinTimeout } from './request-timeout.ts';

export type TigerBeetleEngineOptions = {
  cluster_id: bigint;
  /** Replica addresses, e.g. ["3001"] or ["127.0.0.1:3001"]. */
  replica_addresses: string[];
  /** How long a request may wait for the cluster before LedgerUnavailableError (request-timeout.ts). */
  request_timeout_ms?: number;
};

/** Parses TB_ADDRESSES-style configuration: comma-separated ports or host:port pairs. */
export function parse_addresses(addresses: string): string[] {
  return addresses.split(',').map((a) => a.trim()).filter((a) => a.length > 0);
}

export class TigerBeetleEngine implements LedgerEngine {
  readonly name = 'tigerbeetle' as const;
  readonly #client: Client;
  readonly #timeoutMs: number;

  constructor(options: TigerBeetleEngineOptions) {
    this.#client = createClient({ cluster_id: options.cluster_id, replica_addresses: options.replica_addresses });
    this.#timeoutMs = options.request_timeout_ms ?? request_timeout_ms_default;
  }

  #bounded<T>(operation: string, request: Promise<T>): Promise<T> {
    return withinTimeout(operation, this.#timeoutMs, request);
  }

  async createAccounts(batch: readonly AccountInput[]): Promise<CreateAccountResult[]> {
    const events = validate_account_batch(batch);
    if (events.length === 0) return [];
    const results = await this.#bounded('createAccounts', this.#client.createAccounts(events));
    return results.map((r) => ({
      status: TbCreateAccountStatus[r.status] as CreateAccountStatus,
      timestamp: r.timestamp,
    }));
  }

  async createTransfers(batch: readonly TransferInput[]): Promise<CreateTransferResult[]> {
    const events = validate_transfer_batch(batch);
    if (events.length === 0) return [];
    const results = await this.#bounded('createTransfers', this.#client.createTransfers(events));
    return results.map((r) => ({
      status: TbCreateTransferStatus[r.status] as CreateTransferStatus,
      timestamp: r.timestamp,
    }));
  }

  async lookupAccounts(ids: readonly bigint[]): Promise<Account[]> {
    validate_ids(ids);
    if (ids.length === 0) return [];
    return this.#bounded('lookupAccounts', this.#client.lookupAccounts([...ids]));
  }

  async lookupTransfers(ids: readonly bigint[]): Promise<Transfer[]> {
    validate_ids(ids);
    if (ids.length === 0) return [];
    return this.#bounded('lookupTransfers', this.#client.lookupTransfers([...ids]));
  }

  async getAccountTransfers(filter: AccountFilter): Promise<Transfer[]> {
    validate_limit(filter.limit);
    return this.#bounded('getAccountTransfers', this.#client.getAccountTransfers(tb_account_filter(filter)));
  }

  async getAccountBalances(filter: AccountFilter): Promise<AccountBalance[]> {
    validate_limit(filter.limit);
    return this.#bounded('getAccountBalances', this.#client.getAccountBalances(tb_account_filter(filter)));
  }

  async queryAccounts(filter: QueryFilter): Promise<Account[]> {
    validate_limit(filter.limit);
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

function tb_account_filter(filter: AccountFilter) {
  const f = normalise_account_filter(filter);
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
