// Starts ONE embedded PostgreSQL for the test run (or uses TEST_DATABASE_URL, a URL to a server
// where the test user may CREATE DATABASE). Test files create their own databases in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEmbeddedCluster } from '../src/db/embedded.ts';
import { createLogger } from '../src/log.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-test-pg-'));
  const cluster = await openEmbeddedCluster({
    dataDir,
    logger: createLogger('warn'),
    // Durability is irrelevant for throwaway test data; these make it much faster.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  project.provide('adminDatabaseUrl', cluster.adminUrl);
  return async () => {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
