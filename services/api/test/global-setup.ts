// Starts ONE embedded PostgreSQL for the test run (or uses TEST_DATABASE_URL, a URL to a server
// where the test user may CREATE DATABASE). Test files create their own databases in it, as
// copies of a template database migrated once here (our migrations and the job queue's schema):
// a copy is one file-level clone, where migrating each file's database cost a few hundred
// milliseconds of two shared cores per file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.ts';
import { createPool } from '../src/db/index.ts';
import { openEmbeddedCluster } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { PostgresEngine } from '@payagg/ledger';
import { migrateJobQueue } from '../src/jobs/schema.ts';
import { createLogger } from '../src/log.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A migrated database that createTestDatabase copies (CREATE DATABASE ... TEMPLATE). */
    templateDatabaseName: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    const dropTemplate = await createTemplateDatabase(project, process.env.TEST_DATABASE_URL);
    return dropTemplate;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-test-pg-'));
  const cluster = await openEmbeddedCluster({
    dataDir,
    logger: createLogger('warn'),
    // Durability is irrelevant for throwaway test data; these make it much faster.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  project.provide('adminDatabaseUrl', cluster.adminUrl);
  await createTemplateDatabase(project, cluster.adminUrl);
  return async () => {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Creates and migrates the template database; returns what drops it. */
async function createTemplateDatabase(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const logger = createLogger('warn');
  const sql = createPool(url.toString(), 1);
  try {
    await migrate(sql, loadConfig({}).migrationsDir, logger);
    // The ledger's tables too: processes no longer create them at start (decision 0512).
    await new PostgresEngine({ sql }).migrate();
  } finally {
    // A template must have no connection left when it is copied.
    await sql.end();
  }
  await migrateJobQueue(url.toString(), logger);
  project.provide('templateDatabaseName', name);
  return async () => {
    const cleanup = createPool(adminUrl, 1);
    await cleanup.unsafe(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
