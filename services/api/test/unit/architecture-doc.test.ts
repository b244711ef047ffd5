// docs/architecture.md stays true (issue 23): the folders its "Parts" block names are the folders
// of services/api/src and the packages of packages/, no more and no fewer, and every flow module
// (`<capability>/flows/*.ts`) is named in it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const doc = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
const parts = doc.slice(doc.indexOf('## Parts'), doc.indexOf('\n## ', doc.indexOf('## Parts') + 1));

const directoriesOf = (dir: string) => readdirSync(path.join(root, dir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules').map((entry) => entry.name).sort();

describe('docs/architecture.md', () => {
  it('names every folder of services/api/src, and only those', () => {
    const named = [...new Set([...parts.matchAll(/^\s+src\/([a-z-]+)\s/gm)].map((m) => m[1]!))].sort();
    expect(named.length).toBeGreaterThan(10);
    expect(named).toEqual(directoriesOf('services/api/src'));
  });

  it('names every package, and only those', () => {
    const named = [...new Set([...parts.matchAll(/packages\/([a-z-]+)/g)].map((m) => m[1]!))].sort();
    expect(named).toEqual(directoriesOf('packages'));
  });

  it('names every flow', () => {
    const src = path.join(root, 'services/api/src');
    const flows = directoriesOf('services/api/src')
      .flatMap((dir) => { try { return readdirSync(path.join(src, dir, 'flows')); } catch { return []; } })
      .filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect(flows.length).toBeGreaterThan(10);
    const missing = flows.filter((flow) => !new RegExp(`\\b${flow}\\b`).test(parts));
    expect(missing).toEqual([]);
  });
});
