// The PostgreSQL engine: TigerBeetle's semantics on postgres.js.
//
// One batch = one SQL transaction with a fixed number of round trips, whatever its size:
//   1. reserve the batch's timestamps (ledger.reserve_timestamps),
//   2. lock every account the batch touches, in id order (SELECT ... ORDER BY id FOR UPDATE), so
//      concurrent batches and processes queue on the rows they share and never deadlock,
//   3. read the transfers the batch names (its own ids and the pending ids it posts or voids) and
//      the ids that failed before (1-3 pipelined: one round trip),
//   4. run TigerBeetle's rules in memory (state-machine.ts),
//   5. write every change in one statement (INSERT ... SELECT FROM unnest(...) and
//      UPDATE ... FROM unnest(...)), then COMMIT (synchronous_commit as configured: on by default).
// Expired pending transfers are swept by ledger.expire_pending() before each batch and lookup.

import postgres from 'postgres';
import {
  QueryFilterFlags,
  TransferFlags,
  validate_account_batch,
  validate_ids,
  validate_limit,
  validate_transfer_batch,
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
import { migrate_lock_key, schema_sql } from './schema.ts';
import { normalise_account_filter, timestamp_max_or_unbounded } from '../account-filter.ts';
import {
  execute_create_accounts,
  execute_create_transfers,
  type PendingStatusValue,
  type StoredTransfer,
} from './state-machine.ts';

/** A batch that loses a race (deadlock victim, duplicate id inserted concurrently) is re-run. */
export const batch_attempts_max = 8;
/** Most pending transfers one expiry pass releases; the next call continues. */
export const expiry_batch_max = 8189;
/** Connections the engine keeps open. */
export const pool_connections_max = 10;

// SQLSTATEs that mean "another transaction won a race; run the whole batch again".
const retryable_sqlstates = new Set(['40P01', '40001', '23505']);

export type PostgresEngineOptions = {
  /** postgres:// URL, or an existing postgres.js instance (the engine then does not close it). */
  url?: string;
  sql?: postgres.Sql;
  /** A Unix socket to connect through instead of the URL's host and port (postgres.js `path`). */
  path?: string;
  pool_connections_max?: number;
};

type Row = Record<string, string | number | null>;

const account_columns =
  'id::text, debits_pending::text, debits_posted::text, credits_pending::text, credits_posted::text, ' +
  'user_data_128::text, user_data_64::text, user_data_32::text, ledger::text, code, flags, timestamp::text';
const transfer_columns =
  'id::text, debit_account_id::text, credit_account_id::text, amount::text, pending_id::text, ' +
  'user_data_128::text, user_data_64::text, user_data_32::text, timeout::text, ledger::text, code, flags, ' +
  'timestamp::text, pending_status';

function account_from_row(r: Row): Account {
  return {
    id: BigInt(r.id as string),
    debits_pending: BigInt(r.debits_pending as string),
    debits_posted: BigInt(r.debits_posted as string),
    credits_pending: BigInt(r.credits_pending as string),
    credits_posted: BigInt(r.credits_posted as string),
    user_data_128: BigInt(r.user_data_128 as string),
    user_data_64: BigInt(r.user_data_64 as string),
    user_data_32: Number(r.user_data_32),
    reserved: 0,
    ledger: Number(r.ledger),
    code: Number(r.code),
    flags: Number(r.flags),
    timestamp: BigInt(r.timestamp as string),
  };
}

function stored_transfer_from_row(r: Row): StoredTransfer {
  return {
    id: BigInt(r.id as string),
    debit_account_id: BigInt(r.debit_account_id as string),
    credit_account_id: BigInt(r.credit_account_id as string),
    amount: BigInt(r.amount as string),
    pending_id: BigInt(r.pending_id as string),
    user_data_128: BigInt(r.user_data_128 as string),
    user_data_64: BigInt(r.user_data_64 as string),
    user_data_32: Number(r.user_data_32),
    timeout: Number(r.timeout),
    ledger: Number(r.ledger),
    code: Number(r.code),
    flags: Number(r.flags),
    timestamp: BigInt(r.timestamp as string),
    pending_status: Number(r.pending_status) as PendingStatusValue,
  };
}

function transfer_from_stored(s: StoredTransfer): Transfer {
  const { pending_status: _status, ...transfer } = s;
  return transfer;
}

/** A PostgreSQL array literal of integers, passed as one text parameter and cast in SQL. */
function array_literal(values: Iterable<bigint | number>): string {
  let out = '{';
  let first = true;
  for (const v of values) {
    out += first ? String(v) : ',' + String(v);
    first = false;
  }
  return out + '}';
}

export class PostgresEngine implements LedgerEngine {
  readonly name = 'postgres' as const;
  readonly sql: postgres.Sql;
  readonly #owns_sql: boolean;

  constructor(options: PostgresEngineOptions) {
    if (options.sql) {
      this.sql = options.sql;
      this.#owns_sql = false;
    } else {
      if (!options.url) throw new Error('PostgresEngine needs a url or a postgres.js instance');
      this.sql = postgres(options.url, {
        ...(options.path ? { path: options.path } : {}),
        max: options.pool_connections_max ?? pool_connections_max,
        onnotice: () => {},
        // A refused reconnect is tried again after 50 ms doubling to at most half a second:
        // postgres.js's default grows to 20 s, and a statement handed to a closed connection waits
        // for that attempt, so a database restart made ledger calls hang instead of failing fast
        // (the service answers those 503; payagg decision 0510).
        backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
      });
      this.#owns_sql = true;
    }
  }

  /** Creates or updates the `ledger` schema. Safe to run at every start, from several processes. */
  async migrate(): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${migrate_lock_key})`;
      await tx.unsafe(schema_sql);
    });
  }

  /** Releases pending transfers whose timeout passed. Batches and lookups run it first. */
  async expirePending(): Promise<number> {
    let expired_total = 0;
    for (;;) {
      const [row] = await this.#retrying(() => this.sql`SELECT ledger.expire_pending(${expiry_batch_max}) AS n`);
      const expired = Number(row!.n);
      expired_total += expired;
      if (expired < expiry_batch_max) return expired_total;
    }
  }

  async #retrying<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= batch_attempts_max || code === undefined || !retryable_sqlstates.has(code)) throw error;
      }
    }
  }

  async createAccounts(batch: readonly AccountInput[]): Promise<CreateAccountResult[]> {
    const events = validate_account_batch(batch);
    if (events.length === 0) return [];
    return this.#retrying(() => this.sql.begin(async (tx) => {
      // A concurrent creation of the same id makes our INSERT fail (23505); the re-run sees it.
      const ids = array_literal(new Set(events.map((a) => a.id)));
      const [[clock], rows] = await Promise.all([
        tx`SELECT ledger.reserve_timestamps(${events.length})::text AS first`,
        tx.unsafe(`SELECT ${account_columns} FROM ledger.accounts WHERE id = ANY ($1::numeric[])`, [ids]),
      ]);
      const accounts = new Map<bigint, Account>();
      for (const r of rows) {
        const a = account_from_row(r as Row);
        accounts.set(a.id, a);
      }
      const outcome = execute_create_accounts(events, BigInt(clock!.first as string), { accounts });
      const created = outcome.accounts_created;
      if (created.length > 0) {
        await tx.unsafe(
          `INSERT INTO ledger.accounts (id, debits_pending, debits_posted, credits_pending, credits_posted,
             user_data_128, user_data_64, user_data_32, ledger, code, flags, timestamp)
           SELECT id, 0, 0, 0, 0, ud128, ud64, ud32, ledger, code, flags, ts
           FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::bigint[])
             AS u(id, ud128, ud64, ud32, ledger, code, flags, ts)`,
          [
            array_literal(created.map((a) => a.id)),
            array_literal(created.map((a) => a.user_data_128)),
            array_literal(created.map((a) => a.user_data_64)),
            array_literal(created.map((a) => a.user_data_32)),
            array_literal(created.map((a) => a.ledger)),
            array_literal(created.map((a) => a.code)),
            array_literal(created.map((a) => a.flags)),
            array_literal(created.map((a) => a.timestamp)),
          ],
        );
      }
      return outcome.results;
    }));
  }

  async createTransfers(batch: readonly TransferInput[]): Promise<CreateTransferResult[]> {
    const events = validate_transfer_batch(batch);
    if (events.length === 0) return [];
    await this.expirePending();

    const account_ids = new Set<bigint>();
    const transfer_ids = new Set<bigint>();
    const pending_ids = new Set<bigint>();
    for (const t of events) {
      transfer_ids.add(t.id);
      if (t.debit_account_id !== 0n) account_ids.add(t.debit_account_id);
      if (t.credit_account_id !== 0n) account_ids.add(t.credit_account_id);
      if ((t.flags & (TransferFlags.post_pending_transfer | TransferFlags.void_pending_transfer)) !== 0) {
        pending_ids.add(t.pending_id);
        transfer_ids.add(t.pending_id);
      }
    }
    const account_ids_literal = array_literal(account_ids);
    const pending_ids_literal = array_literal(pending_ids);
    const transfer_ids_literal = array_literal(transfer_ids);

    return this.#retrying(() => this.sql.begin(async (tx) => {
      // One round trip: the four statements are pipelined on the transaction's connection and
      // run in order, so the reads start after the locks are held (and take their snapshot
      // then, under READ COMMITTED): a pending transfer's status only changes under its
      // accounts' locks.
      const [[clock], account_rows, transfer_rows, failed_rows] = await Promise.all([
        tx`SELECT ledger.reserve_timestamps(${events.length})::text AS first`,
        // Lock the named accounts and the accounts of referenced pending transfers, in id order.
        pending_ids.size === 0
          ? tx.unsafe(
            `SELECT ${account_columns} FROM ledger.accounts WHERE id = ANY ($1::numeric[]) ORDER BY id FOR UPDATE`,
            [account_ids_literal],
          )
          : tx.unsafe(
            `SELECT ${account_columns} FROM ledger.accounts WHERE id = ANY (ARRAY(
               SELECT unnest($1::numeric[])
               UNION SELECT debit_account_id FROM ledger.transfers WHERE id = ANY ($2::numeric[])
               UNION SELECT credit_account_id FROM ledger.transfers WHERE id = ANY ($2::numeric[])
             )) ORDER BY id FOR UPDATE`,
            [account_ids_literal, pending_ids_literal],
          ),
        tx.unsafe(`SELECT ${transfer_columns} FROM ledger.transfers WHERE id = ANY ($1::numeric[])`, [transfer_ids_literal]),
        tx.unsafe(`SELECT id::text FROM ledger.transfer_failed_ids WHERE id = ANY ($1::numeric[])`, [transfer_ids_literal]),
      ]);
      const accounts = new Map<bigint, Account>();
      for (const r of account_rows) {
        const a = account_from_row(r as Row);
        accounts.set(a.id, a);
      }
      const transfers = new Map<bigint, StoredTransfer>();
      for (const r of transfer_rows) {
        const t = stored_transfer_from_row(r as Row);
        transfers.set(t.id, t);
      }
      const failed_ids = new Set<bigint>(failed_rows.map((r) => BigInt(r.id as string)));

      const outcome = execute_create_transfers(events, BigInt(clock!.first as string), { accounts, transfers, failed_ids });

      const created = outcome.transfers_created;
      const changed = [...outcome.accounts_changed.values()];
      const statuses = [...outcome.pending_status_changes];
      const history = outcome.history;
      if (created.length + changed.length + statuses.length + outcome.failed_ids_new.length + history.length > 0) {
        await tx.unsafe(
          `WITH
           inserted AS (
             INSERT INTO ledger.transfers (id, debit_account_id, credit_account_id, amount, pending_id,
               user_data_128, user_data_64, user_data_32, timeout, ledger, code, flags, timestamp,
               pending_status, expires_at)
             SELECT id, dr, cr, amount, pending_id, ud128, ud64, ud32, timeout, ledger, code, flags, ts, status,
               CASE WHEN status = 1 AND timeout > 0 THEN ts + timeout * 1000000000 END
             FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[],
               $6::numeric[], $7::numeric[], $8::bigint[], $9::bigint[], $10::bigint[], $11::int[], $12::int[],
               $13::bigint[], $14::smallint[])
               AS u(id, dr, cr, amount, pending_id, ud128, ud64, ud32, timeout, ledger, code, flags, ts, status)
           ),
           balances AS (
             UPDATE ledger.accounts a SET debits_pending = u.dp, debits_posted = u.dpo,
               credits_pending = u.cp, credits_posted = u.cpo
             FROM unnest($15::numeric[], $16::numeric[], $17::numeric[], $18::numeric[], $19::numeric[])
               AS u(id, dp, dpo, cp, cpo)
             WHERE a.id = u.id
           ),
           statuses AS (
             UPDATE ledger.transfers t SET pending_status = u.status
             FROM unnest($20::numeric[], $21::smallint[]) AS u(id, status)
             WHERE t.id = u.id
           ),
           failed AS (
             INSERT INTO ledger.transfer_failed_ids (id) SELECT unnest($22::numeric[]) ON CONFLICT DO NOTHING
           )
           INSERT INTO ledger.account_balances
             (account_id, timestamp, debits_pending, debits_posted, credits_pending, credits_posted)
           SELECT * FROM unnest($23::numeric[], $24::bigint[], $25::numeric[], $26::numeric[], $27::numeric[], $28::numeric[])`,
          [
            array_literal(created.map((t) => t.id)),
            array_literal(created.map((t) => t.debit_account_id)),
            array_literal(created.map((t) => t.credit_account_id)),
            array_literal(created.map((t) => t.amount)),
            array_literal(created.map((t) => t.pending_id)),
            array_literal(created.map((t) => t.user_data_128)),
            array_literal(created.map((t) => t.user_data_64)),
            array_literal(created.map((t) => t.user_data_32)),
            array_literal(created.map((t) => t.timeout)),
            array_literal(created.map((t) => t.ledger)),
            array_literal(created.map((t) => t.code)),
            array_literal(created.map((t) => t.flags)),
            array_literal(created.map((t) => t.timestamp)),
            array_literal(created.map((t) => t.pending_status)),
            array_literal(changed.map((a) => a.id)),
            array_literal(changed.map((a) => a.debits_pending)),
            array_literal(changed.map((a) => a.debits_posted)),
            array_literal(changed.map((a) => a.credits_pending)),
            array_literal(changed.map((a) => a.credits_posted)),
            array_literal(statuses.map(([id]) => id)),
            array_literal(statuses.map(([, status]) => status)),
            array_literal(outcome.failed_ids_new),
            array_literal(history.map((h) => h.account_id)),
            array_literal(history.map((h) => h.timestamp)),
            array_literal(history.map((h) => h.debits_pending)),
            array_literal(history.map((h) => h.debits_posted)),
            array_literal(history.map((h) => h.credits_pending)),
            array_literal(history.map((h) => h.credits_posted)),
          ],
        );
      }
      return outcome.results;
    }));
  }

  async lookupAccounts(ids: readonly bigint[]): Promise<Account[]> {
    validate_ids(ids);
    if (ids.length === 0) return [];
    await this.expirePending();
    const rows = await this.sql.unsafe(
      `SELECT ${account_columns} FROM ledger.accounts WHERE id = ANY ($1::numeric[])`,
      [array_literal(ids)],
    );
    const by_id = new Map<bigint, Account>();
    for (const r of rows) {
      const a = account_from_row(r as Row);
      by_id.set(a.id, a);
    }
    return ids.flatMap((id) => by_id.get(id) ?? []);
  }

  async lookupTransfers(ids: readonly bigint[]): Promise<Transfer[]> {
    validate_ids(ids);
    if (ids.length === 0) return [];
    const rows = await this.sql.unsafe(
      `SELECT ${transfer_columns} FROM ledger.transfers WHERE id = ANY ($1::numeric[])`,
      [array_literal(ids)],
    );
    const by_id = new Map<bigint, Transfer>();
    for (const r of rows) {
      const t = transfer_from_stored(stored_transfer_from_row(r as Row));
      by_id.set(t.id, t);
    }
    return ids.flatMap((id) => by_id.get(id) ?? []);
  }

  async getAccountTransfers(filter: AccountFilter): Promise<Transfer[]> {
    validate_limit(filter.limit);
    await this.expirePending();
    const f = normalise_account_filter(filter);
    // One index range read per side (transfers_debit_timestamp, transfers_credit_timestamp),
    // each stopping after `limit` rows, merged: the cost of a page depends on `limit`, not on how
    // many transfers the account has (a single WHERE debit = $1 OR credit = $1 would read and
    // sort every transfer of the account before the LIMIT; an account statement pages this way).
    // An account is never on both sides of one transfer (accounts_must_be_different). The order
    // names the table's column: a bare `timestamp` would be the text output column of that name,
    // which no index serves.
    const order = f.reversed ? 'DESC' : 'ASC';
    const side = (column: 'debit_account_id' | 'credit_account_id', wanted: boolean) =>
      `(SELECT ${transfer_columns}, transfers.timestamp AS sort_key FROM ledger.transfers
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
    return rows.map((r) => transfer_from_stored(stored_transfer_from_row(r as Row)));
  }

  async getAccountBalances(filter: AccountFilter): Promise<AccountBalance[]> {
    validate_limit(filter.limit);
    await this.expirePending();
    const f = normalise_account_filter(filter);
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
    validate_limit(filter.limit);
    await this.expirePending();
    const reversed = ((filter.flags ?? 0) & QueryFilterFlags.reversed) !== 0;
    const rows = await this.sql.unsafe(
      `SELECT ${account_columns} FROM ledger.accounts
       WHERE ($1::numeric = 0 OR user_data_128 = $1::numeric)
         AND ($2::numeric = 0 OR user_data_64 = $2::numeric)
         AND ($3::bigint = 0 OR user_data_32 = $3::bigint)
         AND ($4::bigint = 0 OR ledger = $4::bigint)
         AND ($5::int = 0 OR code = $5::int)
         AND timestamp >= $6::bigint AND timestamp <= $7::bigint
       ORDER BY timestamp ${reversed ? 'DESC' : 'ASC'} LIMIT $8::int`,
      [String(filter.user_data_128 ?? 0n), String(filter.user_data_64 ?? 0n), filter.user_data_32 ?? 0,
        filter.ledger ?? 0, filter.code ?? 0, String(filter.timestamp_min ?? 0n),
        String(timestamp_max_or_unbounded(filter.timestamp_max)), filter.limit],
    );
    return rows.map((r) => account_from_row(r as Row));
  }

  async close(): Promise<void> {
    if (this.#owns_sql) await this.sql.end({ timeout: 5 });
  }
}

