// The sandbox report's times are read from their digits (sandbox-report-format.ts sandboxTimeMs,
// decision 0792), not parsed as Dates: every time `new Date` reads gives the same instant, and
// every one it refuses is refused.
import { describe, expect, it } from 'vitest';
import { sandboxTimeMs } from '../../src/reconciliation/sandbox-report-format.ts';

describe('sandbox report times', () => {
  it('read as Date.parse reads them, to the millisecond', () => {
    for (const text of ['2026-11-26T09:00:00Z', '2026-11-26T09:00:00.1Z', '2026-11-26T09:00:00.12Z', '2026-11-26T09:00:00.123Z',
      '2024-02-29T23:59:59.999Z', '2000-02-29T00:00:00Z', '1970-01-01T00:00:00Z', '0050-06-15T12:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(sandboxTimeMs(text), text).toBe(Date.parse(text));
    }
  });

  it('refuses what is not a real UTC time', () => {
    for (const text of ['2026-13-01T00:00:00Z', '2026-00-10T00:00:00Z', '2026-04-31T00:00:00Z', '2025-02-29T00:00:00Z', '1900-02-29T00:00:00Z',
      '2026-11-26T24:00:00Z', '2026-11-26T23:60:00Z', '2026-11-26T23:59:60Z', '2026-11-26T09:00:00', '2026-11-26T09:00:00+01:00',
      '2026-11-26 09:00:00Z', '2026-11-26T09:00:00.1234Z', '']) {
      expect(sandboxTimeMs(text), text).toBeNaN();
    }
  });
});
