// Configuration of the sandbox payout rails: how long the simulated provider takes to report an
// outcome, and which destination types' rails are down. Durations in milliseconds.
import { payoutDestinationTypes, type PayoutDestinationType } from '../../../payout-rails/types.ts';

export type SandboxPayoutRailsConfig = {
  /** Between an accepted send and its outcome (SANDBOX_PAYOUT_DELAY_MS). */
  outcomeDelayMs: number;
  /** The same for the `slow` magic destinations (SANDBOX_PAYOUT_SLOW_DELAY_MS). */
  slowOutcomeDelayMs: number;
  /** Rails that answer every send with an outage (SANDBOX_PAYOUT_RAILS_DOWN); settable at run time. */
  railsDown: PayoutDestinationType[];
  /**
   * Whether the magic values pick scenarios (docs/payouts.md). False on a production server
   * (config.ts): there every value is a plain value and takes the ordinary path.
   */
  magicValues?: boolean;
};

/** "A couple of seconds": long enough to see `processing`, short enough to wait for in a demo. */
export const sandboxPayoutDelayMsDefault = 2_000;
/** A slow rail: a bank transfer that settles after half a minute. */
export const sandboxPayoutSlowDelayMsDefault = 30_000;
/** A sandbox that takes longer than a day is a typo. */
export const sandboxPayoutDelayMsMax = 86_400_000;

/** Parses `SANDBOX_PAYOUT_RAILS_DOWN` ("bank,card"; blank means none); an unknown type is an error. */
export function parsePayoutRailsDown(value: string | undefined): PayoutDestinationType[] {
  if (value === undefined || value.trim() === '') return [];
  const down: PayoutDestinationType[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!(payoutDestinationTypes as readonly string[]).includes(name)) {
      throw new Error(`SANDBOX_PAYOUT_RAILS_DOWN: unknown destination type "${name}" (known: ${payoutDestinationTypes.join(', ')})`);
    }
    if (!down.includes(name as PayoutDestinationType)) down.push(name as PayoutDestinationType);
  }
  return down;
}
