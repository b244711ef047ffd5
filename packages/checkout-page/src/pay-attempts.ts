// One Idempotency-Key per payment attempt, kept in sessionStorage so that nothing the payer or
// the network does can pay twice:
//   - a double click, or Pay pressed again after a lost answer, sends the same details and
//     therefore the same key: the API replays the first result instead of paying again;
//   - a reload (or a crash of the tab's page) while a pay is in flight finds the attempt here and
//     resends it with its key: the API answers with the original payment (waiting for it if it is
//     still running), never a second one.
// An attempt is forgotten once the API has answered it for certain: a payment (200), or a refusal
// that released the key (422 invalid details, 402, 403, 404): the next, corrected attempt gets a
// new key. It is kept after an answer that may hide an accepted payment (503 from a rail that
// timed out, a network error, a 5xx): pressing Pay again with the same details reuses its key.
import type { PayBody } from './rails.ts';

export type PayAttempt = { key: string; body: PayBody };

/**
 * A UUID v4. crypto.randomUUID exists only in secure contexts (https, localhost); a page opened
 * over plain http on a LAN during development still gets a random key from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function attemptStorageKey(sessionId: string): string {
  return `payagg.checkout.${sessionId}.attempt`;
}

/** Same rail and same payer field, compared field by field (key order does not matter). */
export function sameBody(a: PayBody, b: PayBody): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof PayBody>;
  for (const key of keys) if ((a[key] ?? null) !== (b[key] ?? null)) return false;
  return true;
}

export class PayAttempts {
  #memory: PayAttempt | null = null;
  readonly #storage: Storage | null;
  readonly #storageKey: string;
  readonly #newKey: () => string;

  constructor(sessionId: string, storage: Storage | null, newKey: () => string = newIdempotencyKey) {
    this.#storage = storage;
    this.#storageKey = attemptStorageKey(sessionId);
    this.#newKey = newKey;
  }

  /** The attempt still unanswered for certain, if any (survives a reload when storage works). */
  pending(): PayAttempt | null {
    if (this.#storage === null) return this.#memory;
    const raw = this.#storage.getItem(this.#storageKey);
    if (raw === null) return null;
    try {
      const parsed = JSON.parse(raw) as PayAttempt;
      return typeof parsed.key === 'string' && typeof parsed.body?.rail === 'string' ? parsed : null;
    } catch {
      return null;
    }
  }

  /**
   * The attempt to send `body` under: the pending one when it carries the same details (a retry),
   * else a new one with a fresh key. Stored BEFORE the request leaves, so a reload mid-flight
   * finds it.
   */
  begin(body: PayBody): PayAttempt {
    const pending = this.pending();
    if (pending !== null && sameBody(pending.body, body)) return pending;
    const attempt: PayAttempt = { key: this.#newKey(), body };
    this.#memory = attempt;
    this.#storage?.setItem(this.#storageKey, JSON.stringify(attempt));
    return attempt;
  }

  /** The API answered for certain: the next attempt gets a new key. */
  settle(): void {
    this.#memory = null;
    this.#storage?.removeItem(this.#storageKey);
  }
}
