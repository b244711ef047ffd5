// Builds the hosted checkout page into dist/, the folder the API serves under /checkout:
//   dist/index.html               the page (names its assets)
//   dist/assets/app-<hash>.js     src/main.ts and what it imports (the SDK's checkout client,
//                                 openapi-fetch, uqr), bundled and minified by esbuild
//   dist/assets/app-<hash>.css    src/styles.css, minified
//   dist/page-weight.json         bytes of each file, raw and gzipped, and the total
// Content-hashed names let the service cache assets for good. The build fails when the page
// weighs more than pageWeightMaxBytes: a slow phone on a slow network must stay fast.
//
//   node scripts/build.ts        (pnpm --filter @payagg/checkout-page build; make install runs it)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

/** Everything a first visit downloads (HTML, script, style), uncompressed. */
export const pageWeightMaxBytes = 100 * 1024;

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(packageDir, 'src');
const distDir = path.join(packageDir, 'dist');
const assetsDir = path.join(distDir, 'assets');

function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

async function bundle(entry: string, loader: 'ts' | 'css'): Promise<Uint8Array> {
  const result = await esbuild.build({
    entryPoints: [path.join(sourceDir, entry)],
    bundle: true,
    minify: true,
    write: false,
    format: loader === 'ts' ? 'esm' : undefined,
    platform: 'browser',
    // Phones a few years old: Chrome/Android WebView, Safari/iOS 15+, Samsung Internet.
    target: ['chrome100', 'safari15', 'firefox100'],
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    // The page never needs Node's modules; an accidental import must fail the build.
    external: [],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.contents;
}

export type PageWeight = { files: { name: string; bytes: number; gzip_bytes: number }[]; total_bytes: number; total_gzip_bytes: number; max_bytes: number };

export async function buildPage(): Promise<PageWeight> {
  const script = await bundle('main.ts', 'ts');
  const style = await bundle('styles.css', 'css');
  const scriptName = `app-${contentHash(script)}.js`;
  const styleName = `app-${contentHash(style)}.css`;
  const html = fs.readFileSync(path.join(sourceDir, 'index.html'), 'utf8')
    .replace('{{SCRIPT}}', scriptName)
    .replace('{{STYLE}}', styleName);

  fs.rmSync(distDir, { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });
  fs.writeFileSync(path.join(assetsDir, scriptName), script);
  fs.writeFileSync(path.join(assetsDir, styleName), style);
  fs.writeFileSync(path.join(distDir, 'index.html'), html);

  const files = [
    { name: 'index.html', bytes: Buffer.from(html) },
    { name: `assets/${scriptName}`, bytes: Buffer.from(script) },
    { name: `assets/${styleName}`, bytes: Buffer.from(style) },
  ].map(({ name, bytes }) => ({ name, bytes: bytes.length, gzip_bytes: gzipSync(bytes, { level: 9 }).length }));
  const weight: PageWeight = {
    files,
    total_bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    total_gzip_bytes: files.reduce((sum, f) => sum + f.gzip_bytes, 0),
    max_bytes: pageWeightMaxBytes,
  };
  fs.writeFileSync(path.join(distDir, 'page-weight.json'), `${JSON.stringify(weight, null, 2)}\n`);
  if (weight.total_bytes > pageWeightMaxBytes) {
    throw new Error(`the checkout page weighs ${weight.total_bytes} bytes, over its budget of ${pageWeightMaxBytes}`);
  }
  return weight;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const weight = await buildPage();
  for (const file of weight.files) console.log(`  ${file.name.padEnd(32)} ${String(file.bytes).padStart(7)} B  (gzip ${file.gzip_bytes} B)`);
  console.log(`checkout page built into dist/: ${weight.total_bytes} B in all (gzip ${weight.total_gzip_bytes} B; budget ${weight.max_bytes} B)`);
}
