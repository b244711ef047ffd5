// The ledger's data model: TigerBeetle's accounts and transfers, field for field.
// Names, flag values and result codes mirror tigerbeetle-node 0.17.5 (dist/bindings.d.ts) so that
// both engines answer with the very same codes and a caller cannot tell them apart.

/**
 * Most events one create/lookup request may carry. TigerBeetle 0.17's documented limit
 * (docs/coding/requests.md): 8189, not the older 8190; the multi-batch framing of 0.17 takes the
 * room of one event, and tigerbeetle-node 0.17.5 refuses 8190 with ERR_TOO_MUCH_DATA.
 */
export const batchEventsMax = 8189;
/** Most rows one account-transfers / account-balances / query request returns (same limit). */
export const queryLimitMax = 8189;
/** u128: ids and amounts are unsigned 128-bit integers. */
export const u128Max = (1n << 128n) - 1n;
/** Pending transfer timeouts are u32 seconds. */
export const timeoutSecondsMax = 0xffff_ffff;
/** Timestamps are u63 nanoseconds (TigerBeetle keeps the top bit as a tombstone). */
export const timestampNsMax = (1n << 63n) - 1n;
export const nsPerS = 1_000_000_000n;

export const AccountFlags = {
  none: 0,
  linked: 1,
  debits_must_not_exceed_credits: 2,
  credits_must_not_exceed_debits: 4,
  history: 8,
  // TigerBeetle also has imported (16) and closed (32); this package does not use them, and
  // both engines refuse them before submitting (see `validateAccountBatch`).
} as const;

export const TransferFlags = {
  none: 0,
  linked: 1,
  pending: 2,
  post_pending_transfer: 4,
  void_pending_transfer: 8,
  balancing_debit: 16,
  balancing_credit: 32,
  // TigerBeetle also has closing_debit (64), closing_credit (128) and imported (256): unused here.
} as const;

export const AccountFilterFlags = { none: 0, debits: 1, credits: 2, reversed: 4 } as const;
export const QueryFilterFlags = { none: 0, reversed: 1 } as const;

const accountFlagsSupported =
  AccountFlags.linked | AccountFlags.debits_must_not_exceed_credits |
  AccountFlags.credits_must_not_exceed_debits | AccountFlags.history;
const transferFlagsSupported =
  TransferFlags.linked | TransferFlags.pending | TransferFlags.post_pending_transfer |
  TransferFlags.void_pending_transfer | TransferFlags.balancing_debit | TransferFlags.balancing_credit;

export type Account = {
  id: bigint;
  debits_pending: bigint;
  debits_posted: bigint;
  credits_pending: bigint;
  credits_posted: bigint;
  user_data_128: bigint;
  user_data_64: bigint;
  user_data_32: number;
  reserved: number;
  ledger: number;
  code: number;
  flags: number;
  timestamp: bigint;
};

export type Transfer = {
  id: bigint;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  pending_id: bigint;
  user_data_128: bigint;
  user_data_64: bigint;
  user_data_32: number;
  timeout: number;
  ledger: number;
  code: number;
  flags: number;
  timestamp: bigint;
};

/** What a caller submits: every field but `id` defaults to zero, as in TigerBeetle. */
export type AccountInput = Partial<Omit<Account, 'id'>> & { id: bigint };
export type TransferInput = Partial<Omit<Transfer, 'id'>> & { id: bigint };

export type AccountBalance = {
  debits_pending: bigint;
  debits_posted: bigint;
  credits_pending: bigint;
  credits_posted: bigint;
  timestamp: bigint;
};

export type AccountFilter = {
  account_id: bigint;
  user_data_128?: bigint;
  user_data_64?: bigint;
  user_data_32?: number;
  code?: number;
  /** Inclusive bounds; 0 means unbounded. */
  timestamp_min?: bigint;
  timestamp_max?: bigint;
  limit: number;
  /** AccountFilterFlags: debits and/or credits (neither = both), reversed for newest first. */
  flags?: number;
};

export type QueryFilter = {
  user_data_128?: bigint;
  user_data_64?: bigint;
  user_data_32?: number;
  ledger?: number;
  code?: number;
  timestamp_min?: bigint;
  timestamp_max?: bigint;
  limit: number;
  flags?: number;
};

// Result codes in TigerBeetle's precedence order (create_transfers.md / create_accounts.md).
// Codes for features this package refuses up front (imported, closing) are kept so that the
// union is exactly TigerBeetle's and a TigerBeetle answer always type-checks.
export const createAccountStatuses = [
  'created',
  'linked_event_failed',
  'linked_event_chain_open',
  'imported_event_expected',
  'imported_event_not_expected',
  'timestamp_must_be_zero',
  'imported_event_timestamp_out_of_range',
  'imported_event_timestamp_must_not_advance',
  'reserved_field',
  'reserved_flag',
  'id_must_not_be_zero',
  'id_must_not_be_int_max',
  'exists_with_different_flags',
  'exists_with_different_user_data_128',
  'exists_with_different_user_data_64',
  'exists_with_different_user_data_32',
  'exists_with_different_ledger',
  'exists_with_different_code',
  'exists',
  'flags_are_mutually_exclusive',
  'debits_pending_must_be_zero',
  'debits_posted_must_be_zero',
  'credits_pending_must_be_zero',
  'credits_posted_must_be_zero',
  'ledger_must_not_be_zero',
  'code_must_not_be_zero',
  'imported_event_timestamp_must_not_regress',
] as const;
export type CreateAccountStatus = (typeof createAccountStatuses)[number];

