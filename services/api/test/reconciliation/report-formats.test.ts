// The report parsers and the matching rules, apart from the database: each format's rows to
// records (amounts in minor units without floats, line and column named on a bad row), and every
// branch of classify() (docs/reconciliation.md "Matching rules").
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/reconciliation/classify.ts';
import { parseMpesaStatement } from '../../src/reconciliation/mpesa-statement-format.ts';
import { normalizePaystackRow, paystackRowsOfUpload } from '../../src/reconciliation/paystack-settlement-format.ts';
import { decimalToMinorUnits, type ProviderReportRecord } from '../../src/reconciliation/report-records.ts';
import { parseSandboxReport } from '../../src/reconciliation/sandbox-report-format.ts';

async function all(records: AsyncIterable<ProviderReportRecord>): Promise<ProviderReportRecord[]> {
  const out: ProviderReportRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

const header = 'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.';

describe('report formats', () => {
  it('M-Pesa statement: preamble skipped, EAT times, decimals to cents, charges skipped, kinds by column and reason', async () => {
    const csv = ['Organization Name:,ACME', 'Time Period:,2026-11-26 - 2026-11-26', header,
      'RKT1A2B3C4,2026-11-26 09:00:05,2026-11-26 09:00:00,Pay Bill from 254...,Completed,"1,500.50",,"2,000.00",true,Pay Bill Online,254 - A,,INV',
      'RKT1A2B3C5,26-11-2026 10:00:00,26-11-2026 10:00:00,Business Payment to 254...,Completed,,"-250.00","1,750.50",true,Business Payment,254 - B,,',
      'RKT1A2B3C6,2026-11-26 11:00:00,2026-11-26 11:00:00,Reversal,Completed,,"100.00","1,650.50",true,Reversal of Pay Bill,,RKT1A2B3C4,',
      'RKT1A2B3C7,2026-11-26 11:00:00,2026-11-26 11:00:00,Charge,Completed,,"5.00","1,645.50",true,Pay Bill Charge,,,',
      'RKT1A2B3C8,2026-11-26 12:00:00,,Pay Bill from 254...,Failed,"10.00",,"1,645.50",false,Pay Bill Online,,,',
    ].join('\r\n');
    const records = await all(parseMpesaStatement(Readable.from([csv])));
    expect(records).toEqual([
      { reference: 'RKT1A2B3C4', kind: 'collection', amount: 150_050, currency: 'KES', status: 'success', occurredAt: new Date('2026-11-26T06:00:05Z') },
      { reference: 'RKT1A2B3C5', kind: 'payout', amount: 25_000, currency: 'KES', status: 'success', occurredAt: new Date('2026-11-26T07:00:00Z') },
      { reference: 'RKT1A2B3C6', kind: 'refund', amount: 10_000, currency: 'KES', status: 'success', occurredAt: new Date('2026-11-26T08:00:00Z') },
      { reference: 'RKT1A2B3C8', kind: 'collection', amount: 1_000, currency: 'KES', status: 'failed', occurredAt: new Date('2026-11-26T09:00:00Z') },
    ]);
  });

  it('M-Pesa statement: a bad row names its file line and column; no header is refused', async () => {
    const bad = [header, 'A,2026-11-26 09:00:00,,x,Completed,"1.005",,,,,,,'].join('\n');
    await expect(all(parseMpesaStatement(Readable.from([bad])))).rejects.toThrow('line 2, Paid In: "1.005" has more than 2 decimals');
    const both = [header, 'A,2026-11-26 09:00:00,,x,Completed,"1.00","1.00",,,,,,'].join('\n');
    await expect(all(parseMpesaStatement(Readable.from([both])))).rejects.toThrow(/line 2, Paid In: exactly one/);
    const status = [header, 'A,2026-11-26 09:00:00,,x,Settled,"1.00",,,,,,,'].join('\n');
    await expect(all(parseMpesaStatement(Readable.from([status])))).rejects.toThrow(/Transaction Status/);
    await expect(all(parseMpesaStatement(Readable.from(['a,b\nc,d\n'])))).rejects.toThrow(/no "Receipt No." header/);
  });

  it('sandbox CSV: exact header, integer amounts, RFC 3339 UTC times', async () => {
    const ok = 'reference,kind,amount,currency,status,occurred_at\nMM-1,collection,1500,KES,success,2026-11-26T09:00:00.123Z\n';
    expect(await all(parseSandboxReport(Readable.from([ok])))).toEqual([
      { reference: 'MM-1', kind: 'collection', amount: 1500, currency: 'KES', status: 'success', occurredAt: new Date('2026-11-26T09:00:00.123Z') },
    ]);
    await expect(all(parseSandboxReport(Readable.from(['reference,kind\n'])))).rejects.toThrow(/line 1, header/);
    await expect(all(parseSandboxReport(Readable.from([ok.replace('1500', '15.00')])))).rejects.toThrow(/line 2, amount/);
    await expect(all(parseSandboxReport(Readable.from([ok.replace('KES', 'XXX')])))).rejects.toThrow(/line 2, currency/);
    await expect(all(parseSandboxReport(Readable.from([ok.replace('success', 'done')])))).rejects.toThrow(/line 2, status/);
  });

  it('Paystack settlement rows: statuses mapped, subunits kept, bad rows named', () => {
    const row = { id: 1, status: 'success', reference: 'ref-1', amount: 500_000, currency: 'NGN', paid_at: '2026-11-26T09:00:00.000Z', created_at: '2026-11-26T08:59:00.000Z' };
    expect(normalizePaystackRow(row, 1)).toEqual({ reference: 'ref-1', kind: 'collection', amount: 500_000, currency: 'NGN', status: 'success', occurredAt: new Date('2026-11-26T09:00:00Z') });
    expect(normalizePaystackRow({ ...row, status: 'abandoned', paid_at: null }, 1)).toMatchObject({ status: 'failed', occurredAt: new Date('2026-11-26T08:59:00Z') });
    expect(normalizePaystackRow({ ...row, status: 'ongoing' }, 1).status).toBe('pending');
    expect(() => normalizePaystackRow({ ...row, amount: 12.5 }, 3)).toThrow('line 3, amount');
    expect(() => normalizePaystackRow({ ...row, status: 'weird' }, 4)).toThrow('line 4, status');
    expect(paystackRowsOfUpload(JSON.stringify({ status: true, data: [row] }))).toHaveLength(1);
    expect(() => paystackRowsOfUpload('{"data": 1}')).toThrow(/array/);
  });

  it('decimal amounts never go through floats (property: cents text round-trips exactly)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_007_199_254_740 }), fc.integer({ min: 0, max: 99 }), (units, cents) => {
      const text = `${units.toLocaleString('en-US')}.${String(cents).padStart(2, '0')}`;
      expect(decimalToMinorUnits(text, 'KES', 1, 'x')).toBe(units * 100 + cents);
    }));
    expect(decimalToMinorUnits('7', 'JPY', 1, 'x')).toBe(7);
    expect(() => decimalToMinorUnits('7.5', 'JPY', 1, 'x')).toThrow(/decimals/);
    expect(decimalToMinorUnits('1.234', 'KWD', 1, 'x')).toBe(1234);
  });
});

