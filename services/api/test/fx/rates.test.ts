// GET /fx/rates and POST /fx/rate-locks through the SDK against the real server, on a pinned app
// clock: the sandbox table for every currency it lists, its movement over time (deterministic in
// the time), the merchant's margin, unsupported pairs, and locks (docs/fx.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxMarginBpsDefault, fxRateLockLifetimeSDefault, loadConfig } from '../../src/config.ts';
import { setMerchantFxMarginBps } from '../../src/fx/fx-rates.ts';
import { sandboxUsdRates, sandboxWobblePpmMax } from '../../src/connectors/sandbox/fx-rates/rate-table.ts';
import { type TestService, startTestService } from '../helpers/service.ts';
import { getRate, lastDigitUnit, lockRate, scale, scaled } from './helpers.ts';

// Thirty seconds into a minute: the sandbox moves every 60 s (SANDBOX_FX_RATE_STEP_S).
const start = Date.parse('2026-11-24T01:00:30.000Z');
let clockMs = start;
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ now: () => clockMs });
});
afterAll(async () => {
  await service?.close();
});

const listed = ['KES', 'UGX', 'TZS', 'RWF', 'NGN', 'GHS', 'ZAR', 'XOF', 'EGP', 'USD', 'EUR', 'GBP'];
const one = 10n ** scale;
const bps = 10_000n;
const ppm = 1_000_000n;

