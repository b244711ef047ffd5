// The PostgreSQL engine: TigerBeetle's semantics on postgres.js.
//
// One batch = one SQL transaction with a fixed number of round trips, whatever its size:
//   1. reserve the batch's timestamps (ledger.reserve_timestamps),
//   2. lock every account the batch touches, in id order (SELECT ... ORDER BY id FOR UPDATE), so
//      concurrent batches and processes queue on the rows they share and never deadlock,
//   3. read the transfers the batch names (its own ids and the pending ids it posts or voids) and
//      the ids that failed before (1-3 pipelined: one round trip),
//   4. run TigerBeetle's rules in memory (create-transfers.ts, transfer-rules.ts),
//   5. write every change in one statement (INSERT ... SELECT FROM unnest(...) and
//      UPDATE ... FROM unnest(...)), then COMMIT (synchronous_commit as configured: on by default).
// Expired pending transfers are swept by ledger.expire_pending() before each batch and lookup.

import postgres from 'postgres';
import {
  QueryFilterFlags,
  TransferFlags,
  validateAccountBatch,
  validateIds,
  validateLimit,
  validateTransferBatch,
  type Account,
  type AccountBalance,
  type AccountFilter,
  type AccountInput,
  type CreateAccountResult,
  type CreateTransferResult,
  type LedgerEngine,
  type QueryFilter,
  type Transfer,
  type TransferInput,
} from '../../model.ts';
import { migrateLockKey, schemaSql } from './schema.ts';
import { normaliseAccountFilter, timestampMaxOrUnbounded } from '../account-filter.ts';
import { executeCreateAccounts } from './create-accounts.ts';
import { executeCreateTransfers } from './create-transfers.ts';
import { accountColumns, accountFromRow, arrayLiteral, storedTransferFromRow, transferColumns, transferFromStored, type Row } from './rows.ts';
import { batchIds, loadTransferBatch, writeTransferOutcome } from './transfer-batch-sql.ts';

/** A batch that loses a race (deadlock victim, duplicate id inserted concurrently) is re-run. */
export const batchAttemptsMax = 8;
/** Most pending transfers one expiry pass releases; the next call continues. */
export const expiryBatchMax = 8189;
/** Connections the engine keeps open. */
export const poolConnectionsMax = 10;

// SQLSTATEs that mean "another transaction won a race; run the whole batch again".
const retryableSqlstates = new Set(['40P01', '40001', '23505']);

export type PostgresEngineOptions = {
  /** postgres:// URL, or an existing postgres.js instance (the engine then does not close it). */
  url?: string;
  sql?: postgres.Sql;
  /** A Unix socket to connect through instead of the URL's host and port (postgres.js `path`). */
  path?: string;
  poolConnectionsMax?: number;
};

export class PostgresEngine implements LedgerEngine {
  readonly name = 'postgres' as const;
  readonly sql: postgres.Sql;
  readonly #ownsSql: boolean;

  constructor(options: PostgresEngineOptions) {
    if (options.sql) {
      this.sql = options.sql;
      this.#ownsSql = false;
    } else {
      if (!options.url) throw new Error('PostgresEngine needs a url or a postgres.js instance');
      this.sql = postgres(options.url, {
        ...(options.path ? { path: options.path } : {}),
        max: options.poolConnectionsMax ?? poolConnectionsMax,
        onnotice: () => {},
        // A refused reconnect is tried again after 50 ms doubling to at most half a second:
        // postgres.js's default grows to 20 s, and a statement handed to a closed connection waits
        // for that attempt, so a database restart made ledger calls hang instead of failing fast
        // (the service answers those 503; payagg decision 0510).
        backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      });
      this.#ownsSql = true;
    }
  }

