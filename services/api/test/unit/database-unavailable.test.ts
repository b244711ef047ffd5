// Which failures answer 503 SERVICE_UNAVAILABLE with Retry-After (the database is away: decision
// 0510) and which stay what they were (a 500 for our bugs, the domain's own answers).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';

const coded = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['postgres.js CONNECTION_CLOSED', coded('CONNECTION_CLOSED')],
    ['postgres.js CONNECTION_ENDED', coded('CONNECTION_ENDED')],
    ['postgres.js CONNECTION_DESTROYED', coded('CONNECTION_DESTROYED')],
    ['postgres.js CONNECT_TIMEOUT', coded('CONNECT_TIMEOUT')],
    ['a refused connection', coded('ECONNREFUSED', { syscall: 'connect' })],
    ['a reset connection', coded('ECONNRESET')],
    ['the Unix socket gone', coded('ENOENT', { syscall: 'connect' })],
    ['57P01 admin_shutdown', coded('57P01')],
    ['57P02 crash_shutdown', coded('57P02')],
    ['57P03 cannot_connect_now', coded('57P03')],
    ['08006 connection_failure', coded('08006')],
    ['node-postgres, in words', new Error('Connection terminated unexpectedly')],
    ['wrapped as a cause', new Error('ledger call failed', { cause: coded('ECONNREFUSED') })],
    ['inside an AggregateError', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'all attempts failed')],
  ])('%s: unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a serialization failure (retried inside, not a 503)', coded('40001')],
    ['a file not found (not a connect)', coded('ENOENT', { syscall: 'open' })],
    ['a TypeError of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'CONNECTION_CLOSED'],
    ['null', null],
  ])('%s: not unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
