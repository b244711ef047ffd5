// Prints the functions with the most self time in a V8 CPU profile (node --cpu-prof output):
//   node bench/support/profile-summary.ts <file.cpuprofile> [top=25]
// Used to find the top costs of a benchmark run (BENCH_PROFILE_DIR=dir make bench-collections).
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/support/profile-summary.ts <file.cpuprofile> [top]\n');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
  return `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
};
const bucket = (n: Node) => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)';
  const m = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(services|packages)\/[^/]+\/src\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
};

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + us);
  byPackage.set(bucket(n), (byPackage.get(bucket(n)) ?? 0) + us);
}
const print = (title: string, map: Map<string, number>) => {
  process.stdout.write(`${title}\n`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}\n`);
  }
};
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n`);
print('self time by function:', byFunction);
print('self time by module or package:', byPackage);
