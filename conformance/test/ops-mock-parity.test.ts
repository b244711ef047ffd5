// The operators' API (spec/ops.yaml) mocked by Prism, as test/mock-parity.test.ts does for the
// merchant API: the same calls against the Prism mock (which answers with the spec's own examples)
// and against the real server's /ops/v1. Both answers must match the spec's schema for their
// status, with the same status and the same shape, so the examples stay valid and realistic.
// The real server's operator key is made as an operator makes one (`./payagg ops-key create`),
// or taken from PAYAGG_OPS_API_KEY for a given server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from './support/cli.ts';
import { repository_dir } from './support/paths.ts';

type Json = Record<string, any>;
type Target = { name: 'mock' | 'real'; baseUrl: string; key: string; ids: { run?: string } };
type Step = { operationId: string; method: 'GET' | 'POST'; path: (ids: Target['ids']) => string; body?: Json; keep?: (data: any, ids: Target['ids']) => void };

const opsSpec = parse(readFileSync(path.join(repository_dir, 'spec/ops.yaml'), 'utf8')) as Json;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ ...opsSpec, $id: 'ops.yaml' });

/** The JSON pointer of the schema of `operationId`'s `status` answer, through a components/responses $ref. */
function pointerOf(operationId: string, status: number): string {
  for (const [route, item] of Object.entries(opsSpec.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if ((operation as Json).operationId !== operationId) continue;
      const response = (operation as Json).responses[String(status)] as Json | undefined;
      if (!response) throw new Error(`${operationId} does not document ${status}`);
      const pointer = typeof response.$ref === 'string' ? response.$ref.slice(1) : `/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
      return `${pointer}/content/application~1json/schema`;
    }
  }
  throw new Error(`no operation ${operationId} in spec/ops.yaml`);
}

function expectSchema(operationId: string, status: number, body: unknown, who: string): void {
  const validate = ajv.getSchema(`ops.yaml#${pointerOf(operationId, status)}`)!;
  expect(validate(body), `${who} ${operationId} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** Differences in structure (keys and value types); null on either side is not compared. */
function shapeDifferences(real: unknown, mock: unknown, at = '$'): string[] {
  if (real === null || mock === null || real === undefined || mock === undefined) return [];
  if (Array.isArray(real) || Array.isArray(mock)) {
    if (!Array.isArray(real) || !Array.isArray(mock)) return [`${at}: array on one side only`];
    return real.length > 0 && mock.length > 0 ? shapeDifferences(real[0], mock[0], `${at}[0]`) : [];
  }
  if (typeof real !== typeof mock) return [`${at}: ${typeof real} (real) vs ${typeof mock} (mock)`];
  if (typeof real !== 'object') return [];
  const realKeys = Object.keys(real as object);
  const mockKeys = Object.keys(mock as object);
  return [
    ...realKeys.filter((key) => !mockKeys.includes(key)).map((key) => `${at}.${key}: only in the real answer`),
    ...mockKeys.filter((key) => !realKeys.includes(key)).map((key) => `${at}.${key}: only in the mock (spec example)`),
    ...realKeys.filter((key) => mockKeys.includes(key)).flatMap((key) => shapeDifferences((real as Json)[key], (mock as Json)[key], `${at}.${key}`)),
  ];
}

const hourMs = 3_600_000;
const steps: Step[] = [
  {
    operationId: 'createReconciliationRun', method: 'POST', path: () => '/reconciliation/runs',
    // The sandbox's own report of the last hour: a run the real server completes whatever it holds.
    body: { provider: 'sandbox', period_start: new Date(Date.now() - hourMs).toISOString(), period_end: new Date(Date.now() + hourMs).toISOString(), source: { type: 'provider_api' } },
    keep: (data, ids) => (ids.run = data.id),
  },
  { operationId: 'listReconciliationRuns', method: 'GET', path: () => '/reconciliation/runs?limit=10' },
  { operationId: 'getReconciliationRun', method: 'GET', path: (ids) => `/reconciliation/runs/${ids.run}` },
  { operationId: 'listReconciliationItems', method: 'GET', path: (ids) => `/reconciliation/runs/${ids.run}/items?limit=10` },
];

async function call(target: Target, step: Step): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${target.key}` };
  if (step.body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${target.baseUrl}${step.path(target.ids)}`, { method: step.method, headers, body: step.body ? JSON.stringify(step.body) : undefined });
  return { status: response.status, body: (await response.json()) as Json };
}

const server = inject('server');

describe('the operators\' API against its Prism mock and the real server', () => {
  // Prism checks only that the bearer credential is there; its answers are the spec's examples.
  const mock: Target = { name: 'mock', baseUrl: inject('opsMockBaseUrl'), key: 'opk_mock', ids: {} };
  let real: Target | null = null;

  beforeAll(async () => {
    let key = process.env.PAYAGG_OPS_API_KEY ?? null;
    if (key === null && server.dataDir !== null) {
      key = (JSON.parse(await runCli({ dataDir: server.dataDir }, ['ops-key', 'create', '--name', 'Mock Parity Operator', '--json'])) as { api_key: string }).api_key;
    }
    if (key !== null) real = { name: 'real', baseUrl: `${new URL(server.baseUrl).origin}/ops/v1`, key, ids: {} };
  });

  for (const step of steps) {
    it(`${step.operationId}: the mock answers the spec's example, the real server the same status and shape`, async () => {
      const mocked = await call(mock, step);
      expect(mocked.status, JSON.stringify(mocked.body).slice(0, 500)).toBe(200);
      expectSchema(step.operationId, 200, mocked.body, 'mock');
      step.keep?.(mocked.body.data, mock.ids);
      expect(real, 'no operator key for the real server: set PAYAGG_OPS_API_KEY or PAYAGG_DATA_DIR').not.toBeNull();
      const answered = await call(real!, step);
      expect(answered.status, JSON.stringify(answered.body).slice(0, 500)).toBe(200);
      expectSchema(step.operationId, 200, answered.body, 'real');
      step.keep?.(answered.body.data, real!.ids);
      expect(shapeDifferences(answered.body, mocked.body)).toEqual([]);
    });
  }

  it('the mock refuses a request without the operator key, as the real server does (401 in the envelope)', async () => {
    const step = steps[1]!;
    for (const target of [mock, real!]) {
      const response = await fetch(`${target.baseUrl}${step.path(target.ids)}`);
      expect(response.status, target.name).toBe(401);
    }
    const refused = await fetch(`${real!.baseUrl}/reconciliation/runs`);
    expectSchema('listReconciliationRuns', 401, await refused.json(), 'real');
  });
});
