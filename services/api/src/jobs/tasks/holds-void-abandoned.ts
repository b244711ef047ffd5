// The hold-intent sweeper (domain/hold-intents.ts sweepHoldIntents, decision 0410): voids the
// ledger holds of payouts, bulk payouts and partner withdrawals whose request died between its
// hold and its commit, so money is never left reserved for something that does not exist.
import { holdIntentSweepBatchMax, sweepHoldIntents } from '../../domain/hold-intents.ts';
import { defineJob } from '../job.ts';
import { jobAttemptsMax, type JobPayloads } from '../catalog.ts';

/**
 * Every minute: with holdIntentAbandonAgeMs (60 s), an orphaned hold is voided at most about two
 * minutes after its request wrote its intent (docs/jobs.md states the bound).
 */
export const holdIntentSweepIntervalMinutes = 1;

export const voidAbandonedHoldsJob = defineJob<JobPayloads['holds.void_abandoned']>({
  attemptsMax: jobAttemptsMax['holds.void_abandoned'], // catalog.ts says why
  recurring: { intervalMinutes: holdIntentSweepIntervalMinutes },
  async run(_payload, { deps }) {
    const { abandoned, voided, failed } = await sweepHoldIntents(deps, { limit: holdIntentSweepBatchMax });
    if (abandoned > 0 || voided > 0) deps.logger.warn('voided ledger holds that failed requests had left', { abandoned, voided });
    if (failed.length > 0) deps.logger.error('could not void abandoned holds; retrying next sweep', { owner_ids: failed });
  },
});