describe('GET /fx/rates', () => {
  it('quotes every listed currency against USD and back, within the documented band of the table, margin 150 bps by default', async () => {
    expect(Object.keys(sandboxUsdRates).sort()).toEqual([...listed].sort());
    for (const currency of listed.filter((c) => c !== 'USD')) {
      const read = await getRate(service.client, 'USD', currency);
      expect(read.response.status, currency).toBe(200);
      const rate = read.data!.data;
      expect(rate).toEqual({
        base_currency: 'USD', quote_currency: currency, rate: expect.any(Number), margin_bps: fxMarginBpsDefault,
        effective_at: '2026-11-24T01:00:00.000Z',
      });
      // table x (1 +- 0.2%) x (1 - 1.5%), and cut to 10 digits (at most one unit of the last digit lower).
      const table = scaled(sandboxUsdRates[currency]!);
      const low = table * (ppm - BigInt(sandboxWobblePpmMax)) / ppm * (bps - 150n) / bps - lastDigitUnit(rate.rate);
      const high = table * (ppm + BigInt(sandboxWobblePpmMax)) / ppm * (bps - 150n) / bps;
      expect(scaled(rate.rate) >= low && scaled(rate.rate) <= high, `${currency} ${rate.rate}`).toBe(true);
      expect(String(rate.rate).replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(10);
      const back = await getRate(service.client, currency, 'USD');
      expect(back.response.status).toBe(200);
      // Both directions lose the margin: their product is below 1 (about (1 - 1.5%)^2).
      const product = scaled(rate.rate) * scaled(back.data!.data.rate) / one;
      expect(product < one * (bps - 290n) / bps && product > one * (bps - 310n) / bps, `${currency} round trip ${product}`).toBe(true);
    }
  });

  it('quotes every pair of listed currencies (cross rates through USD)', async () => {
    for (const base of listed) {
      for (const quote of listed.filter((c) => c !== base)) {
        const read = await getRate(service.client, base, quote);
        expect(read.response.status, `${base}->${quote}`).toBe(200);
        expect(read.data!.data.rate).toBeGreaterThan(0);
      }
    }
  }, 60_000);

  it('moves a little each minute, deterministically: the same instant gives the same rate, a new minute a new one', async () => {
    const at = async (ms: number, base: string, quote: string) => {
      clockMs = ms;
      const read = await getRate(service.client, base, quote);
      expect(read.response.status).toBe(200);
      return read.data!.data;
    };
    try {
      const first = await at(start, 'USD', 'KES');
      expect(await at(start + 29_000, 'USD', 'KES')).toEqual(first); // same minute
      expect(await at(start - 30_000, 'USD', 'KES')).toEqual(first); // its first instant
      const moved: number[] = [];
      for (let minute = 1; minute <= 10; minute += 1) {
        const later = await at(start + minute * 60_000, 'USD', 'KES');
        expect(later.effective_at).toBe(new Date(Date.parse('2026-11-24T01:00:00.000Z') + minute * 60_000).toISOString());
        moved.push(later.rate);
        // Within 0.4% of the first (each at most 0.2% from the table).
        const drift = scaled(later.rate) > scaled(first.rate) ? scaled(later.rate) - scaled(first.rate) : scaled(first.rate) - scaled(later.rate);
        expect(drift * 1000n < scaled(first.rate) * 4n + lastDigitUnit(first.rate) * 1000n).toBe(true);
      }
      expect(new Set([first.rate, ...moved]).size).toBeGreaterThan(5);
      // Asked again for an earlier minute, the same answer as before.
      expect((await at(start + 3 * 60_000, 'USD', 'KES')).rate).toBe(moved[2]);
    } finally {
      clockMs = start;
    }
  });

  it('applies each merchant\'s own margin (set as the operator CLI does); XOF keeps its EUR peg', async () => {
    const zero = await service.createMerchant('No Margin');
    const wide = await service.createMerchant('Wide Margin');
    await setMerchantFxMarginBps(service.sql, zero.merchantId, 0);
    await setMerchantFxMarginBps(service.sql, wide.merchantId, 300);
    const mid = (await getRate(zero.client, 'KES', 'UGX')).data!.data;
    const standard = (await getRate(service.client, 'KES', 'UGX')).data!.data;
    const widened = (await getRate(wide.client, 'KES', 'UGX')).data!.data;
    expect([mid.margin_bps, standard.margin_bps, widened.margin_bps]).toEqual([0, 150, 300]);
    for (const [quoted, margin] of [[standard, 150n], [widened, 300n]] as const) {
      // quoted = mid' x (1 - margin), cut to 10 digits, where mid' is the mid rate before its own
      // cut to 10 digits (mid <= mid' < mid + one unit of its last digit).
      const lowest = scaled(mid.rate) * (bps - margin) / bps - lastDigitUnit(quoted.rate);
      const highest = (scaled(mid.rate) + lastDigitUnit(mid.rate)) * (bps - margin) / bps;
      expect(scaled(quoted.rate) >= lowest && scaled(quoted.rate) <= highest, `${quoted.rate} vs ${mid.rate} at ${margin} bps`).toBe(true);
    }
    // Back to the default: the same rate as any default merchant's.
    await setMerchantFxMarginBps(service.sql, wide.merchantId, null);
    expect((await getRate(wide.client, 'KES', 'UGX')).data!.data).toEqual(standard);
    // The franc moves with the euro: at no margin EUR -> XOF is the treaty parity, every minute.
    for (const minute of [0, 7, 19]) {
      clockMs = start + minute * 60_000;
      expect((await getRate(zero.client, 'EUR', 'XOF')).data!.data.rate).toBe(655.957);
    }
    clockMs = start;
  });

  it('an unsupported currency is 422 naming its field; the same currency twice is 422 naming quote_currency', async () => {
    const cases: [string, string, string][] = [
      ['JPY', 'KES', 'query.base_currency'], // the ledger knows JPY; FX does not quote it (spec: FxCurrency)
      ['KES', 'XYZ', 'query.quote_currency'],
      ['KES', 'KES', 'query.quote_currency'],
    ];
    for (const [base, quote, field] of cases) {
      const read = await getRate(service.client, base, quote);
      expect(read.response.status, `${base}->${quote}`).toBe(422);
      expect(read.error).toMatchObject({ data: null, error: { code: 'VALIDATION_ERROR', details: { fields: [{ field }] } } });
    }
    // Not three upper-case letters, or missing: the contract's own 422.
    const lower = await service.client.GET('/fx/rates', { params: { query: { base_currency: 'usd', quote_currency: 'KES' } } });
    expect(lower.response.status).toBe(422);
    const missing = await service.client.GET('/fx/rates', { params: { query: { base_currency: 'USD' } as never } });
    expect(missing.response.status).toBe(422);
  });
});

describe('POST /fx/rate-locks', () => {
  it('locks the merchant\'s current rate for 15 minutes, unused', async () => {
    const quoted = (await getRate(service.client, 'USD', 'NGN')).data!.data;
    const locked = await lockRate(service.client, 'USD', 'NGN');
    expect(locked.response.status).toBe(200);
    expect(locked.data!.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), base_currency: 'USD', quote_currency: 'NGN', locked_rate: quoted.rate,
      expires_at: new Date(clockMs + fxRateLockLifetimeSDefault * 1000).toISOString(), used: false,
    });
    const [row] = await service.sql<{ locked_rate: string; margin_bps: number; source: string; used_at: Date | null }[]>`
      select locked_rate::text, margin_bps, source, used_at from fx_rate_locks where id = ${locked.data!.data.id}`;
    expect(row).toEqual({ locked_rate: String(quoted.rate), margin_bps: 150, source: 'sandbox', used_at: null });
  });

  it('refuses an unsupported pair (422 naming the body field), and answers 401 without a payout-capable key', async () => {
    for (const [base, quote, field] of [['USD', 'JPY', 'body.quote_currency'], ['ABC', 'KES', 'body.base_currency'], ['GHS', 'GHS', 'body.quote_currency']]) {
      const locked = await lockRate(service.client, base!, quote!);
      expect(locked.response.status).toBe(422);
      expect(locked.error!.error.details).toEqual({ fields: [expect.objectContaining({ field })] });
    }
    const reader = service.clientFor(await service.createKey({ scopes: ['read'] }));
    expect((await lockRate(reader, 'USD', 'KES')).response.status).toBe(401);
    // A read key may read rates (payout_read).
    expect((await getRate(reader, 'USD', 'KES')).response.status).toBe(200);
  });

  it('its lifetime and the default margin come from the environment', () => {
    const config = loadConfig({ FX_RATE_LOCK_LIFETIME_S: '120', FX_MARGIN_BPS_DEFAULT: '75', SANDBOX_FX_RATE_STEP_S: '5' });
    expect(config.fx).toEqual({ rateSource: 'sandbox', rateLockLifetimeS: 120, marginBpsDefault: 75, sandboxRateStepS: 5 });
    expect(() => loadConfig({ FX_RATE_LOCK_LIFETIME_S: '0' })).toThrow(/FX_RATE_LOCK_LIFETIME_S/);
    expect(() => loadConfig({ FX_MARGIN_BPS_DEFAULT: '2001' })).toThrow(/FX_MARGIN_BPS_DEFAULT/);
    expect(() => loadConfig({ FX_RATE_SOURCE: 'reuters' })).toThrow(/FX_RATE_SOURCE/);
  });
});
