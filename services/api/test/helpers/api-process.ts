// A real API process (src/main.ts, no workers, no migrations) on a test service's database, for
// tests that need more than the in-process service: several processes on one database
// (test/rate-limit-processes.test.ts), or one whose database goes away (rate-limit-database-away).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForValue } from './worker-process.ts';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
/** How long a process may take to start on a shared machine. */
export const apiProcessStartMs = 60_000;

/** Starts the process and resolves with its `/v1` base URL once it listens; kill it with `child`. */
export async function startApiProcess(env: Record<string, string>): Promise<{ baseUrl: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', RUN_WORKERS: 'false', MIGRATE_ON_START: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  try {
    const port = await waitForValue(() => {
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output) ?? /"msg":"listening","port":(\d+)/.exec(output);
      return match ? Number(match[1]) : null;
    }, () => `the API process to listen; output so far:\n${output}`, apiProcessStartMs);
    return { baseUrl: `http://127.0.0.1:${port}/v1`, child, output: () => output };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