export const createTransferStatuses = [
  'created',
  'linked_event_failed',
  'linked_event_chain_open',
  'imported_event_expected',
  'imported_event_not_expected',
  'timestamp_must_be_zero',
  'imported_event_timestamp_out_of_range',
  'imported_event_timestamp_must_not_advance',
  'reserved_flag',
  'id_must_not_be_zero',
  'id_must_not_be_int_max',
  'exists_with_different_flags',
  'exists_with_different_pending_id',
  'exists_with_different_timeout',
  'exists_with_different_debit_account_id',
  'exists_with_different_credit_account_id',
  'exists_with_different_amount',
  'exists_with_different_user_data_128',
  'exists_with_different_user_data_64',
  'exists_with_different_user_data_32',
  'exists_with_different_ledger',
  'exists_with_different_code',
  'exists',
  'id_already_failed',
  'flags_are_mutually_exclusive',
  'debit_account_id_must_not_be_zero',
  'debit_account_id_must_not_be_int_max',
  'credit_account_id_must_not_be_zero',
  'credit_account_id_must_not_be_int_max',
  'accounts_must_be_different',
  'pending_id_must_be_zero',
  'pending_id_must_not_be_zero',
  'pending_id_must_not_be_int_max',
  'pending_id_must_be_different',
  'timeout_reserved_for_pending_transfer',
  'closing_transfer_must_be_pending',
  'ledger_must_not_be_zero',
  'code_must_not_be_zero',
  'debit_account_not_found',
  'credit_account_not_found',
  'accounts_must_have_the_same_ledger',
  'transfer_must_have_the_same_ledger_as_accounts',
  'pending_transfer_not_found',
  'pending_transfer_not_pending',
  'pending_transfer_has_different_debit_account_id',
  'pending_transfer_has_different_credit_account_id',
  'pending_transfer_has_different_ledger',
  'pending_transfer_has_different_code',
  'exceeds_pending_transfer_amount',
  'pending_transfer_has_different_amount',
  'pending_transfer_already_posted',
  'pending_transfer_already_voided',
  'pending_transfer_expired',
  'imported_event_timestamp_must_not_regress',
  'imported_event_timestamp_must_postdate_debit_account',
  'imported_event_timestamp_must_postdate_credit_account',
  'imported_event_timeout_must_be_zero',
  'debit_account_already_closed',
  'credit_account_already_closed',
  'overflows_debits_pending',
  'overflows_credits_pending',
  'overflows_debits_posted',
  'overflows_credits_posted',
  'overflows_debits',
  'overflows_credits',
  'overflows_timeout',
  'exceeds_credits',
  'exceeds_debits',
] as const;
export type CreateTransferStatus = (typeof createTransferStatuses)[number];

/**
 * Failures that depend on the ledger's state at that moment. TigerBeetle remembers the id of a
 * transfer that failed with one of these, and answers `id_already_failed` to any retry of that id,
 * so a retry can never turn an old failure into a success.
 */
export const transientTransferStatuses: ReadonlySet<CreateTransferStatus> = new Set([
  'debit_account_not_found',
  'credit_account_not_found',
  'pending_transfer_not_found',
  'exceeds_credits',
  'exceeds_debits',
  'debit_account_already_closed',
  'credit_account_already_closed',
]);

/** One result per submitted event, in order (TigerBeetle >= 0.17 answers densely too). */
export type CreateAccountResult = { status: CreateAccountStatus; timestamp: bigint };
export type CreateTransferResult = { status: CreateTransferStatus; timestamp: bigint };

export type EngineName = 'postgres' | 'tigerbeetle';

/** The one interface both engines implement. */
export interface LedgerEngine {
  readonly name: EngineName;
  createAccounts(batch: readonly AccountInput[]): Promise<CreateAccountResult[]>;
  createTransfers(batch: readonly TransferInput[]): Promise<CreateTransferResult[]>;
  /** Found accounts only, in the order of `ids`. */
  lookupAccounts(ids: readonly bigint[]): Promise<Account[]>;
  /** Found transfers only, in the order of `ids`. */
  lookupTransfers(ids: readonly bigint[]): Promise<Transfer[]>;
  /** Transfers touching one account, ordered by timestamp; page with timestamp_min/max. */
  getAccountTransfers(filter: AccountFilter): Promise<Transfer[]>;
  /** Balance after each transfer, for accounts created with flags.history. */
  getAccountBalances(filter: AccountFilter): Promise<AccountBalance[]>;
  /** Accounts by ledger / code / user_data, ordered by timestamp. */
  queryAccounts(filter: QueryFilter): Promise<Account[]>;
  close(): Promise<void>;
}

