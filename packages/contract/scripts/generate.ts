// Generates src/merchant.ts and src/partner.ts from spec/ with openapi-typescript.
//
//   node scripts/generate.ts            write the files
//   node scripts/generate.ts --check    exit 1 (and name the files) when a file differs from what
//                                        the spec generates now; nothing is written
//
// The openapi-typescript Node API is used instead of its CLI so that our banner is part of the
// generated text: `openapi-typescript --check` would otherwise report every banner as drift.
// The output holds no timestamps or absolute paths, so it is byte-for-byte reproducible.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const package_dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repository_dir = path.resolve(package_dir, '../..');
// SPEC_DIR lets a developer try a spec elsewhere; CI and scripts/generate.sh use spec/.
const spec_dir = path.resolve(repository_dir, process.env.SPEC_DIR ?? 'spec');

const require = createRequire(import.meta.url);
const generator_version: string = require('openapi-typescript/package.json').version;

interface Target {
  spec_file: string;
  output_file: string;
}

const targets: Target[] = [
  { spec_file: 'merchant.yaml', output_file: 'src/merchant.ts' },
  { spec_file: 'partner.yaml', output_file: 'src/partner.ts' },
  { spec_file: 'ops.yaml', output_file: 'src/ops.ts' },
];

async function render(target: Target): Promise<string> {
  const spec_path = path.join(spec_dir, target.spec_file);
  const ast = await openapiTS(pathToFileURL(spec_path), {
    // Fail on a broken spec rather than emitting partial types.
    silent: true,
  });
  const banner = [
    '/**',
    ` * GENERATED from spec/${target.spec_file} by openapi-typescript ${generator_version} — do not edit.`,
    ' * Regenerate with `pnpm --filter @payagg/contract generate` (or scripts/generate.sh);',
    ' * CI fails when this file differs from what the spec generates.',
    ' */',
    '',
  ].join('\n');
  return banner + astToString(ast);
}

async function read_or_empty(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return '';
  }
}

const check_only = process.argv.includes('--check');
const drifted: string[] = [];
for (const target of targets) {
  const output_path = path.join(package_dir, target.output_file);
  const expected = await render(target);
  if (check_only) {
    if ((await read_or_empty(output_path)) !== expected) drifted.push(target.output_file);
  } else {
    await writeFile(output_path, expected);
    console.log(`generated packages/contract/${target.output_file} from spec/${target.spec_file}`);
  }
}
if (drifted.length > 0) {
  console.error(`stale generated types (run pnpm --filter @payagg/contract generate): ${drifted.join(', ')}`);
  process.exit(1);
}
