// Watching a payment settle: the page re-reads the session (GET /checkout-sessions/{id}, whose
// `payment` follows the collection) until the payment is final. Polling is bounded: quick at
// first (most rails answer within seconds), slower after, and it stops after
// pollDurationMaxMs with a "still waiting" screen and a button to look again. The API's
// webhook to the merchant, not this page, is what the order relies on.

export const pollFastIntervalMs = 2_000;
/** How long the quick interval lasts before the slow one. */
export const pollFastPhaseMs = 120_000;
export const pollSlowIntervalMs = 5_000;
/** After this, the page stops asking until the payer presses "Check again". */
export const pollDurationMaxMs = 10 * 60_000;

/** The wait before the next read, `elapsedMs` after the watch began; null: stop. */
export function nextPollDelayMs(elapsedMs: number): number | null {
  if (elapsedMs >= pollDurationMaxMs) return null;
  return elapsedMs < pollFastPhaseMs ? pollFastIntervalMs : pollSlowIntervalMs;
}

export type PollAnswer = 'stop' | 'continue' | { retryAfterMs: number };

/**
 * Calls `poll` on the schedule above until it answers 'stop' (or `cancel()` is called), then
 * `onGiveUp` when the time runs out. A 429's Retry-After replaces one wait.
 */
export function startPolling(poll: () => Promise<PollAnswer>, onGiveUp: () => void, now: () => number = Date.now): { cancel(): void } {
  const started = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const schedule = (delayMs: number | null) => {
    if (cancelled) return;
    if (delayMs === null) return onGiveUp();
    timer = setTimeout(async () => {
      if (cancelled) return;
      const answer = await poll().catch((): PollAnswer => 'continue');
      if (cancelled || answer === 'stop') return;
      const next = nextPollDelayMs(now() - started);
      schedule(typeof answer === 'object' && next !== null ? Math.max(next, answer.retryAfterMs) : next);
    }, delayMs);
  };
  schedule(nextPollDelayMs(0));
  return {
    cancel() {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
