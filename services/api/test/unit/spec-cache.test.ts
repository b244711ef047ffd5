// The parsed spec kept as JSON under the YAML's digest (src/spec/load-spec.ts readSpecDocument):
// the same document as parsing the YAML, for each of the three specs; a damaged cache file is
// parsed around and replaced; an edited spec is read afresh, never from the old entry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpecDocument, specCacheFile } from '../../src/spec/load-spec.ts';

const specDir = path.join(path.dirname(new URL(import.meta.url).pathname), '../../../../spec');
// A copy of spec/ in a folder of the test's own, so its cache goes there and not to the checkout's.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-spec-cache-'));
fs.mkdirSync(path.join(root, 'spec'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function copy(name: string): string {
  const file = path.join(root, 'spec', name);
  fs.copyFileSync(path.join(specDir, name), file);
  return file;
}

describe('readSpecDocument', () => {
  for (const name of ['merchant.yaml', 'partner.yaml', 'ops.yaml']) {
    it(`gives ${name}'s document as the YAML parse does, first parsed, then from the cache`, () => {
      const file = copy(name);
      const text = fs.readFileSync(file, 'utf8');
      const expected = parse(text) as Record<string, unknown>;
      const cacheFile = specCacheFile(file, text);
      expect(cacheFile.startsWith(path.join(root, 'node_modules', '.cache', 'payagg-spec'))).toBe(true);
      expect(fs.existsSync(cacheFile)).toBe(false);
      expect(readSpecDocument(file)).toEqual(expected);
      expect(fs.existsSync(cacheFile)).toBe(true);
      expect(JSON.parse(fs.readFileSync(cacheFile, 'utf8'))).toEqual(expected);
      expect(readSpecDocument(file)).toEqual(expected);
      // No temporary file is left behind.
      expect(fs.readdirSync(path.dirname(cacheFile)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  }

  it('parses around a damaged cache file and replaces it', () => {
    const file = copy('partner.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const cacheFile = specCacheFile(file, text);
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, '{"openapi": "3.1.0", "paths": {'); // cut off mid-write
    expect(readSpecDocument(file)).toEqual(parse(text));
    expect(JSON.parse(fs.readFileSync(cacheFile, 'utf8'))).toEqual(parse(text));
  });

  it('reads an edited spec afresh: the old entry is never served for new text', () => {
    const file = copy('ops.yaml');
    const before = readSpecDocument(file);
    const edited = fs.readFileSync(file, 'utf8').replace(/^info:\n  title: .*$/m, 'info:\n  title: Edited for the test');
    expect(edited).toContain('Edited for the test');
    fs.writeFileSync(file, edited);
    const after = readSpecDocument(file);
    expect((after.info as { title: string }).title).toBe('Edited for the test');
    expect((before.info as { title: string }).title).not.toBe('Edited for the test');
    expect(specCacheFile(file, edited)).not.toBe(specCacheFile(file, fs.readFileSync(path.join(specDir, 'ops.yaml'), 'utf8')));
  });
});