/** A programming error: the caller built a request the ledger must never receive. */
export class LedgerUsageError extends Error {
  override name = 'LedgerUsageError';
}

export function accountFromInput(input: AccountInput): Account {
  return {
    id: input.id,
    debits_pending: input.debits_pending ?? 0n,
    debits_posted: input.debits_posted ?? 0n,
    credits_pending: input.credits_pending ?? 0n,
    credits_posted: input.credits_posted ?? 0n,
    user_data_128: input.user_data_128 ?? 0n,
    user_data_64: input.user_data_64 ?? 0n,
    user_data_32: input.user_data_32 ?? 0,
    reserved: input.reserved ?? 0,
    ledger: input.ledger ?? 0,
    code: input.code ?? 0,
    flags: input.flags ?? 0,
    timestamp: input.timestamp ?? 0n,
  };
}

export function transferFromInput(input: TransferInput): Transfer {
  return {
    id: input.id,
    debit_account_id: input.debit_account_id ?? 0n,
    credit_account_id: input.credit_account_id ?? 0n,
    amount: input.amount ?? 0n,
    pending_id: input.pending_id ?? 0n,
    user_data_128: input.user_data_128 ?? 0n,
    user_data_64: input.user_data_64 ?? 0n,
    user_data_32: input.user_data_32 ?? 0,
    timeout: input.timeout ?? 0,
    ledger: input.ledger ?? 0,
    code: input.code ?? 0,
    flags: input.flags ?? 0,
    timestamp: input.timestamp ?? 0n,
  };
}

function assertU128(value: bigint, field: string): void {
  if (value < 0n || value > u128Max) throw new LedgerUsageError(`${field} is not a u128: ${value}`);
}

function assertUint(value: number, bits: 16 | 32, field: string): void {
  const max = bits === 16 ? 0xffff : 0xffff_ffff;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new LedgerUsageError(`${field} is not a u${bits}: ${value}`);
  }
}

/**
 * Checks what TigerBeetle's wire format would refuse (field widths) and the flags this package
 * does not support. Both engines run it first, so a bad request fails the same way on both.
 */
export function validateAccountBatch(batch: readonly AccountInput[]): Account[] {
  if (batch.length > batchEventsMax) {
    throw new LedgerUsageError(`batch of ${batch.length} accounts exceeds batchEventsMax ${batchEventsMax}`);
  }
  return batch.map((input) => {
    const a = accountFromInput(input);
    for (const f of ['id', 'debits_pending', 'debits_posted', 'credits_pending', 'credits_posted', 'user_data_128'] as const) {
      assertU128(a[f], f);
    }
    if (a.user_data_64 < 0n || a.user_data_64 >= 1n << 64n) throw new LedgerUsageError('user_data_64 is not a u64');
    assertUint(a.user_data_32, 32, 'user_data_32');
    assertUint(a.ledger, 32, 'ledger');
    assertUint(a.code, 16, 'code');
    assertUint(a.flags, 16, 'flags');
    assertUint(a.reserved, 32, 'reserved');
    if (a.timestamp < 0n || a.timestamp >= 1n << 64n) throw new LedgerUsageError('timestamp is not a u64');
    if ((a.flags & ~accountFlagsSupported) !== 0) {
      throw new LedgerUsageError(`account flags ${a.flags} include flags this ledger does not support`);
    }
    return a;
  });
}

export function validateTransferBatch(batch: readonly TransferInput[]): Transfer[] {
  if (batch.length > batchEventsMax) {
    throw new LedgerUsageError(`batch of ${batch.length} transfers exceeds batchEventsMax ${batchEventsMax}`);
  }
  return batch.map((input) => {
    const t = transferFromInput(input);
    for (const f of ['id', 'debit_account_id', 'credit_account_id', 'amount', 'pending_id', 'user_data_128'] as const) {
      assertU128(t[f], f);
    }
    if (t.user_data_64 < 0n || t.user_data_64 >= 1n << 64n) throw new LedgerUsageError('user_data_64 is not a u64');
    assertUint(t.user_data_32, 32, 'user_data_32');
    assertUint(t.timeout, 32, 'timeout');
    assertUint(t.ledger, 32, 'ledger');
    assertUint(t.code, 16, 'code');
    assertUint(t.flags, 16, 'flags');
    if (t.timestamp < 0n || t.timestamp >= 1n << 64n) throw new LedgerUsageError('timestamp is not a u64');
    if ((t.flags & ~transferFlagsSupported) !== 0) {
      throw new LedgerUsageError(`transfer flags ${t.flags} include flags this ledger does not support`);
    }
    return t;
  });
}

export function validateIds(ids: readonly bigint[]): void {
  if (ids.length > batchEventsMax) {
    throw new LedgerUsageError(`lookup of ${ids.length} ids exceeds batchEventsMax ${batchEventsMax}`);
  }
  for (const id of ids) assertU128(id, 'id');
}

export function validateLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > queryLimitMax) {
    throw new LedgerUsageError(`limit must be 1..${queryLimitMax}, got ${limit}`);
  }
}
