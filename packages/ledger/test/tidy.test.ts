// A small tidy check in the spirit of TigerBeetle's src/tidy.zig: money code never touches
// floats, and no FIXME is left behind.

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const source_dir = path.join(import.meta.dirname, '..', 'src');
const banned: ReadonlyArray<[RegExp, string]> = [
  [/\bparseFloat\s*\(/, 'parseFloat'],
  [/\bNumber\.parseFloat\b/, 'Number.parseFloat'],
  [/\.toFixed\s*\(/, 'toFixed'],
  [/\bMath\.(round|floor|ceil|trunc)\s*\(/, 'Math rounding'],
  [/\bFIXME\b/, 'FIXME'],
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []);
}

test('src/ uses no float arithmetic helpers and leaves no FIXME', () => {
  const findings: string[] = [];
  for (const file of files(source_dir)) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const [pattern, name] of banned) {
        if (pattern.test(line)) findings.push(`${path.relative(source_dir, file)}:${i + 1}: ${name}`);
      }
    });
  }
  expect(findings).toEqual([]);
});
