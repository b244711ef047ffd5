// A RailLogger that keeps every line it is given, so a test can show no secret was ever logged.
import type { RailLogger } from '../../src/rails/types.ts';

export function capturingLogger(): RailLogger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push(JSON.stringify({ level, message, ...fields }));
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}
