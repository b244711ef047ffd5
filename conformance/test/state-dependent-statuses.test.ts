// Keeps the schemathesis configuration in step with the spec (issue 22 item 7, docs/decisions/0460):
// a status that depends on STATE (a wallet's balance, a resource's lifecycle) can answer a
// perfectly schema-valid request, so positive_data_acceptance must accept it on the operations
// that declare it, or a fuzzing seed that happens to reach it fails the run (ST202) while CI
// passes on a lucky one.
//   402 INSUFFICIENT_FUNDS is always state-dependent: every operation that declares it must
//       accept it in conformance/schemathesis.toml, schemathesis-partner.toml or schemathesis-ops.toml.
//   422 is declared on almost every operation for schema violations; only the operations audited
//       as having a 422 that depends on state accept it (stateful422 below, each explained in the
//       toml). A new entry there without one here, or the reverse, fails.
//   404 and 409 are accepted by schemathesis' default on every operation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repository_dir } from './support/paths.ts';

type Json = Record<string, any>;
type Family = 'merchant' | 'partner' | 'ops';

const configFile: Record<Family, string> = {
  merchant: 'conformance/schemathesis.toml', partner: 'conformance/schemathesis-partner.toml', ops: 'conformance/schemathesis-ops.toml',
};

// The audit's result: operations whose 422 a schema-valid request can get, depending on state.
const stateful422: Record<Family, string[]> = {
  merchant: ['createRefund', 'payCheckoutSession', 'createSandboxDispute', 'createPayout', 'createPayoutBatch', 'cancelPayout'],
  partner: ['createPartnerWallet'],
  // The operators' family: every state its positive cases need is made real by the hooks
  // (schemathesis_ops_hooks.py); none accepts 422.
  ops: [],
};

/** operationId -> statuses positive_data_acceptance accepts, from the toml's [[operations]] blocks. */
function acceptedStatuses(file: string): Map<string, string[]> {
  const text = readFileSync(path.join(repository_dir, file), 'utf8');
  const accepted = new Map<string, string[]>();
  for (const block of text.split('[[operations]]').slice(1)) {
    const id = /^include-operation-id = "([^"]+)"$/m.exec(block)?.[1];
    const statuses = /^checks\.positive_data_acceptance\.expected-statuses = \[([^\]]*)\]$/m.exec(block)?.[1];
    if (!id || statuses === undefined) continue;
    accepted.set(id, [...statuses.matchAll(/"([^"]+)"/g)].map((m) => m[1]!));
  }
  return accepted;
}

function declaredStatuses(family: Family): Map<string, string[]> {
  const spec = parse(readFileSync(path.join(repository_dir, `spec/${family}.yaml`), 'utf8')) as Json;
  const declared = new Map<string, string[]>();
  for (const item of Object.values(spec.paths as Json)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation) declared.set(operation.operationId as string, Object.keys(operation.responses as Json));
    }
  }
  return declared;
}

describe.each(['merchant', 'partner', 'ops'] as const)('%s: schemathesis accepts every state-dependent status the spec declares', (family) => {
  const declared = declaredStatuses(family);
  const accepted = acceptedStatuses(configFile[family]);

  it('every operation that declares 402 accepts it', () => {
    const missing = [...declared].filter(([id, codes]) => codes.includes('402') && !(accepted.get(id) ?? []).includes('402')).map(([id]) => id);
    expect(missing, `add 402 to these operations' expected-statuses in ${configFile[family]}`).toEqual([]);
  });

  it('422 is accepted exactly on the operations audited as state-dependent', () => {
    const accepting422 = [...accepted].filter(([, codes]) => codes.includes('422')).map(([id]) => id).sort();
    expect(accepting422).toEqual([...stateful422[family]].sort());
    for (const id of stateful422[family]) expect(declared.get(id), id).toContain('422');
  });

  it('every accepted list keeps the defaults (401, 403, 404, 409, 429) and names a real operation', () => {
    for (const [id, codes] of accepted) {
      expect(declared.has(id), `${id} is not an operation of spec/${family}.yaml`).toBe(true);
      for (const code of ['2xx', '401', '403', '404', '409', '429']) expect(codes, id).toContain(code);
    }
  });
});
