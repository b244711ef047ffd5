// Magic destinations: which destination details make a sandbox payout succeed, fail for good,
// fail transiently (and get retried), or settle slowly. docs/payouts.md has the same tables; keep
// both in step (test/payouts/sandbox-payout-rails.test.ts exercises every row).
import type { DestinationDetails } from '../../../crypto/destination-vault.ts';
import type { PayoutFailureReason, PayoutRailOutcomeStatus } from '../../../payout-rails/types.ts';

export const sandboxPayoutScenarioNames = [
  'success',
  'invalid_account',
  'account_closed',
  'limit_exceeded',
  'transient_then_success',
  'transient_always',
  'slow',
] as const;
export type SandboxPayoutScenarioName = (typeof sandboxPayoutScenarioNames)[number];

/** Attempts of `transient_then_success` that fail transiently before one succeeds. */
export const sandboxTransientFailuresBeforeSuccess = 2;

export type SandboxPayoutScenario = {
  /** The outcome of attempt `attempt` (0 for the first send, then 1, 2, ... per retry). */
  outcomeOf(attempt: number): { status: PayoutRailOutcomeStatus; failureReason: PayoutFailureReason | null };
  slow: boolean;
};

const succeed = { status: 'success', failureReason: null } as const;
const transient = { status: 'transient_failure', failureReason: 'rail_temporarily_unavailable' } as const;
const fail = (failureReason: PayoutFailureReason) => ({ status: 'failed', failureReason }) as const;

export const sandboxPayoutScenarios: Record<SandboxPayoutScenarioName, SandboxPayoutScenario> = {
  success: { outcomeOf: () => succeed, slow: false },
  invalid_account: { outcomeOf: () => fail('invalid_account'), slow: false },
  account_closed: { outcomeOf: () => fail('account_closed'), slow: false },
  limit_exceeded: { outcomeOf: () => fail('destination_limit_exceeded'), slow: false },
  transient_then_success: { outcomeOf: (attempt) => (attempt < sandboxTransientFailuresBeforeSuccess ? transient : succeed), slow: false },
  transient_always: { outcomeOf: () => transient, slow: false },
  slow: { outcomeOf: () => succeed, slow: true },
};

/**
 * mobile_money: the last 7 digits of the phone; bank: the last 7 characters of the account
 * number. Anything else succeeds. Example: +254709900001 and account 0012349900001 both fail
 * with invalid_account.
 */
export const sandboxPayoutSuffixScenarios: Readonly<Record<string, SandboxPayoutScenarioName>> = {
  '9900001': 'invalid_account',
  '9900002': 'account_closed',
  '9900003': 'limit_exceeded',
  '9900004': 'transient_then_success',
  '9900005': 'transient_always',
  '9900006': 'slow',
};
export const sandboxPayoutSuffixLength = 7;

/** card: the exact card_token. Any other token succeeds. */
export const sandboxPayoutCardTokenScenarios: Readonly<Record<string, SandboxPayoutScenarioName>> = {
  tok_payout_invalid_account: 'invalid_account',
  tok_payout_account_closed: 'account_closed',
  tok_payout_limit_exceeded: 'limit_exceeded',
  tok_payout_transient: 'transient_then_success',
  tok_payout_transient_always: 'transient_always',
  tok_payout_slow: 'slow',
};

/** From the table's OWN entries only (a value such as `constructor` must not find a prototype member). */
function magicValue(table: Readonly<Record<string, SandboxPayoutScenarioName>>, key: string): SandboxPayoutScenarioName | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function sandboxPayoutScenarioFor(destination: DestinationDetails, magicValues = true): SandboxPayoutScenarioName {
  // Without magic values (a production server) every destination is a plain one.
  if (!magicValues) return 'success';
  switch (destination.destination_type) {
    case 'mobile_money':
      return magicValue(sandboxPayoutSuffixScenarios, destination.phone.slice(-sandboxPayoutSuffixLength)) ?? 'success';
    case 'bank':
      return magicValue(sandboxPayoutSuffixScenarios, destination.account_number.slice(-sandboxPayoutSuffixLength)) ?? 'success';
    case 'card':
      return magicValue(sandboxPayoutCardTokenScenarios, destination.card_token) ?? 'success';
  }
}
