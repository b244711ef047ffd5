// Measurement helpers shared by the benchmarks: autocannon runs with a warm-up, and the median of
// alternating rounds (the machine is shared, so a burst of outside load must not decide a ratio).
import os from 'node:os';
import autocannon from 'autocannon';

export type Measurement = { rps: number; p50_ms: number; p99_ms: number; non2xx: number; errors: number; total: number };

export function toMeasurement(result: autocannon.Result): Measurement {
  return {
    rps: result.requests.average,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** One warm-up run (discarded) and one measured run with the same options. */
export async function measure(options: autocannon.Options, duration_s: number, warmup_s: number): Promise<Measurement> {
  if (warmup_s > 0) await autocannon({ ...options, duration: warmup_s });
  return toMeasurement(await autocannon({ ...options, duration: duration_s }));
}

/** The round with the median rate; failures are summed over all rounds. */
export function median(values: Measurement[]): Measurement {
  const sorted = [...values].sort((a, b) => a.rps - b.rps);
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    non2xx: values.reduce((n, v) => n + v.non2xx, 0),
    errors: values.reduce((n, v) => n + v.errors, 0),
  };
}

export function machineLine(): string {
  return `${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]!.toFixed(1)}, node ${process.version}`;
}

/** The rates of rounds, in order, for the report: "25012, 24870, 26103". */
export function rates(runs: Measurement[]): string {
  return runs.map((m) => m.rps.toFixed(0)).join(', ');
}
