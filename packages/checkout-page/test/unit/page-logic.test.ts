// The page's small pure parts: reading its own link, where the API is, where a challenge
// returns the payer, what a pay request carries, keys per attempt, and how long it watches.
import { describe, expect, it } from 'vitest';
import { apiBaseUrl, withReturnTo } from '../../src/checkout-app.ts';
import { newIdempotencyKey, PayAttempts, sameBody } from '../../src/pay-attempts.ts';
import { payBody, rails } from '../../src/rails.ts';
import { sessionIdFromPath, tokenFromFragment } from '../../src/session-link.ts';
import { nextPollDelayMs, pollDurationMaxMs, pollFastIntervalMs, pollFastPhaseMs, pollSlowIntervalMs } from '../../src/status-watch.ts';

const id = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const token = 'cst_9QmV3x7Lk2pR8sT1uW4yZ6bN0cD5fG_-abcdefghijk';

/** The Web Storage interface over a Map (Node has no sessionStorage). */
class MapStorage implements Storage {
  #items = new Map<string, string>();
  get length() { return this.#items.size; }
  clear() { this.#items.clear(); }
  getItem(key: string) { return this.#items.get(key) ?? null; }
  key(index: number) { return [...this.#items.keys()][index] ?? null; }
  removeItem(key: string) { this.#items.delete(key); }
  setItem(key: string, value: string) { this.#items.set(key, String(value)); }
}

describe('the link', () => {
  it('takes the session id from the last path segment, behind any prefix', () => {
    expect(sessionIdFromPath(`/checkout/${id}`)).toBe(id);
    expect(sessionIdFromPath(`/shop/checkout/${id.toUpperCase()}/`)).toBe(id);
    expect(sessionIdFromPath('/checkout/not-a-session')).toBeNull();
  });

  it('takes the token from the fragment only, and only in the token alphabet', () => {
    expect(tokenFromFragment(`#token=${token}`)).toBe(token);
    expect(tokenFromFragment('')).toBeNull();
    expect(tokenFromFragment('#token=')).toBeNull();
    expect(tokenFromFragment('#token=cst_<script>')).toBeNull();
  });

  it('finds the API beside the page, keeping a path prefix', () => {
    expect(apiBaseUrl(`https://pay.example/checkout/${id}`)).toBe('https://pay.example/v1');
    expect(apiBaseUrl(`https://pay.example/shop/checkout/${id}#token=x`)).toBe('https://pay.example/shop/v1');
  });

  it('tells a same-site provider page where to send the payer back; another site is left alone', () => {
    const page = `https://pay.example/checkout/${id}`;
    expect(withReturnTo('https://pay.example/sandbox/rails/card/3ds/CARD-1', page)).toBe(`https://pay.example/sandbox/rails/card/3ds/CARD-1?return_to=%2Fcheckout%2F${id}`);
    expect(withReturnTo('https://acs.bank.example/challenge?t=1', page)).toBe('https://acs.bank.example/challenge?t=1');
  });
});

describe('pay requests', () => {
  it('carry the rail and only its field, normalized', () => {
    expect(payBody('mobile_money', ' +254 (712) 345-678 ')).toEqual({ rail: 'mobile_money', payer_phone: '+254712345678' });
    expect(payBody('card', ' tok_sandbox_success ')).toEqual({ rail: 'card', payer_card_token: 'tok_sandbox_success' });
    expect(payBody('bank', 'acct_x')).toEqual({ rail: 'bank', payer_account_ref: 'acct_x' });
    expect(payBody('qr', 'ignored')).toEqual({ rail: 'qr' });
  });

  it('check the phone number as the API does, and leave token formats to the API', () => {
    const phone = rails.mobile_money.field!;
    expect(phone.problem('')).toBe('Enter your phone number');
    expect(phone.problem('+254712345678')).toBeNull();
    expect(phone.problem('123456')).toMatch(/^Enter a phone number/);
    expect(rails.card.field!.problem('anything')).toBeNull();
    expect(rails.card.field!.refused('4242 4242 4242 4242')).toMatch(/not your card number/);
  });
});

describe('PayAttempts', () => {
  it('keeps one key per attempt: the same details reuse it, other details get a new one', () => {
    let n = 0;
    const attempts = new PayAttempts(id, new MapStorage(), () => `key-${++n}`);
    const first = attempts.begin({ rail: 'mobile_money', payer_phone: '+254712345678' });
    expect(attempts.begin({ payer_phone: '+254712345678', rail: 'mobile_money' }).key).toBe(first.key);
    expect(attempts.begin({ rail: 'mobile_money', payer_phone: '+254712345679' }).key).toBe('key-2');
  });

  it('survives a reload through sessionStorage until the API answers for certain', () => {
    const storage = new MapStorage();
    const before = new PayAttempts(id, storage, () => 'key-a');
    before.begin({ rail: 'card', payer_card_token: 'tok_a' });
    const after = new PayAttempts(id, storage, () => 'key-b');
    expect(after.pending()).toEqual({ key: 'key-a', body: { rail: 'card', payer_card_token: 'tok_a' } });
    after.settle();
    expect(new PayAttempts(id, storage).pending()).toBeNull();
  });

  it('works in memory when the browser refuses storage, and ignores what it cannot read', () => {
    const attempts = new PayAttempts(id, null, () => 'key-m');
    attempts.begin({ rail: 'qr' });
    expect(attempts.pending()?.key).toBe('key-m');
    const storage = new MapStorage();
    storage.setItem(`payagg.checkout.${id}.attempt`, '{not json');
    expect(new PayAttempts(id, storage).pending()).toBeNull();
  });

  it('makes UUID v4 keys, also where crypto.randomUUID is missing (plain http off localhost)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(v4);
    const randomUUID = crypto.randomUUID;
    try {
      (crypto as { randomUUID?: unknown }).randomUUID = undefined;
      const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(100);
      for (const key of keys) expect(key).toMatch(v4);
    } finally {
      (crypto as { randomUUID?: unknown }).randomUUID = randomUUID;
    }
  });

  it('compares bodies field by field', () => {
    expect(sameBody({ rail: 'qr' }, { rail: 'qr', payer_phone: null })).toBe(true);
    expect(sameBody({ rail: 'qr' }, { rail: 'card', payer_card_token: 'x' })).toBe(false);
  });
});

describe('watching a payment', () => {
  it('asks every 2 s, then every 5 s, and stops after 10 minutes', () => {
    expect(nextPollDelayMs(0)).toBe(pollFastIntervalMs);
    expect(nextPollDelayMs(pollFastPhaseMs - 1)).toBe(pollFastIntervalMs);
    expect(nextPollDelayMs(pollFastPhaseMs)).toBe(pollSlowIntervalMs);
    expect(nextPollDelayMs(pollDurationMaxMs - 1)).toBe(pollSlowIntervalMs);
    expect(nextPollDelayMs(pollDurationMaxMs)).toBeNull();
    // The bound in reads: 60 quick + 96 slow.
    let elapsed = 0;
    let reads = 0;
    for (let delay = nextPollDelayMs(0); delay !== null; delay = nextPollDelayMs(elapsed)) {
      elapsed += delay;
      reads += 1;
    }
    expect(reads).toBe(156);
  });
});
