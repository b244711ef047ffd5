// Which keys a server accepts, by mode (docs/decisions/0440-sandbox-and-live-are-separate-accounts.md),
// the same rule for both families:
//   - a key has its account's mode (merchant or partner); a row whose mode differs is older than
//     that rule (migration 0440) and is refused, so a live key can never act on an account whose
//     money came from sandbox helpers;
//   - a production server (PAYAGG_ENV=production) has no sandbox world: sandbox keys are refused
//     there, as are the sandbox-only operations (http/sandbox-only.ts).
// The refusal is the ordinary 401 AUTH_INVALID_KEY; the reason goes to the log only.
import type { ServiceMode } from '../config.ts';
import type { KeyMode } from './principal.ts';

/** The reason to refuse a key of `keyMode` on an account of `accountMode`, or null to accept it. */
export function keyModeRefusal(keyMode: KeyMode, accountMode: KeyMode, serviceMode: ServiceMode): string | null {
  if (keyMode !== accountMode) return `key mode ${keyMode} differs from its account's mode ${accountMode}`;
  if (serviceMode === 'production' && keyMode === 'sandbox') return 'sandbox key on a production server';
  return null;
}
