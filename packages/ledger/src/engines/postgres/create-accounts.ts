// TigerBeetle's create_accounts rules, run in memory over the accounts one batch touches
// (src/state_machine.zig: execute_create, create_account, create_account_exists), in its order.

import { AccountFlags, u128Max, type Account, type CreateAccountResult, type CreateAccountStatus } from '../../model.ts';
import { has, type AccountBatchOutcome, type AccountBatchState } from './batch-state.ts';

export function executeCreateAccounts(
  events: readonly Account[],
  timestampFirst: bigint,
  state: AccountBatchState,
): AccountBatchOutcome {
  const results: CreateAccountResult[] = [];
  const accountsCreated: Account[] = [];
  let chainStart: number | null = null;
  let chainBroken = false;
  let chainCreatedFrom = 0;

  const createAccount = (a: Account, timestamp: bigint): CreateAccountStatus => {
    if (a.reserved !== 0) return 'reserved_field';
    if (a.id === 0n) return 'id_must_not_be_zero';
    if (a.id === u128Max) return 'id_must_not_be_int_max';
    const e = state.accounts.get(a.id);
    if (e) {
      if (a.flags !== e.flags) return 'exists_with_different_flags';
      if (a.user_data_128 !== e.user_data_128) return 'exists_with_different_user_data_128';
      if (a.user_data_64 !== e.user_data_64) return 'exists_with_different_user_data_64';
      if (a.user_data_32 !== e.user_data_32) return 'exists_with_different_user_data_32';
      if (a.ledger !== e.ledger) return 'exists_with_different_ledger';
      if (a.code !== e.code) return 'exists_with_different_code';
      return 'exists';
    }
    if (has(a.flags, AccountFlags.debits_must_not_exceed_credits) &&
      has(a.flags, AccountFlags.credits_must_not_exceed_debits)) return 'flags_are_mutually_exclusive';
    if (a.debits_pending !== 0n) return 'debits_pending_must_be_zero';
    if (a.debits_posted !== 0n) return 'debits_posted_must_be_zero';
    if (a.credits_pending !== 0n) return 'credits_pending_must_be_zero';
    if (a.credits_posted !== 0n) return 'credits_posted_must_be_zero';
    if (a.ledger === 0) return 'ledger_must_not_be_zero';
    if (a.code === 0) return 'code_must_not_be_zero';
    const created: Account = { ...a, timestamp };
    state.accounts.set(a.id, created);
    accountsCreated.push(created);
    return 'created';
  };

  for (let index = 0; index < events.length; index++) {
    const a = events[index]!;
    const timestamp = timestampFirst + BigInt(index);
    let status: CreateAccountStatus;
    evaluate: {
      if (has(a.flags, AccountFlags.linked)) {
        if (chainStart === null) {
          chainStart = index;
          chainCreatedFrom = accountsCreated.length;
        }
        if (index === events.length - 1) { status = 'linked_event_chain_open'; break evaluate; }
      }
      if (chainBroken) { status = 'linked_event_failed'; break evaluate; }
      if (a.timestamp !== 0n) { status = 'timestamp_must_be_zero'; break evaluate; }
      status = createAccount(a, timestamp);
    }
    let timestampResult = timestamp;
    if (status === 'exists') timestampResult = state.accounts.get(a.id)!.timestamp;
    if (status !== 'created' && chainStart !== null && !chainBroken) {
      chainBroken = true;
      for (const rolledBack of accountsCreated.splice(chainCreatedFrom)) state.accounts.delete(rolledBack.id);
      for (let c = chainStart; c < index; c++) results[c]!.status = 'linked_event_failed';
    }
    results.push({ status, timestamp: timestampResult });
    if (chainStart !== null && (!has(a.flags, AccountFlags.linked) || status === 'linked_event_chain_open')) {
      chainStart = null;
      chainBroken = false;
    }
  }
  return { results, accountsCreated };
}
