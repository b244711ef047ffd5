// PUBLIC_BASE_URL (the base of checkout_url and of the sandbox action_url pages) and the sandbox
// action URL default that follows it.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parsePublicBaseUrl } from '../../src/config.ts';

describe('PUBLIC_BASE_URL', () => {
  it('is unset by default (checkout_url then uses the request\'s origin)', () => {
    expect(loadConfig({}).publicBaseUrl).toBeNull();
    expect(parsePublicBaseUrl('  ')).toBeNull();
  });

  it('keeps an origin and a path prefix, without a trailing slash', () => {
    expect(parsePublicBaseUrl('https://pay.example.com')).toBe('https://pay.example.com');
    expect(parsePublicBaseUrl('https://pay.example.com/')).toBe('https://pay.example.com');
    expect(parsePublicBaseUrl('https://example.com/shop/pay//')).toBe('https://example.com/shop/pay');
    expect(parsePublicBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it.each(['pay.example.com', 'ftp://pay.example.com', 'https://pay.example.com/?a=1', 'https://pay.example.com/#x', 'https://user:pw@pay.example.com'])(
    'refuses %s at start', (value) => {
      expect(() => loadConfig({ PUBLIC_BASE_URL: value })).toThrow(ConfigError);
    });

  it('is the default base of the sandbox action_url pages; SANDBOX_RAIL_ACTION_URL_BASE still wins', () => {
    expect(loadConfig({}).rails.sandbox?.actionUrlBase).toBe('http://localhost:8080/sandbox/rails');
    expect(loadConfig({ PORT: '9090' }).rails.sandbox?.actionUrlBase).toBe('http://localhost:9090/sandbox/rails');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://pay.example.com/shop' }).rails.sandbox?.actionUrlBase).toBe('https://pay.example.com/shop/sandbox/rails');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://pay.example.com', SANDBOX_RAIL_ACTION_URL_BASE: 'https://rails.example.test/x/' }).rails.sandbox?.actionUrlBase)
      .toBe('https://rails.example.test/x');
  });
});
