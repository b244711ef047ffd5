// The import rules (.dependency-cruiser.cjs, decision 0600) hold for the repository, and each one
// can fail: a throw-away tree that breaks it is refused by the same command `make lint-deps` runs.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');

/** Runs the rules over `dirs` of `cwd`; the violated rules' names, sorted, or [] when it passes. */
async function violatedRules(cwd: string, dirs: string[]): Promise<string[]> {
  try {
    // No colour: with CI=true its reporter colours the output (supports-color), which the parse below would miss.
    await run(depcruise, ['--config', config, ...dirs, '--output-type', 'err'], { cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    return [];
  } catch (error) {
    const { stdout = '', code } = error as { stdout?: string; code?: number };
    if (code !== 1 && !/error\s/.test(stdout.replace(/\x1b\[[0-9;]*m/g, ''))) throw error;
    const plain = stdout.replace(/\x1b\[[0-9;]*m/g, '');
    return [...new Set([...plain.matchAll(/^\s+error ([\w-]+):/gm)].map((m) => m[1]!))].sort();
  }
}

const fixtures: string[] = [];
afterAll(() => { for (const dir of fixtures) rmSync(dir, { recursive: true, force: true }); });

/** A tree of files (path -> text) in a fresh directory, with the tsconfig the rules read. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'payagg-import-rules-'));
  fixtures.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('import rules (dependency-cruiser)', () => {
  it('the repository keeps every rule', async () => {
    expect(await violatedRules(root, ['services', 'packages', 'conformance', 'scripts'])).toEqual([]);
  }, 60_000);

  it.each([
    ['no-circular', {
      'services/api/src/db/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'services/api/src/db/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    }],
    ['no-circular', { // through a type-only import too
      'services/api/src/db/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'services/api/src/db/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
    }],
    ['ledger-knows-no-service', {
      'packages/ledger/src/index.ts': "import { c } from '../../../services/api/src/config.ts';\nexport const x = c;\n",
      'services/api/src/config.ts': 'export const c = 1;\n',
    }],
    ['shared-machinery-imports-no-capability', {
      'services/api/src/http/app.ts': "import { p } from '../payouts/payouts.ts';\nexport const app = p;\n",
      'services/api/src/payouts/payouts.ts': 'export const p = 1;\n',
    }],
    ['kernel-imports-no-capability', {
      'services/api/src/domain/outcomes.ts': "import { p } from '../payouts/payouts.ts';\nexport const o = p;\n",
      'services/api/src/payouts/payouts.ts': 'export const p = 1;\n',
    }],
    ['domain-speaks-in-outcomes', {
      'services/api/src/payouts/payouts.ts': "import { e } from '../http/errors.ts';\nexport const p = e;\n",
      'services/api/src/http/errors.ts': 'export const e = 1;\n',
    }],
    ['domain-below-flows', {
      'services/api/src/payouts/payouts.ts': "import { f } from './flows/create-payout.ts';\nexport const p = f;\n",
      'services/api/src/payouts/flows/create-payout.ts': 'export const f = 1;\n',
    }],
    ['capabilities-meet-through-their-index', {
      'services/api/src/payouts/payouts.ts': "import { w } from '../wallets/wallets.ts';\nexport const p = w;\n",
      'services/api/src/wallets/wallets.ts': 'export const w = 1;\n',
      'services/api/src/wallets/index.ts': "export { w } from './wallets.ts';\n",
    }],
  ] as const)('%s refuses a tree that breaks it', async (rule, files) => {
    expect(await violatedRules(tree(files), ['services', 'packages'].filter((dir) => Object.keys(files).some((f) => f.startsWith(dir))))).toContain(rule);
  }, 60_000);

  it('a capability used through its index passes', async () => {
    expect(await violatedRules(tree({
      'services/api/src/payouts/payouts.ts': "import { w } from '../wallets/index.ts';\nexport const p = w;\n",
      'services/api/src/wallets/wallets.ts': 'export const w = 1;\n',
      'services/api/src/wallets/index.ts': "export { w } from './wallets.ts';\n",
    }), ['services'])).toEqual([]);
  }, 60_000);
});
