// Magic values: which input makes a sandbox rail succeed, fail, challenge the payer, fall back to
// USSD, answer slowly, confirm late, or be down. docs/sandbox-rails.md has the same tables; keep
// both in step (test/rails/sandbox-connectors.test.ts exercises every row).

import { RailDeclinedError } from '../../../rails/errors.ts';
import type { CollectionInitiation, Rail, RailFailureReason, RailOutcomeStatus } from '../../../rails/types.ts';

export const sandboxScenarioNames = [
  'success',
  'insufficient_funds',
  'payer_declined',
  'card_declined',
  'account_closed',
  'challenge',
  'challenge_failure',
  'ussd_fallback',
  'slow',
  'late',
  'outage',
  'refund_failure',
] as const;
export type SandboxScenarioName = (typeof sandboxScenarioNames)[number];

export type SandboxOutcomeDelay = 'standard' | 'challenge' | 'late';

export interface SandboxScenario {
  /** Outcome of the collection. */
  outcome: RailOutcomeStatus;
  failureReason: RailFailureReason | null;
  outcomeDelay: SandboxOutcomeDelay;
  /** The payer must act: a redirect (card 3-D Secure, bank authorization) or a USSD dial. */
  payerAction: 'none' | 'challenge' | 'ussd_fallback';
  /** The synchronous initiation takes SandboxRailsConfig.slowInitiationMs. */
  slowInitiation: boolean;
  /** Initiation throws RailOutageError and records nothing. */
  outage: boolean;
  /** Outcome of every refund of this collection: null means refunds succeed. */
  refundFailureReason: RailFailureReason | null;
}

const SUCCESS: SandboxScenario = {
  outcome: 'success',
  failureReason: null,
  outcomeDelay: 'standard',
  payerAction: 'none',
  slowInitiation: false,
  outage: false,
  refundFailureReason: null,
};

function failing(failureReason: RailFailureReason): SandboxScenario {
  return { ...SUCCESS, outcome: 'failed', failureReason };
}

export const sandboxScenarios: Record<SandboxScenarioName, SandboxScenario> = {
  success: SUCCESS,
  insufficient_funds: failing('insufficient_funds'),
  payer_declined: failing('payer_declined'),
  card_declined: failing('card_declined'),
  account_closed: failing('account_closed'),
  challenge: { ...SUCCESS, payerAction: 'challenge', outcomeDelay: 'challenge' },
  challenge_failure: {
    ...SUCCESS,
    payerAction: 'challenge',
    outcomeDelay: 'challenge',
    outcome: 'failed',
    failureReason: 'authentication_failed',
  },
  ussd_fallback: { ...SUCCESS, payerAction: 'ussd_fallback', outcomeDelay: 'challenge' },
  slow: { ...SUCCESS, slowInitiation: true },
  late: { ...SUCCESS, outcomeDelay: 'late' },
  outage: { ...SUCCESS, outage: true },
  refund_failure: { ...SUCCESS, refundFailureReason: 'refund_rejected' },
};

/**
 * mobile_money and ussd: the last 7 digits of payer.phone. Any other number succeeds.
 * Example: +254700000001 (Kenya) and +233240000001 (Ghana) both fail with insufficient_funds.
 */
export const sandboxPhoneSuffixScenarios: Readonly<Record<string, SandboxScenarioName>> = {
  '0000000': 'success',
  '0000001': 'insufficient_funds',
  '0000002': 'payer_declined',
  '0000003': 'ussd_fallback',
  '0000004': 'slow',
  '0000005': 'late',
  '0000006': 'outage',
  '0000007': 'refund_failure',
};
export const sandboxPhoneSuffixLength = 7;

/** card: exact payer.cardToken. Any other well-formed token succeeds. */
export const sandboxCardTokenScenarios: Readonly<Record<string, SandboxScenarioName>> = {
  tok_sandbox_success: 'success',
  tok_sandbox_fail: 'card_declined',
  tok_sandbox_insufficient_funds: 'insufficient_funds',
  tok_sandbox_challenge: 'challenge',
  tok_sandbox_challenge_fail: 'challenge_failure',
  tok_sandbox_slow: 'slow',
  tok_sandbox_late: 'late',
  tok_sandbox_outage: 'outage',
  tok_sandbox_refund_fail: 'refund_failure',
};

