// An open-loop load generator: requests are sent at evenly spaced, scheduled times (a constant
// arrival rate, like wrk2), whatever the previous ones are doing, and each latency is measured
// from its SCHEDULED time, so a stalled client or server cannot hide its delay (no coordinated
// omission). autocannon's `overallRate` is not that: each connection sends its per-second quota
// back to back at the start of every second and then idles, so "500 requests/s" arrives as a
// burst of 500 and measures the latency of a burst, not of a steady rate.
import fs from 'node:fs';
import http from 'node:http';
import type { Measurement } from './measure.ts';

export type OpenLoopRequest = { method: string; path: string; headers: Record<string, string>; body?: string };

/** Timer granularity: requests due within this many ms are sent together. */
const tick_ms = 1;

export async function openLoop(options: {
  origin: string;
  ratePerS: number;
  durationS: number;
  /** Called at each scheduled time for the request to send then (a new body, a fresh signature). */
  next: () => OpenLoopRequest;
  /** Upper bound of sockets (keep-alive): enough that a slow phase does not queue in the client. */
  maxSockets?: number;
  /** Appends each request's scheduled time and latency here (to see WHEN the slow ones happen). */
  traceFile?: string;
}): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256 });
  const url = new URL(options.origin);
  const total = Math.round(options.ratePerS * options.durationS);
  const intervalMs = 1000 / options.ratePerS;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const trace: string[] = [];
  let started = 0;

  const send = (scheduledAt: number): Promise<void> => new Promise((resolve) => {
    const request = options.next();
    const req = http.request({
      host: url.hostname, port: url.port, method: request.method, path: request.path, headers: request.headers, agent,
    }, (res) => {
      res.resume();
      res.on('end', () => {
        const latency = performance.now() - scheduledAt;
        latencies.push(latency);
        if (options.traceFile) trace.push(`${(scheduledAt - started).toFixed(0)} ${latency.toFixed(1)}`);
        if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
    req.end(request.body);
  });

  started = performance.now();
  const startedAt = new Date().toISOString();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && started + sent * intervalMs <= now) {
      inFlight.push(send(started + sent * intervalMs));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, tick_ms));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  // A "# <origin> <wall-clock start>" line (to line the run up with other logs), one line per
  // request, "<scheduled ms since start> <latency ms>", then a "---" line per run.
  if (options.traceFile) fs.appendFileSync(options.traceFile, `# ${options.origin} ${startedAt}\n${trace.join('\n')}\n---\n`);

  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: latencies.length / elapsedS, p50_ms: at(0.5), p99_ms: at(0.99), non2xx, errors, total: latencies.length };
}
