// The completer's pass (domain/collection-completer.ts): finishes the collection requests and
// checkout pays whose process died after the rail may have accepted them and whose client never
// came back with the same key.
import { completeAbandonedCollections } from '../../domain/collection-completer.ts';
import { defineJob, type RecurringPayload } from '../job.ts';

/** Each pass looks back over the completer's window (completer_window_ms_default), so passes overlap. */
export const completer_interval_minutes = 1;

export const completeAbandonedCollectionsJob = defineJob<RecurringPayload>({
  attemptsMax: 1, // a run the pass could not finish is taken again by the next pass
  recurring: { intervalMinutes: completer_interval_minutes },
  async run(_payload, { deps }) {
    const summary = await completeAbandonedCollections(deps);
    if (summary.failed > 0) deps.logger.warn('completer pass left runs for the next pass', { ...summary });
  },
});
