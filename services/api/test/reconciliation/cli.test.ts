// The reconciliation CLI as a real process (`ops-key create|revoke`, `recon sandbox-discrepancy`,
// `recon run --file`, `recon items`, `recon resolve`), against the test service's database; the
// key it prints works on the ops API, and stops working once revoked.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledCollection, succeeding_payer } from '../collections/helpers.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { opsClientFor } from './helpers.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli.ts');

describe('reconciliation from the CLI', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
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

  it('ops-key create prints a key that works on /ops/v1; revoke stops it; usage errors exit 2', async () => {
    const created = await run(['ops-key', 'create', '--name', 'CLI Operator', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout) as { operator_id: string; api_key: string };
    expect(out.api_key).toMatch(/^opk_[A-Za-z0-9]{48}$/);
    const client = opsClientFor(service, `Bearer ${out.api_key}`);
    expect((await client.GET('/reconciliation/runs', {})).response.status).toBe(200);
    const [row] = await service.sql<{ row_text: string }[]>`select k::text as row_text from operator_api_keys k where operator_id = ${out.operator_id}`;
    expect(row!.row_text).not.toContain(out.api_key.slice(4));
    expect((await run(['ops-key', 'revoke', out.api_key])).code).toBe(0);
    expect((await client.GET('/reconciliation/runs', {})).response.status).toBe(401);
    expect((await run(['ops-key', 'revoke', out.api_key])).code).toBe(1);
    expect((await run(['ops-key', 'create'])).code).toBe(2);
    expect((await run(['recon', 'run', '--provider', 'nope'])).code).toBe(2);
  }, 120_000);

  it('recon run --file streams a report from disk; items and resolve work on its exceptions', async () => {
    const operator = JSON.parse((await run(['ops-key', 'create', '--name', 'Resolver', '--json'])).stdout) as { operator_id: string };
    const c = await settledCollection(service, service.client, { amount: 4_200, currency: 'KES', rail: 'mobile_money', ...succeeding_payer.mobile_money });
    const injected = await run(['recon', 'sandbox-discrepancy', '--reference', c.provider_reference!, '--kind', 'amount', '--amount-delta=-200']);
    expect(injected.code, injected.stderr).toBe(0);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const report = await run(['recon', 'sandbox-report', '--from', from, '--to', to]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(`${c.provider_reference},collection,4000,KES,success,`);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recon-cli-')), 'report.csv');
    fs.writeFileSync(file, report.stdout);
    const ran = await run(['recon', 'run', '--provider', 'sandbox', '--from', from, '--to', to, '--file', file, '--format', 'sandbox_csv', '--operator', operator.operator_id]);
    expect(ran.code, ran.stderr).toBe(0);
    const runOut = JSON.parse(ran.stdout) as { id: string; counts: Record<string, number>; source: string };
    expect(runOut).toMatchObject({ source: 'upload', counts: { amount_mismatch: 1 } });
    const items = JSON.parse((await run(['recon', 'items', runOut.id, '--class', 'amount_mismatch'])).stdout) as { id: number; reference: string }[];
    expect(items.map((i) => i.reference)).toEqual([c.provider_reference]);
    const resolved = await run(['recon', 'resolve', runOut.id, String(items[0]!.id), '--operator', operator.operator_id, '--reason', 'Fee deducted by the provider.',
      '--correct', 'debit_wallet', '--amount', '200']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(JSON.parse(resolved.stdout)).toMatchObject({ resolution: { action: 'correct', operator_id: operator.operator_id, correction: { direction: 'debit_wallet', amount: 200 } } });
    const again = await run(['recon', 'resolve', runOut.id, String(items[0]!.id), '--operator', operator.operator_id, '--reason', 'again']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/resolved already/);
    const report2 = await service.runtime.ledger.checkInvariants();
    expect(report2.ok).toBe(true);
  }, 180_000);
});
