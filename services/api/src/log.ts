// The service's logger: pino, one JSON object per line on stderr (stdout stays free for the CLI's
// machine-readable output and the start banners). Every line has `time` (ISO 8601), `level` (its
// name: debug, info, warn, error), `msg`, `pid`, `hostname` and the caller's fields. Callers pass
// fields, never secrets; the names of log-redaction.ts are censored whatever a caller passes
// (docs/operations.md "Logs", decision 0550).
import { pino } from 'pino';
import type { LogLevel } from './config.ts';
import { redactedPaths, redactionCensor } from './log-redaction.ts';

export type LogFields = Record<string, unknown>;
/** Message first, fields second: the shape every caller already used (pino itself takes fields first). */
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

function over(base: pino.Logger): Logger {
  return {
    debug: (msg, fields) => (fields ? base.debug(fields, msg) : base.debug(msg)),
    info: (msg, fields) => (fields ? base.info(fields, msg) : base.info(msg)),
    warn: (msg, fields) => (fields ? base.warn(fields, msg) : base.warn(msg)),
    error: (msg, fields) => (fields ? base.error(fields, msg) : base.error(msg)),
  };
}

/**
 * `write` receives each line (tests collect them); by default they go to stderr synchronously, so
 * the line before a `process.exit` is not lost, as with the process.stderr.write this replaced.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write } : pino.destination({ dest: 2, sync: true });
  return over(pino({
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Level names, not pino's numbers: `"level":"warn"` is what operators and our tests grep for.
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: redactedPaths, censor: redactionCensor },
  }, destination));
}