describe('classify', () => {
  const ctx = { nowMs: 10 * 86_400_000, windowMs: 86_400_000 };
  const at = (days: number) => days * 86_400_000;
  const ours = (o: Partial<Parameters<typeof classify>[1] & object> = {}) => ({ kind: 'collection' as const, amount: 100, currency: 'KES', status: 'success' as const, createdAtMs: at(9.5), ...o });
  const theirs = (p: Partial<Parameters<typeof classify>[0] & object> = {}) => ({ kind: 'collection' as const, amount: 100, currency: 'KES', status: 'success' as const, occurredAtMs: at(9.5), ...p });

  it('each class, in the documented order', () => {
    expect(classify(theirs(), ours(), ctx)).toBe('matched');
    expect(classify(theirs(), ours(), ctx, true)).toBe('duplicate');
    expect(classify(theirs(), null, ctx)).toBe('missing_here');
    expect(classify(null, ours(), ctx)).toBe('pending_within_window');
    expect(classify(null, ours({ createdAtMs: at(8) }), ctx)).toBe('missing_at_provider');
    expect(classify(null, ours({ status: 'failed', createdAtMs: at(1) }), ctx)).toBe('matched');
    expect(classify(theirs({ currency: 'UGX', amount: 5 }), ours(), ctx)).toBe('currency_mismatch');
    expect(classify(theirs({ amount: 101 }), ours(), ctx)).toBe('amount_mismatch');
    expect(classify(theirs(), ours({ status: 'failed' }), ctx)).toBe('status_mismatch');
    expect(classify(theirs({ status: 'failed' }), ours(), ctx)).toBe('status_mismatch');
    expect(classify(theirs({ status: 'pending' }), ours(), ctx)).toBe('pending_within_window');
    expect(classify(theirs({ status: 'pending', occurredAtMs: at(2) }), ours({ createdAtMs: at(2) }), ctx)).toBe('status_mismatch');
    expect(classify(theirs({ status: 'failed' }), ours({ status: 'failed' }), ctx)).toBe('matched');
  });
});