/** bank: exact payer.accountRef. Any other well-formed reference succeeds. */
export const sandboxBankAccountScenarios: Readonly<Record<string, SandboxScenarioName>> = {
  acct_sandbox_success: 'success',
  acct_sandbox_fail: 'insufficient_funds',
  acct_sandbox_closed: 'account_closed',
  acct_sandbox_challenge: 'challenge',
  acct_sandbox_challenge_fail: 'challenge_failure',
  acct_sandbox_slow: 'slow',
  acct_sandbox_late: 'late',
  acct_sandbox_outage: 'outage',
  acct_sandbox_refund_fail: 'refund_failure',
};

/**
 * qr: the payer scans a code, so there is no payer field; the merchant `reference` chooses, by
 * prefix (so that references stay unique: `sandbox_fail:order-42`). Anything else succeeds.
 */
export const sandboxQrReferencePrefixScenarios: Readonly<Record<string, SandboxScenarioName>> = {
  sandbox_success: 'success',
  sandbox_fail: 'payer_declined',
  sandbox_insufficient_funds: 'insufficient_funds',
  sandbox_slow: 'slow',
  sandbox_late: 'late',
  sandbox_outage: 'outage',
  sandbox_refund_fail: 'refund_failure',
};

/**
 * The scenario a magic-value table gives `key`, from the table's OWN entries only: a payer value
 * such as `valueOf` or `constructor` must not find an Object.prototype member (it once did, and
 * crashed the rail call with a 500).
 */
function magicValue(table: Readonly<Record<string, SandboxScenarioName>>, key: string): SandboxScenarioName | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const phonePattern = /^\+?[0-9]{7,15}$/;
/** Tokens and account references: opaque, printable, bounded. */
const opaqueRefPattern = /^[A-Za-z0-9_.:-]{1,128}$/;
/** 12 to 19 digits, optionally grouped by spaces or dashes: a raw card number, which a rail must never accept. */
const cardNumberPattern = /^(?:[0-9][ -]?){11,18}[0-9]$/;

/**
 * Checks the payer field the rail needs and picks the scenario. Throws RailDeclinedError for a
 * missing or malformed payer field, as a real provider's API answers 400.
 */
export function sandboxScenarioFor(rail: Rail, request: CollectionInitiation, magicValues = true): SandboxScenarioName {
  const scenario = sandboxScenarioOfValues(rail, request);
  // Without magic values (a production server) the payer field is still checked, as a provider
  // would, but every value is a plain one.
  return magicValues ? scenario : 'success';
}

function sandboxScenarioOfValues(rail: Rail, request: CollectionInitiation): SandboxScenarioName {
  switch (rail) {
    case 'mobile_money':
    case 'ussd': {
      const phone = request.payer.phone;
      if (phone === undefined || phone === null || phone === '') throw new RailDeclinedError(rail, 'payer_phone_missing');
      if (!phonePattern.test(phone)) throw new RailDeclinedError(rail, 'payer_phone_invalid');
      const scenario = magicValue(sandboxPhoneSuffixScenarios, phone.slice(-sandboxPhoneSuffixLength)) ?? 'success';
      // The USSD rail is a dial by nature; a "fallback" to it means nothing there.
      return rail === 'ussd' && scenario === 'ussd_fallback' ? 'success' : scenario;
    }
    case 'card': {
      const token = request.payer.cardToken;
      if (token === undefined || token === null || token === '') throw new RailDeclinedError(rail, 'payer_card_token_missing');
      if (cardNumberPattern.test(token) || !opaqueRefPattern.test(token)) {
        throw new RailDeclinedError(rail, 'payer_card_token_invalid');
      }
      return magicValue(sandboxCardTokenScenarios, token) ?? 'success';
    }
    case 'bank': {
      const accountRef = request.payer.accountRef;
      if (accountRef === undefined || accountRef === null || accountRef === '') {
        throw new RailDeclinedError(rail, 'payer_account_ref_missing');
      }
      if (!opaqueRefPattern.test(accountRef)) throw new RailDeclinedError(rail, 'payer_account_ref_invalid');
      return magicValue(sandboxBankAccountScenarios, accountRef) ?? 'success';
    }
    case 'qr': {
      const reference = request.reference ?? '';
      for (const [prefix, scenario] of Object.entries(sandboxQrReferencePrefixScenarios)) {
        if (reference.startsWith(prefix)) return scenario;
      }
      return 'success';
    }
  }
}

export function isSandboxScenarioName(value: string): value is SandboxScenarioName {
  return (sandboxScenarioNames as readonly string[]).includes(value);
}