  /** Creates or updates the `ledger` schema. Safe to run at every start, from several processes. */
  async migrate(): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${migrateLockKey})`;
      await tx.unsafe(schemaSql);
    });
  }

  /** Releases pending transfers whose timeout passed. Batches and lookups run it first. */
  async expirePending(): Promise<number> {
    let expiredTotal = 0;
    for (;;) {
      const [row] = await this.#retrying(() => this.sql`SELECT ledger.expire_pending(${expiryBatchMax}) AS n`);
      const expired = Number(row!.n);
      expiredTotal += expired;
      if (expired < expiryBatchMax) return expiredTotal;
    }
  }

  async #retrying<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= batchAttemptsMax || code === undefined || !retryableSqlstates.has(code)) throw error;
      }
    }
  }

  async createAccounts(batch: readonly AccountInput[]): Promise<CreateAccountResult[]> {
    const events = validateAccountBatch(batch);
    if (events.length === 0) return [];
    return this.#retrying(() => this.sql.begin(async (tx) => {
      // A concurrent creation of the same id makes our INSERT fail (23505); the re-run sees it.
      const ids = arrayLiteral(new Set(events.map((a) => a.id)));
      const [[clock], rows] = await Promise.all([
        tx`SELECT ledger.reserve_timestamps(${events.length})::text AS first`,
        tx.unsafe(`SELECT ${accountColumns} FROM ledger.accounts WHERE id = ANY ($1::numeric[])`, [ids]),
      ]);
      const accounts = new Map<bigint, Account>();
      for (const r of rows) {
        const a = accountFromRow(r as Row);
        accounts.set(a.id, a);
      }
      const outcome = executeCreateAccounts(events, BigInt(clock!.first as string), { accounts });
      const created = outcome.accountsCreated;
      if (created.length > 0) {
        await tx.unsafe(
          `INSERT INTO ledger.accounts (id, debits_pending, debits_posted, credits_pending, credits_posted,
             user_data_128, user_data_64, user_data_32, ledger, code, flags, timestamp)
           SELECT id, 0, 0, 0, 0, ud128, ud64, ud32, ledger, code, flags, ts
           FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::bigint[])
             AS u(id, ud128, ud64, ud32, ledger, code, flags, ts)`,
          [
            arrayLiteral(created.map((a) => a.id)),
            arrayLiteral(created.map((a) => a.user_data_128)),
            arrayLiteral(created.map((a) => a.user_data_64)),
            arrayLiteral(created.map((a) => a.user_data_32)),
            arrayLiteral(created.map((a) => a.ledger)),
            arrayLiteral(created.map((a) => a.code)),
            arrayLiteral(created.map((a) => a.flags)),
            arrayLiteral(created.map((a) => a.timestamp)),
          ],
        );
      }
      return outcome.results;
    }));
  }

  async createTransfers(batch: readonly TransferInput[]): Promise<CreateTransferResult[]> {
    const events = validateTransferBatch(batch);
    if (events.length === 0) return [];
    await this.expirePending();
    const ids = batchIds(events);
    return this.#retrying(() => this.sql.begin(async (tx) => {
      const { timestampFirst, state } = await loadTransferBatch(tx, events.length, ids);
      const outcome = executeCreateTransfers(events, timestampFirst, state);
      await writeTransferOutcome(tx, outcome);
      return outcome.results;
    }));
  }

  async lookupAccounts(ids: readonly bigint[]): Promise<Account[]> {
    validateIds(ids);
    if (ids.length === 0) return [];
    await this.expirePending();
    const rows = await this.sql.unsafe(
      `SELECT ${accountColumns} FROM ledger.accounts WHERE id = ANY ($1::numeric[])`,
      [arrayLiteral(ids)],
    );
    const byId = new Map<bigint, Account>();
    for (const r of rows) {
      const a = accountFromRow(r as Row);
      byId.set(a.id, a);
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async lookupTransfers(ids: readonly bigint[]): Promise<Transfer[]> {
    validateIds(ids);
    if (ids.length === 0) return [];
    const rows = await this.sql.unsafe(
      `SELECT ${transferColumns} FROM ledger.transfers WHERE id = ANY ($1::numeric[])`,
      [arrayLiteral(ids)],
    );
    const byId = new Map<bigint, Transfer>();
    for (const r of rows) {
      const t = transferFromStored(storedTransferFromRow(r as Row));
      byId.set(t.id, t);
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async getAccountTransfers(filter: AccountFilter): Promise<Transfer[]> {
    validateLimit(filter.limit);
    await this.expirePending();
    const f = normaliseAccountFilter(filter);
    // One index range read per side (transfers_debit_timestamp, transfers_credit_timestamp),
    // each stopping after `limit` rows, merged: the cost of a page depends on `limit`, not on how
    // many transfers the account has (a single WHERE debit = $1 OR credit = $1 would read and
    // sort every transfer of the account before the LIMIT; an account statement pages this way).
    // An account is never on both sides of one transfer (accounts_must_be_different). The order
    // names the table's column: a bare `timestamp` would be the text output column of that name,
    // which no index serves.
    const order = f.reversed ? 'DESC' : 'ASC';
    const side = (column: 'debit_account_id' | 'credit_account_id', wanted: boolean) =>
      `(SELECT ${transferColumns}, transfers.timestamp AS sort_key FROM ledger.transfers
        WHERE ${wanted} AND ${column} = $1::numeric
          AND ($2::numeric = 0 OR user_data_128 = $2::numeric)
          AND ($3::numeric = 0 OR user_data_64 = $3::numeric)
          AND ($4::bigint = 0 OR user_data_32 = $4::bigint)
          AND ($5::int = 0 OR code = $5::int)
          AND timestamp >= $6::bigint AND timestamp <= $7::bigint
        ORDER BY transfers.timestamp ${order} LIMIT $8::int)`;
    const rows = await this.sql.unsafe(
      `SELECT * FROM (${side('debit_account_id', f.debits)} UNION ALL ${side('credit_account_id', f.credits)}) merged
       ORDER BY sort_key ${order} LIMIT $8::int`,
      [String(f.account_id), String(f.user_data_128), String(f.user_data_64), f.user_data_32, f.code,
        String(f.timestamp_min), String(f.timestamp_max), f.limit],
    );
    return rows.map((r) => transferFromStored(storedTransferFromRow(r as Row)));
  }

  async getAccountBalances(filter: AccountFilter): Promise<AccountBalance[]> {
    validateLimit(filter.limit);
    await this.expirePending();
    const f = normaliseAccountFilter(filter);
    // Balances are kept per change; the transfer-field filters (user_data, code) narrow
    // getAccountTransfers only.
    const rows = await this.sql.unsafe(
      `SELECT b.debits_pending::text, b.debits_posted::text, b.credits_pending::text, b.credits_posted::text,
              b.timestamp::text
       FROM ledger.account_balances b JOIN ledger.accounts a ON a.id = b.account_id AND a.flags & 8 <> 0
       WHERE b.account_id = $1::numeric AND b.timestamp >= $2::bigint AND b.timestamp <= $3::bigint
       ORDER BY b.timestamp ${f.reversed ? 'DESC' : 'ASC'} LIMIT $4::int`,
      [String(f.account_id), String(f.timestamp_min), String(f.timestamp_max), f.limit],
    );
    return rows.map((r) => ({
      debits_pending: BigInt(r.debits_pending as string),
      debits_posted: BigInt(r.debits_posted as string),
      credits_pending: BigInt(r.credits_pending as string),
      credits_posted: BigInt(r.credits_posted as string),
      timestamp: BigInt(r.timestamp as string),
    }));
  }

  async queryAccounts(filter: QueryFilter): Promise<Account[]> {
    validateLimit(filter.limit);
    await this.expirePending();
    const reversed = ((filter.flags ?? 0) & QueryFilterFlags.reversed) !== 0;
    const rows = await this.sql.unsafe(
      `SELECT ${accountColumns} FROM ledger.accounts
       WHERE ($1::numeric = 0 OR user_data_128 = $1::numeric)
         AND ($2::numeric = 0 OR user_data_64 = $2::numeric)
         AND ($3::bigint = 0 OR user_data_32 = $3::bigint)
         AND ($4::bigint = 0 OR ledger = $4::bigint)
         AND ($5::int = 0 OR code = $5::int)
         AND timestamp >= $6::bigint AND timestamp <= $7::bigint
       ORDER BY timestamp ${reversed ? 'DESC' : 'ASC'} LIMIT $8::int`,
      [String(filter.user_data_128 ?? 0n), String(filter.user_data_64 ?? 0n), filter.user_data_32 ?? 0,
        filter.ledger ?? 0, filter.code ?? 0, String(filter.timestamp_min ?? 0n),
        String(timestampMaxOrUnbounded(filter.timestamp_max)), filter.limit],
    );
    return rows.map((r) => accountFromRow(r as Row));
  }

  async close(): Promise<void> {
    if (this.#ownsSql) await this.sql.end({ timeout: 5 });
  }
}

