// The auto_timeout escrow release (splits/escrow-holds.ts releaseDueEscrowHolds): each pass
// releases the holds whose release_at (settlement + the rule's escrow_timeout_hours) has passed.
// Exactly once per hold whatever the number of workers or restarts: a hold moves only while held,
// under its row locks, and the ledger post is idempotent on the hold's pending id.
import { escrowAutoReleaseBatchMax, releaseDueEscrowHolds } from '../escrow-holds.ts';
import { defineJob } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../../jobs/catalog.ts';

/** A hold is released at most this long after its release_at (passes are minute-grained). */
export const escrowAutoReleaseIntervalMinutes = 1;

export const escrowAutoReleaseJob = defineJob<JobPayloads['escrow.auto_release']>({
  attemptsMax: jobAttemptsMax['escrow.auto_release'], // catalog.ts says why
  recurring: { intervalMinutes: escrowAutoReleaseIntervalMinutes },
  async run(_payload, { deps }) {
    const { released } = await releaseDueEscrowHolds(deps, { limit: escrowAutoReleaseBatchMax });
    if (released > 0) deps.logger.info('released auto_timeout escrow holds', { released });
  },
});
