// A real API process (src/main.ts, no workers) on a database, with its `/v1` base URL: the rate
// limit tests' view of worker-process.ts's startApiProcess (one spawner for every process test).
import type { ChildProcess } from 'node:child_process';
import { startApiProcess as startOnTarget } from './worker-process.ts';

/** How long a process may take to start on a shared machine. */
export const apiProcessStartMs = 60_000;

/** `env` names the process's DATABASE_URL and MASTER_KEY; kill it with `child`. */
export async function startApiProcess(env: Record<string, string> & { DATABASE_URL: string; MASTER_KEY: string }): Promise<{ baseUrl: string; child: ChildProcess; output: () => string }> {
  const { DATABASE_URL: databaseUrl, MASTER_KEY: masterKeyHex, ...rest } = env;
  const api = await startOnTarget({ databaseUrl, masterKeyHex }, { MIGRATE_ON_START: 'false', ...rest }, apiProcessStartMs);
  return { baseUrl: `${api.origin}/v1`, child: api.child, output: api.output };
}
