// The routing table's text form and lookup (provider-routing/routing-table.ts), and the provider
// settings read from the environment (provider-routing/settings.ts): what an operator writes in
// PROVIDER_ROUTES, PROVIDER_CALLBACK_ALLOW and what the service refuses to start with.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { parseRoutingTable, RoutingTableError } from '../../src/provider-routing/routing-table.ts';
import { ipAllowed } from '../../src/auth/ip-allow.ts';

const methods = { collection: ['mobile_money', 'card', 'bank', 'ussd', 'qr'], payout: ['mobile_money', 'bank', 'card'] } as const;

describe('routing table', () => {
  const table = parseRoutingTable(`
    # Kenya's mobile money: M-Pesa, then the sandbox
    collection mobile_money KES * = mpesa, sandbox
    collection mobile_money KES TZ = other
    collection mobile_money * UG = mtn_momo
    collection card * * = paystack
    payout mobile_money KES * = mpesa
  `, methods);

  it('picks the most specific entry: currency and country, currency, country, neither; the sandbox when none', () => {
    const route = (method: string, currency: string, country: string | null, kind: 'collection' | 'payout' = 'collection') =>
      table.providersFor({ kind, method, currency, country });
    expect(route('mobile_money', 'KES', 'KE')).toEqual(['mpesa', 'sandbox']);
    expect(route('mobile_money', 'KES', 'TZ')).toEqual(['other']);
    expect(route('mobile_money', 'KES', null)).toEqual(['mpesa', 'sandbox']);
    expect(route('mobile_money', 'UGX', 'UG')).toEqual(['mtn_momo']);
    expect(route('mobile_money', 'UGX', null)).toEqual(['sandbox']);
    expect(route('card', 'NGN', 'NG')).toEqual(['paystack']);
    expect(route('bank', 'KES', 'KE')).toEqual(['sandbox']);
    expect(route('mobile_money', 'KES', 'KE', 'payout')).toEqual(['mpesa']);
    expect(route('bank', 'KES', 'KE', 'payout')).toEqual(['sandbox']);
  });

  it('knows where the country matters', () => {
    expect(table.dependsOnCountry('collection', 'mobile_money', 'KES')).toBe(true);
    expect(table.dependsOnCountry('collection', 'mobile_money', 'NGN')).toBe(true); // the * UG entry
    expect(table.dependsOnCountry('collection', 'card', 'NGN')).toBe(false);
  });

  it.each([
    ['collection mobile_money KES * mpesa', /expected/],
    ['refund mobile_money KES * = mpesa', /kind must be/],
    ['collection cash KES * = mpesa', /method must be/],
    ['collection card kes * = mpesa', /currency/],
    ['collection card KES KEN = mpesa', /country/],
    ['collection card KES * = Mpesa', /not a provider name/],
    ['collection card KES * = a, a', /listed twice/],
    ['collection card KES * = a, b, c, d, e, f', /at most 5/],
    ['collection card KES * = a; collection card KES * = b', /routed twice/],
  ])('refuses %s', (text, message) => {
    expect(() => parseRoutingTable(text, methods)).toThrow(RoutingTableError);
    expect(() => parseRoutingTable(text, methods)).toThrow(message);
  });
});

describe('provider settings', () => {
  const base = { DATABASE_URL: 'postgres://localhost/x' };

  it('defaults to the sandbox for everything, no allow-list, a 64 KiB callback limit', () => {
    const config = loadConfig(base);
    expect(config.providers.routing.entries).toEqual([]);
    expect(config.providers.callbackAllow.size).toBe(0);
    expect(config.providers.callbackBodyLimitBytes).toBe(65_536);
    expect(config.rails.routing?.providersFor({ kind: 'collection', method: 'card', currency: 'KES', country: 'KE' })).toEqual(['sandbox']);
  });

  it('reads the allow-lists per provider', () => {
    const config = loadConfig({ ...base, PROVIDER_CALLBACK_ALLOW: 'mpesa=196.201.214.0/24 196.201.213.114; mtn_momo=10.1.2.3' });
    expect(ipAllowed(config.providers.callbackAllow.get('mpesa')!, '196.201.214.7')).toBe(true);
    expect(ipAllowed(config.providers.callbackAllow.get('mpesa')!, '10.1.2.3')).toBe(false);
    expect(ipAllowed(config.providers.callbackAllow.get('mtn_momo')!, '10.1.2.3')).toBe(true);
  });

  it.each([
    [{ PROVIDER_ROUTES: 'collection card KES * = a', PROVIDER_ROUTES_FILE: '/tmp/x' }, /not both/],
    [{ PROVIDER_ROUTES_FILE: '/nonexistent/routes' }, /cannot read/],
    [{ PROVIDER_ROUTES: 'collection card KES *' }, /PROVIDER_ROUTES: routing table/],
    [{ PROVIDER_CALLBACK_ALLOW: 'mpesa' }, /PROVIDER_CALLBACK_ALLOW/],
    [{ PROVIDER_CALLBACK_ALLOW: 'mpesa=not-an-ip' }, /PROVIDER_CALLBACK_ALLOW \(mpesa\)/],
  ])('refuses to start with %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
