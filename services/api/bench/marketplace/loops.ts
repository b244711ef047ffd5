// Load shapes for whole payments (chain.ts): a closed loop (`concurrency` payments in flight, each
// followed by the next as soon as its last event is received: the rate at saturation), and an open
// loop (payments started at evenly spaced, scheduled times whatever the earlier ones are doing,
// each one's latency counted from its scheduled start: no coordinated omission, as
// support/open-loop.ts does for single requests).
import type { Chain, Done } from './chain.ts';

export type Distribution = { p50: number; p99: number; count: number };
export type LoopResult = { rate: number; completed: number; failed: number; endToEndMs: Distribution; settlementLagMs: Distribution; deliveryLagMs: Distribution; firstError: string | null };

const wallNow = () => performance.timeOrigin + performance.now();

export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

function summarize(done: Done[], failed: number, seconds: number, firstError: string | null): LoopResult {
  return {
    rate: done.length / seconds, completed: done.length, failed, firstError,
    endToEndMs: distribution(done.map((d) => d.endedAtMs - d.startedAtMs)),
    settlementLagMs: distribution(done.map((d) => d.settlementLagMs)),
    deliveryLagMs: distribution(done.flatMap((d) => d.deliveryLagsMs)),
  };
}

/**
 * `concurrency` payments in flight for warmupS + durationS; counted: the payments that END inside
 * the measured window (after the warm-up), over its length. Waits for those in flight at the end.
 */
export async function closedLoop(chain: Chain, concurrency: number, durationS: number, warmupS: number, drainTimeoutMs: number): Promise<LoopResult> {
  const measureFrom = wallNow() + warmupS * 1000;
  const measureTo = measureFrom + durationS * 1000;
  const done: Done[] = [];
  let failed = 0;
  let firstError: string | null = null;
  const user = async () => {
    while (wallNow() < measureTo) {
      try {
        const d = await chain.run(wallNow());
        if (d.endedAtMs >= measureFrom && d.endedAtMs < measureTo) done.push(d);
      } catch (error) {
        failed += 1;
        firstError ??= String(error);
      }
    }
  };
  await withDrainTimeout(Promise.all(Array.from({ length: concurrency }, user)), drainTimeoutMs);
  return summarize(done, failed, durationS, firstError);
}

/** Payments started at `ratePerS` for durationS (scheduled, not paced by answers); waits for all of them. */
export async function openLoop(chain: Chain, ratePerS: number, durationS: number, drainTimeoutMs: number, onTick?: () => void): Promise<LoopResult> {
  const total = Math.round(ratePerS * durationS);
  const intervalMs = 1000 / ratePerS;
  const started = wallNow();
  const done: Done[] = [];
  let failed = 0;
  let firstError: string | null = null;
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  while (sent < total) {
    const now = wallNow();
    while (sent < total && started + sent * intervalMs <= now) {
      inFlight.push(chain.run(started + sent * intervalMs).then((d) => void done.push(d), (error: unknown) => {
        failed += 1;
        firstError ??= String(error);
      }));
      sent += 1;
    }
    onTick?.();
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await withDrainTimeout(Promise.all(inFlight), drainTimeoutMs);
  const seconds = (Math.max(...done.map((d) => d.endedAtMs), started + durationS * 1000) - started) / 1000;
  return summarize(done, failed + (total - done.length - failed), seconds, firstError);
}

async function withDrainTimeout(work: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
  clearTimeout(timer);
}
