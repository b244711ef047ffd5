// `./payagg verify-ledger` spawned as a real process against the test database, and the
// scheduled job's pass: clean exits 0 (text and JSON), a tampered row exits 1 naming it; the job
// logs each violation and sets payagg_ledger_violations{check}. PostgreSQL engine (the CLI opens
// the engine the environment configures; TigerBeetle runs would need TB_ADDRESSES passed on).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerVerifyJob } from '../../src/ledger-verification/jobs/verify-ledger.ts';
import { processRegistry } from '../../src/metrics/registry.ts';
import { settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli.ts');
const onPostgres = !process.env.TEST_LEDGER_ENGINE || process.env.TEST_LEDGER_ENGINE === 'postgres';

let service: TestService;
let collectionId: string;
beforeAll(async () => {
  service = await startTestService();
  collectionId = (await settledCollection(service, service.client, { amount: 12_345, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money })).id;
});

afterAll(async () => {
  await service?.close();
});

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args],
      { env: { PATH: process.env.PATH ?? '', DATABASE_URL: service.databaseUrl, MASTER_KEY: service.masterKeyHex }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

async function violationsGauge(): Promise<Record<string, number>> {
  const metric = await processRegistry.getSingleMetric('payagg_ledger_violations')!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.check), v.value]));
}

describe.runIf(onPostgres)('verify-ledger', () => {
  it('a clean system: exit 0, text and JSON reports', async () => {
    const text = await run(['verify-ledger']);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^OK: 0 violation\(s\); checked 1 currency ledger\(s\), 1 wallet\(s\), 1 transaction\(s\)/);
    const json = await run(['verify-ledger', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, engine: 'postgres', violations: [], checked: { wallets: 1, transactions: 1 } });
  });

  it('a tampered row: exit 1, the violation named in the text and the JSON report', async () => {
    await service.sql`update transactions set status = 'pending' where id = ${collectionId}`;
    try {
      const text = await run(['verify-ledger']);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`VIOLATION collection_transfers collection ${collectionId}: a pending collection has settlement transfers in the ledger`);
      expect(text.stdout).toMatch(/^FAILED: 1 violation\(s\)/m);
      expect(text.stderr).toBe('error: 1 ledger violation(s)\n');
      const json = await run(['verify-ledger', '--json']);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout).violations).toEqual([expect.objectContaining({ check: 'collection_transfers', subject: { kind: 'collection', id: collectionId } })]);
    } finally {
      await service.sql`update transactions set status = 'success' where id = ${collectionId}`;
    }
  });

  it('a usage error: exit 2', async () => {
    const { code, stderr } = await run(['verify-ledger', 'everything']);
    expect(code).toBe(2);
    expect(stderr).toContain('unexpected argument "everything"');
  });

  it('the scheduled job: logs each violation and counts it by check; a clean run sets it back to none', async () => {
    const context = { deps: service.runtime.jobDeps, job: { id: '1', attempt: 1, attemptsMax: 1 } } as unknown as Parameters<typeof ledgerVerifyJob.run>[1];
    await service.sql`update transactions set status = 'failed' where id = ${collectionId}`;
    try {
      await ledgerVerifyJob.run({}, context);
    } finally {
      await service.sql`update transactions set status = 'success' where id = ${collectionId}`;
    }
    expect(await violationsGauge()).toEqual({ collection_transfers: 1 });
    expect(service.logs).toContainEqual(expect.objectContaining({ msg: 'ledger violation', check: 'collection_transfers', subject: { kind: 'collection', id: collectionId } }));
    await ledgerVerifyJob.run({}, context);
    expect(await violationsGauge()).toEqual({});
  });
});
