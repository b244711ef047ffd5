// Deterministic ids: the same parts give the same id in every process.

import { describe, expect, test } from 'vitest';
import { LedgerUsageError, idFromParts, idFromUuid, ledgerOf, u128FromUuid, u128Max, uuidFromU128 } from '../src/index.ts';

describe('ids', () => {
  const uuid = '0190d6b4-8f1e-7c3a-9b2d-4e5f60718293';

  test('idFromUuid is deterministic, distinct per leg, and a valid u128', () => {
    expect(idFromUuid(uuid, 0)).toBe(idFromUuid(uuid, 0));
    expect(idFromUuid(uuid, 0)).not.toBe(idFromUuid(uuid, 1));
    expect(idFromUuid(uuid.toUpperCase(), 3)).toBe(idFromUuid(uuid, 3));
    const id = idFromUuid(uuid, 2);
    expect(id > 0n && id < u128Max).toBe(true);
    expect(() => idFromUuid('not-a-uuid', 0)).toThrow(LedgerUsageError);
    expect(() => idFromUuid(uuid, -1)).toThrow(LedgerUsageError);
    expect(u128FromUuid(uuid)).toBe(0x0190d6b48f1e7c3a9b2d4e5f60718293n);
    expect(uuidFromU128(u128FromUuid(uuid.toUpperCase()))).toBe(uuid.toLowerCase());
    expect(uuidFromU128(1n)).toBe('00000000-0000-0000-0000-000000000001');
    expect(() => uuidFromU128(u128Max + 1n)).toThrow(LedgerUsageError);
    expect(() => uuidFromU128(-1n)).toThrow(LedgerUsageError);
  });

  test('idFromParts separates its parts', () => {
    expect(idFromParts('ns', 'ab', 'c')).not.toBe(idFromParts('ns', 'a', 'bc'));
    expect(idFromParts('ns', 1n)).toBe(idFromParts('ns', '1'));
  });

  test('ledger = ISO 4217 numeric code', () => {
    expect(ledgerOf('USD')).toBe(840);
    expect(ledgerOf('NGN')).toBe(566);
    expect(() => ledgerOf('ABC')).toThrow(LedgerUsageError);
  });
});
