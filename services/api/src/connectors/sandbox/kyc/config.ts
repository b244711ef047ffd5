// Configuration of the sandbox KYC provider: how long it takes to decide, and whether it is down.
// Durations in milliseconds.

export type SandboxKycConfig = {
  /** Between an accepted submission and the provider's decision (SANDBOX_KYC_DELAY_MS). */
  decisionDelayMs: number;
  /** The provider answers every submission with an outage (SANDBOX_KYC_DOWN); settable at run time. */
  down: boolean;
  /**
   * Whether the magic values pick scenarios (docs/sub-merchants.md). False on a production server
   * (config.ts): there every value is a plain value and takes the ordinary path.
   */
  magicValues?: boolean;
};

/** "A few seconds": long enough to see `pending`, short enough to wait for in a demo. */
export const sandboxKycDelayMsDefault = 3_000;
/** A sandbox that takes longer than a day to decide is a typo. */
export const sandboxKycDelayMsMax = 86_400_000;

