// Starts what the black-box tests talk to, once per run:
//   - the real server: the one named by PAYAGG_BASE_URL / PAYAGG_API_KEY / PAYAGG_API_SECRET when
//     they are set (scripts/test-all.sh), else `node services/api/src/main.ts` on the embedded
//     default in a temporary data folder, port 0, with a merchant created through the CLI;
//   - a Prism mock of spec/merchant.yaml and one of spec/ops.yaml, each on a free port (the mock
//     parity tests).
// The tests get the addresses through vitest's provide/inject, never the service's internals.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { conformance_dir, repository_dir } from './paths.ts';
import { runCli, type CliTarget } from './cli.ts';
import { freePort, waitFor } from './process.ts';

export type ServerTarget = {
  /** Base URL including /v1. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  merchantId: string | null;
  /** The server's DATA_DIR when the operator CLI can reach it (needed to create keys and users). */
  dataDir: string | null;
};

declare module 'vitest' {
  export interface ProvidedContext {
    server: ServerTarget;
    mockBaseUrl: string;
    /** The Prism mock of spec/ops.yaml (the operators' API), without /ops/v1. */
    opsMockBaseUrl: string;
  }
}

// How long the server and the mock may take to answer their first request.
const server_start_timeout_ms = 60_000;
const mock_start_timeout_ms = 60_000;
const stop_timeout_ms = 15_000;

export default async function setup(project: TestProject) {
  const stops: (() => Promise<void>)[] = [];
  try {
    const server = await startOrUseServer(stops);
    project.provide('server', server);
    project.provide('mockBaseUrl', await startMock(stops, 'spec/merchant.yaml'));
    project.provide('opsMockBaseUrl', await startMock(stops, 'spec/ops.yaml'));
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
  return () => stopAll(stops);
}

async function stopAll(stops: (() => Promise<void>)[]): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

async function startOrUseServer(stops: (() => Promise<void>)[]): Promise<ServerTarget> {
  const { PAYAGG_BASE_URL, PAYAGG_API_KEY, PAYAGG_API_SECRET } = process.env;
  if (PAYAGG_BASE_URL && PAYAGG_API_KEY && PAYAGG_API_SECRET) {
    return {
      baseUrl: PAYAGG_BASE_URL.replace(/\/+$/, ''),
      apiKey: PAYAGG_API_KEY,
      apiSecret: PAYAGG_API_SECRET,
      merchantId: process.env.PAYAGG_MERCHANT_ID ?? null,
      dataDir: process.env.PAYAGG_DATA_DIR ?? null,
    };
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-conformance-'));
  const child = spawn(process.execPath, [path.join(repository_dir, 'services/api/src/main.ts')], {
    cwd: repository_dir,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_SECOND: '0',
      LOG_LEVEL: 'warn',
      VITEST: undefined,
      // The sandbox rails settle at once, so a test can refund a collection without waiting the
      // default 2 s (tests still poll: the outcome arrives from the worker, asynchronously).
      SANDBOX_RAIL_OUTCOME_DELAY_MS: process.env.SANDBOX_RAIL_OUTCOME_DELAY_MS ?? '0',
      SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS: process.env.SANDBOX_RAIL_CHALLENGE_OUTCOME_DELAY_MS ?? '0',
      JOB_POLL_INTERVAL_MS: process.env.JOB_POLL_INTERVAL_MS ?? '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  stops.push(async () => {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The banner names the port the OS picked for PORT=0.
  const port = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before listening:\n${output}`);
      return /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? null;
    },
    server_start_timeout_ms,
    () => `the server did not start within ${server_start_timeout_ms} ms:\n${output}`,
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => ((await fetch(`${origin}/healthz`).catch(() => null))?.ok ? true : null),
    server_start_timeout_ms,
    () => `GET /healthz did not answer 200:\n${output}`,
  );

  const cli: CliTarget = { dataDir };
  const created = JSON.parse(await runCli(cli, ['merchants', 'create', '--name', 'Conformance Merchant', '--scopes', 'full', '--json'])) as {
    merchant_id: string;
    api_key: string;
    api_secret: string;
  };
  return { baseUrl: `${origin}/v1`, apiKey: created.api_key, apiSecret: created.api_secret, merchantId: created.merchant_id, dataDir };
}

async function startMock(stops: (() => Promise<void>)[], specFile: string): Promise<string> {
  const port = await freePort();
  // The CLI entry of @stoplight/prism-cli, run by this Node (no shell wrapper between us and it).
  const prism_package = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  const prism = path.join(path.dirname(prism_package), 'dist/index.js');
  const child = spawn(process.execPath, [prism, 'mock', '-p', String(port), '-h', '127.0.0.1', path.join(repository_dir, specFile)], {
    cwd: conformance_dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  stops.push(() => stopChild(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`prism (${specFile}) exited (${child.exitCode}):\n${output}`);
      return /Prism is listening/.test(output) ? true : null;
    },
    mock_start_timeout_ms,
    () => `prism (${specFile}) did not start within ${mock_start_timeout_ms} ms:\n${output}`,
  );
  return baseUrl;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, stop_timeout_ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
