// A tiny structured logger: one JSON object per line on stderr (stdout stays free for the
// CLI's machine-readable output and the first-start banner). Callers pass fields, never
// secrets: API secrets, signatures and the master key are not logged anywhere.
import type { LogLevel } from './config.ts';

const levelRank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

// Field names whose values must never reach a log line, whatever a caller passes.
const redactedFieldNames = new Set(['api_secret', 'secret', 'password', 'master_key', 'signature', 'x-service-signature', 'x-api-key']);

function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [name, value] of Object.entries(fields)) {
    out[name] = redactedFieldNames.has(name.toLowerCase()) ? '[redacted]' : value;
  }
  return out;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = levelRank[level];
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields): void => {
    if (levelRank[lvl] < threshold) return;
    const record = { time: new Date().toISOString(), level: lvl, msg, ...(fields ? redact(fields) : {}) };
    write(`${JSON.stringify(record)}\n`);
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}
