// Once per run of the page's tests: build the page, find Debian's Chromium (no browser is ever
// downloaded), start the real service the way `make run` does (node services/api/src/main.ts on
// its embedded PostgreSQL, in a fresh data folder, on a free port) with the built page, and
// create the merchants the tests pay through the operator CLI. The service's log goes to a file
// the tests read (no checkout token may ever appear in it).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { buildPage, type PageWeight } from '../../scripts/build.ts';

export type E2eServer = {
  origin: string;
  chromiumPath: string;
  logFile: string;
  databaseUrl: string;
  merchant: { merchant_id: string; api_key: string; api_secret: string };
  heldMerchant: { merchant_id: string; api_key: string; api_secret: string };
  pageWeight: PageWeight;
};

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eServer;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const chromiumCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
export const merchantDisplayName = 'Duka Fresh Groceries';

/**
 * The service as the tests need it: sandbox outcomes soon after initiation (1.5 s; 10 s when
 * the payer must act, which leaves a test time to open the provider's page, whose opening then
 * holds the outcome for the payer's answer), delivered by the service's own worker polling every 100 ms, and breakers that
 * never open (outage tests would otherwise take a whole rail down for the tests after them).
 */
const serviceEnv = {
  RATE_LIMIT_PER_SECOND: '0',
  LOG_LEVEL: 'debug',
  SANDBOX_RAIL_OUTCOME_DELAY_MS: '1500',
  SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS: '10000',
  // The `late` scenario (phone 0000005, reference sandbox_late:...) is the tests' "the payer has
  // not answered yet": long enough to look at a waiting screen, short enough to end in the run.
  SANDBOX_RAIL_LATE_OUTCOME_DELAY_MS: '15000',
  RAIL_OUTCOME_POLL_MS: '100',
  RAIL_BREAKER_VOLUME_THRESHOLD: '100000',
};

function findChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  const found = chromiumCandidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error('The checkout page tests need Debian\'s Chromium and found none. Install it with '
      + '`apt-get update && apt-get install -y chromium` (as root; `make test` does it for you), or set CHROMIUM_PATH.');
  }
  return found;
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(origin: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the service did not become healthy; its log:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

async function cli(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'services/api/src/cli.ts'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

export default async function setup(project: TestProject) {
  const pageWeight = await buildPage();
  // The API reference the service serves at /docs (test/e2e/api-docs.test.ts): rebuilt from
  // today's spec/ so the browser sees what `make docs` makes.
  await run('make', ['-s', 'docs'], { cwd: repoRoot });
  const chromiumPath = findChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-checkout-e2e-'));
  const logFile = path.join(dataDir, 'service.log');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(repoRoot, 'services/api/src/main.ts')], {
    env: { ...process.env, ...serviceEnv, PORT: String(port), PUBLIC_BASE_URL: origin, DATA_DIR: dataDir },
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.closeSync(log);
    if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(origin, child, logFile);
    const merchant = JSON.parse(await cli(dataDir, ['merchants', 'create', '--name', merchantDisplayName, '--scopes', 'full', '--json']));
    const heldMerchant = JSON.parse(await cli(dataDir, ['merchants', 'create', '--name', 'Held Shop', '--scopes', 'full', '--json']));
    await cli(dataDir, ['merchants', 'set-status', heldMerchant.merchant_id, 'suspended']);
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string };
    const databaseUrl = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/payagg`;
    project.provide('e2e', { origin, chromiumPath, logFile, databaseUrl, merchant, heldMerchant, pageWeight });
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
