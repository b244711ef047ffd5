// The silent providers' status polls (provider-routing/status-polls.ts): each pass asks the due
// ones. A final status goes to the outcome ingress; the rest are asked again after their backoff.
import { defineJob } from '../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../jobs/catalog.ts';
import { pollProviderStatuses } from '../status-polls.ts';

/** Polls are minute-grained: the backoff starts at a minute (PROVIDER_STATUS_POLL_FIRST_S). */
export const providerStatusPollIntervalMinutes = 1;

export const providersPollStatusesJob = defineJob<JobPayloads['providers.poll_statuses']>({
  attemptsMax: jobAttemptsMax['providers.poll_statuses'], // catalog.ts says why
  recurring: { intervalMinutes: providerStatusPollIntervalMinutes },
  async run(_payload, { deps }) {
    await pollProviderStatuses(deps);
  },
});
