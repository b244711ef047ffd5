// A small tidy test (TigerBeetle's src/tidy.zig): rules about the code's shape that would
// otherwise live only in reviewers' heads (docs/architecture.md, CONTRIBUTING.md).
//   1. Layers: nothing under domain/, flows/ or idempotency/ imports http/ (they speak in
//      outcomes, domain/outcomes.ts; http/outcomes.ts maps them), and no domain/ file imports
//      flows/ (flows are above the domain), with the one exception noted below.
//   2. One write API: domain/ and flows/ never open a transaction themselves (`.begin(`);
//      db/write.ts picks between the one-statement commit and a transaction.
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

/** The src-relative targets of a file's relative imports (static, re-exports and dynamic). */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((match) => match[1] ?? match[2]!)
    .filter((specifier) => specifier.startsWith('.'));
  return specifiers.map((specifier) => path.relative(src, path.resolve(path.join(src, path.dirname(file)), specifier)));
}

function violations(dirs: string[], forbidden: (target: string) => boolean, allowed: Record<string, string[]> = {}): string[] {
  return dirs.flatMap((dir) => filesUnder(dir)).flatMap((file) =>
    importsOf(file, readFileSync(path.join(src, file), 'utf8'))
      .filter((target) => forbidden(target) && !(allowed[file] ?? []).includes(target))
      .map((target) => `${file} imports ${target}`));
}

const underHttp = (target: string) => target.startsWith(`http${path.sep}`);

describe('tidy: layers', () => {
  it('the import scanner finds static, type, re-export and dynamic imports (so the rules below can fail)', () => {
    const text = [
      "import { ApiError } from '../http/errors.ts';",
      "import type { Keyset } from '../http/pagination.ts';",
      "export { x } from '../http/outcomes.ts';",
      "const m = await import('../http/envelope.ts');",
      "import { write } from '../db/write.ts';",
    ].join('\n');
    expect(importsOf(path.join('domain', 'example.ts'), text).filter(underHttp)).toHaveLength(4);
  });

  it('no file under domain/, flows/ or idempotency/ imports http/', () => {
    expect(violations(['domain', 'flows', 'idempotency'], underHttp)).toEqual([]);
  });

  it('domain/ does not import flows/ (only the completer, which resumes flows, does; the run finisher that resumes every flow lives in jobs/)', () => {
    // The completer finishes abandoned runs of two flows, so it uses their operations; it belongs
    // with the background jobs (jobs/), where it moves with them.
    const completer = path.join('domain', 'collection-completer.ts');
    const allowed = { [completer]: [path.join('flows', 'create-collection.ts'), path.join('flows', 'pay-checkout-session.ts')] };
    expect(violations(['domain'], (target) => target.startsWith(`flows${path.sep}`), allowed)).toEqual([]);
  });
});

describe('tidy: one write API', () => {
  it('domain/ and flows/ commit through db/write.ts, never their own sql.begin', () => {
    const opening = ['domain', 'flows'].flatMap((dir) => filesUnder(dir))
      .filter((file) => /\.begin\(/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(opening).toEqual([]);
  });
});
