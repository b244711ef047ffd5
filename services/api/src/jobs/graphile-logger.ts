// graphile-worker's log lines through the service's logger (one JSON object per line), at their
// own level. Its `debug` lines (every job start and finish) stay at debug.
import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '../log.ts';

export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { source: 'graphile-worker', ...(scope.label ? { scope: scope.label } : {}), ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}), ...(scope.jobId ? { job_id: scope.jobId } : {}), ...(meta ?? {}) };
    if (level === 'error') logger.error(message, fields);
    else if (level === 'warning') logger.warn(message, fields);
    else if (level === 'info') logger.info(message, fields);
    else logger.debug(message, fields);
  });
}
