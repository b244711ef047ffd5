// What M-Pesa's Transaction Status queries leave in provider_references (decision 0771), swept by
// a recurring pass:
//   - a parked status answer (kind status_answer: callbacks.ts parks an answer that arrived before
//     its query was recorded) is deleted by whoever consumes it (status-queries.ts, callbacks.ts);
//     one no query of ours names after mpesaParkedAnswerMinutesMax never will be (its query is
//     recorded right after Daraja's synchronous answer, within MPESA_REQUEST_TIMEOUT_MS) and is
//     deleted here: a forged answer, or one whose asking process died before recording it;
//   - a status query (kind status_query) is what makes its answer believed; after
//     mpesaStatusQueryDaysMax its answer is not coming (Daraja answers within its queue timeout,
//     minutes), and a late one would be parked and swept: the poller asks again.
// Nothing else the connector remembers (stk, b2c, reversal claims) is touched: those are what keep
// a push or a payment from being sent twice.
import type { Sql } from '../../../db/index.ts';
import { defineJob } from '../../../jobs/job.ts';
import { jobAttemptsMax, type JobPayloads } from '../../../jobs/catalog.ts';
import { mpesaProviderName, referenceKinds } from '../context.ts';

/** A parked answer older than this has no query coming for it. */
export const mpesaParkedAnswerMinutesMax = 60;
/** A status query older than this has had its answer, or will not have one. */
export const mpesaStatusQueryDaysMax = 7;
/** Rows deleted per pass: one bounded statement, 60 000 an hour at the interval below. */
export const mpesaStatusSweepBatchMax = 10_000;
export const mpesaStatusSweepIntervalMinutes = 10;

/** Deletes up to `batchMax` expired parked answers and status queries of M-Pesa; how many of each. */
export async function sweepMpesaStatusRecords(sql: Sql, batchMax = mpesaStatusSweepBatchMax): Promise<{ answers: number; queries: number }> {
  const deleted = await sql<{ kind: string }[]>`
    with expired as (
      select provider, kind, our_reference from provider_references
      where provider = ${mpesaProviderName}
        and ((kind = ${referenceKinds.statusAnswer} and created_at < now() - make_interval(mins => ${mpesaParkedAnswerMinutesMax}))
          or (kind = ${referenceKinds.statusQuery} and created_at < now() - make_interval(days => ${mpesaStatusQueryDaysMax})))
      order by created_at limit ${batchMax}
      for update skip locked
    )
    delete from provider_references r using expired
    where r.provider = expired.provider and r.kind = expired.kind and r.our_reference = expired.our_reference
    returning r.kind`;
  const answers = deleted.filter((row) => row.kind === referenceKinds.statusAnswer).length;
  return { answers, queries: deleted.length - answers };
}

export const mpesaSweepStatusRecordsJob = defineJob<JobPayloads['mpesa.sweep_status_records']>({
  attemptsMax: jobAttemptsMax['mpesa.sweep_status_records'], // catalog.ts says why
  recurring: { intervalMinutes: mpesaStatusSweepIntervalMinutes },
  async run(_payload, { deps }) {
    const swept = await sweepMpesaStatusRecords(deps.sql);
    if (swept.answers + swept.queries > 0) deps.logger.info('mpesa status records swept', { parked_answers: swept.answers, status_queries: swept.queries });
  },
});
