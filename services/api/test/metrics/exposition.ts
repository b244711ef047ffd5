// Scraping a metrics listener over real HTTP and reading Prometheus' text format back: the samples
// as name, labels and value, and the sum of the samples matching a name and some labels.

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** One sample line: `name{label="value",...} number` (label values escape \\, \" and \n). */
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(labelPair)) labels[pair[1]!] = pair[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

export type Scrape = { text: string; samples: Sample[]; contentType: string | null };

export async function scrape(port: number): Promise<Scrape> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  const text = await response.text();
  return { text, samples: parseExposition(text), contentType: response.headers.get('content-type') };
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): Sample[] {
  return scraped.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of those samples (0 when there is none: a counter not incremented yet). */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return samplesOf(scraped, name, labels).reduce((sum, s) => sum + s.value, 0);
}

/** A UUID anywhere: an id must never be a label value. */
export const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
