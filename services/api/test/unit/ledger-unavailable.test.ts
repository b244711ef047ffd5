// A TigerBeetle request the cluster cannot answer (no quorum) gives up after its timeout and is
// answered 503 SERVICE_UNAVAILABLE with Retry-After, never a 500 or a hang (decision 0580). The
// whole path against a real cluster is test/tigerbeetle-cluster/replica-faults.test.ts.
import express from 'express';
import { LedgerUnavailableError, withinTimeout } from '@payagg/ledger';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-handler.ts';
import { isLedgerUnavailable } from '../../src/http/ledger-unavailable.ts';
import { closeServer, listen } from '../../src/service.ts';
import { createLogger } from '../../src/log.ts';

describe('withinTimeout', () => {
  it('answers as the request does when it settles in time', async () => {
    await expect(withinTimeout('lookupTransfers', 1_000, Promise.resolve([1]))).resolves.toEqual([1]);
    await expect(withinTimeout('lookupTransfers', 1_000, Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('gives up on a request that never settles with LedgerUnavailableError, its outcome unknown', async () => {
    const never = new Promise<never>(() => undefined);
    const error = await withinTimeout('createTransfers', 20, never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerUnavailableError);
    expect(error).toMatchObject({ code: 'LEDGER_UNAVAILABLE', message: expect.stringMatching(/createTransfers within 20 ms; its outcome is unknown/) });
  });

  it('a request that fails after its caller gave up is not an unhandled rejection', async () => {
    let fail!: (error: Error) => void;
    const late = new Promise<never>((_resolve, reject) => { fail = reject; });
    await expect(withinTimeout('createTransfers', 10, late)).rejects.toBeInstanceOf(LedgerUnavailableError);
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    fail(new Error('the cluster answered late with an error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', listener);
    expect(unhandled).toEqual([]);
  });
});

describe('isLedgerUnavailable', () => {
  it('finds the timeout itself, as a cause, or inside an AggregateError; nothing else', () => {
    const timeout = new LedgerUnavailableError('createTransfers', 5_000);
    expect(isLedgerUnavailable(timeout)).toBe(true);
    expect(isLedgerUnavailable(new Error('payout failed', { cause: timeout }))).toBe(true);
    expect(isLedgerUnavailable(new AggregateError([new Error('x'), timeout]))).toBe(true);
    expect(isLedgerUnavailable(new Error('ledger call failed'))).toBe(false);
    expect(isLedgerUnavailable(null)).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers a ledger timeout 503 SERVICE_UNAVAILABLE with Retry-After, logged at warn', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = express();
    app.get('/payout', () => {
      throw new Error('reserving failed', { cause: new LedgerUnavailableError('createTransfers', 5_000) });
    });
    app.use(errorHandler(createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>))));
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const address = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${address.port}/payout`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(lines.find((line) => line.msg === 'ledger unavailable')).toMatchObject({ level: 'warn' });
      expect(lines.some((line) => line.level === 'error')).toBe(false);
    } finally {
      await closeServer(server);
    }
  });
});
