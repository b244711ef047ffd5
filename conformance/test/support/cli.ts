// The operator CLI (`./payagg ...`, services/api/src/cli.ts) is the public way to issue
// merchants, keys and users (the API has no endpoint for them). Tests use it only for set-up, in
// its documented form (the repository's `./payagg`, which runs the CLI on the project's pinned
// Node); it needs the server's DATA_DIR (embedded PostgreSQL) to reach the same database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { repository_dir } from './paths.ts';

export type CliTarget = { dataDir: string };

// Each CLI call starts Node and connects to PostgreSQL; a few seconds is plenty.
const cli_timeout_ms = 30_000;

/** Runs the CLI and returns its stdout; rejects with its stderr on a non-zero exit. */
export function runCli(target: CliTarget, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(repository_dir, 'payagg'),
      args,
      { cwd: repository_dir, env: { ...process.env, DATA_DIR: target.dataDir, LOG_LEVEL: 'warn' }, timeout: cli_timeout_ms },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`payagg ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

export type IssuedKey = { api_key: string; api_secret: string; merchant_id: string };

export async function createMerchant(target: CliTarget, name: string): Promise<IssuedKey> {
  return JSON.parse(await runCli(target, ['merchants', 'create', '--name', name, '--scopes', 'full', '--json'])) as IssuedKey;
}

export async function createKey(target: CliTarget, merchantId: string, extra: string[] = []): Promise<IssuedKey> {
  return JSON.parse(await runCli(target, ['keys', 'create', '--merchant', merchantId, ...extra, '--json'])) as IssuedKey;
}
