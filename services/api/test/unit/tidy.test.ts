// A small tidy test (TigerBeetle's src/tidy.zig): rules about the code's shape that would
// otherwise live only in reviewers' heads (docs/architecture.md, CONTRIBUTING.md). Import rules
// (layers, cycles, packages) are dependency-cruiser's, in .dependency-cruiser.cjs (`make lint-deps`).
//   One write API: domain/ and flows/ never open a transaction themselves (`.begin(`);
//   db/write.ts picks between the one-statement commit and a transaction.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
}

describe('tidy: one write API', () => {
  it('domain/ and flows/ commit through db/write.ts, never their own sql.begin', () => {
    const opening = ['domain', 'flows'].flatMap((dir) => filesUnder(dir))
      .filter((file) => /\.begin\(/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(opening).toEqual([]);
  });
});
