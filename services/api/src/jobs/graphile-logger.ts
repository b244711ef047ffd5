// graphile-worker's log lines through the service's logger, as `source: "graphile-worker"` lines.
// Two changes to what the library says (issue 26): its line per finished job ("Completed task 12
// (payouts.send, 3.10ms) with success") is at debug, not info, since a busy queue would otherwise
// fill the info log with one line per job; and no line carries the job's row (`job`, whose
// payload may hold destination details or tokens) or any other object of the library: only its
// scalars, the job's id, task and attempt, and an error's message. Its warnings and errors keep
// their levels. docs/operations.md "Logs".
import { Logger as GraphileLogger, type LogLevel as GraphileLogLevel } from 'graphile-worker';
import type { LogFields, Logger } from '../log.ts';

/** What graphile-worker passes beside a message (its own type is not exported). */
type LogMeta = Record<string, unknown>;
type JobSummary = { id?: unknown; task_identifier?: unknown; attempts?: unknown; max_attempts?: unknown };

/** The fields of one line: the scope's names, the job's id and attempt, the meta's scalars. */
function fieldsOf(scope: { label?: string; taskIdentifier?: string; jobId?: string }, meta: LogMeta | undefined): LogFields {
  const fields: LogFields = { source: 'graphile-worker' };
  if (scope.label) fields.scope = scope.label;
  if (scope.taskIdentifier) fields.task = scope.taskIdentifier;
  if (scope.jobId) fields.job_id = scope.jobId;
  for (const [name, value] of Object.entries(meta ?? {})) {
    if (name === 'job' && value && typeof value === 'object') {
      const job = value as JobSummary;
      fields.job_id = String(job.id);
      if (typeof job.task_identifier === 'string') fields.task = job.task_identifier;
      fields.attempt = job.attempts;
      fields.attempts_max = job.max_attempts;
    } else if (name === 'error' && value instanceof Error) {
      fields.error = value.message;
    } else if (name === 'duration' && typeof value === 'number') {
      fields.duration_ms = Math.round(value * 100) / 100;
    } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[name] = value;
    }
  }
  return fields;
}

/** A finished job's line is routine: debug. graphile-worker marks it with `success: true`. */
function levelOf(level: GraphileLogLevel, meta: LogMeta | undefined): 'error' | 'warn' | 'info' | 'debug' {
  if (level === 'error') return 'error';
  if (level === 'warning') return 'warn';
  if (level === 'info' && meta?.success !== true) return 'info';
  return 'debug';
}

export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    logger[levelOf(level, meta)](message, fieldsOf(scope, meta));
  });
}
