// What M-Pesa's status queries leave behind (connectors/mpesa/jobs/sweep-status-records.ts,
// decision 0771), against the Daraja emulator and a real PostgreSQL: a status answer no query of
// ours names (a forged one here) is parked, moves nothing, and is swept after an hour; a status
// query after a week; the B2C and STK claims that keep a payment from being sent twice never;
// another provider's rows never; at most a batch per pass.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sweepMpesaStatusRecords } from '../../../src/connectors/mpesa/jobs/sweep-status-records.ts';
import { postJson } from '../http-server.ts';
import { db, parkedAnswers, payout, payoutOutcome, provider, receiver, statusQueriesAbout, useMpesaFixture } from './fixture.ts';

useMpesaFixture();

describe('M-Pesa status records', () => {
  const forgedAnswer = (conversationId: string) => postJson(`${receiver.base}/status/result`, {
    Result: { ResultCode: 0, OriginatorConversationID: 'x', ConversationID: conversationId, ResultParameters: { ResultParameter: [{ Key: 'TransactionStatus', Value: 'Completed' }] } },
  });
  const age = (kind: string, ourReference: string, interval: string) => db.sql`
    update provider_references set created_at = now() - ${interval}::interval where provider = 'mpesa' and kind = ${kind} and our_reference = ${ourReference}`;

  it('sweeps parked answers no query named after an hour and status queries after a week; keeps the rest', async () => {
    const [old, recent] = [`AG_OLD_${randomUUID()}`, `AG_NEW_${randomUUID()}`];
    expect(await forgedAnswer(old)).toBe(200);
    expect(await forgedAnswer(recent)).toBe(200);
    // Parked (nothing moved: no query of ours names them), waiting for a query that never comes.
    expect((await parkedAnswers([old, recent])).sort()).toEqual([old, recent].sort());
    const { payoutId, sent } = payout(5_000);
    await sent;
    await payoutOutcome(payoutId);
    const queries = await statusQueriesAbout(`${payoutId}:0`);
    expect(queries.length).toBeGreaterThanOrEqual(1);
    await age('status_answer', old, '61 minutes');
    for (const query of queries) await age('status_query', query, '8 days');
    await age('b2c', `${payoutId}:0`, '30 days');
    // Another provider's rows are never M-Pesa's to sweep.
    await db.sql`insert into provider_references (provider, kind, our_reference, request_sha256, created_at) values ('other', 'status_answer', ${old}, '-', now() - interval '2 days')`;
    const swept = await sweepMpesaStatusRecords(db.sql);
    expect(swept.answers).toBeGreaterThanOrEqual(1);
    expect(swept.queries).toBeGreaterThanOrEqual(1);
    expect(await parkedAnswers([old, recent])).toEqual([recent]);
    expect(await statusQueriesAbout(`${payoutId}:0`)).toEqual([]);
    const kept = await db.sql`select provider, kind from provider_references where (provider = 'mpesa' and kind = 'b2c' and our_reference = ${`${payoutId}:0`}) or provider = 'other'`;
    expect(kept.map((row) => `${row.provider}/${row.kind}`).sort()).toEqual(['mpesa/b2c', 'other/status_answer']);
    // The B2C claim kept is what still refuses to send that attempt twice.
    expect(await provider.payoutConnectors.mobile_money.queryPayout!({ payoutId, attempt: 0 })).not.toEqual({ state: 'unknown' });
  });

  it('deletes at most a batch per pass', async () => {
    const ids = [`AG_B1_${randomUUID()}`, `AG_B2_${randomUUID()}`];
    for (const id of ids) {
      expect(await forgedAnswer(id)).toBe(200);
      await age('status_answer', id, '2 hours');
    }
    await sweepMpesaStatusRecords(db.sql); // what earlier tests left
    expect(await parkedAnswers(ids)).toEqual([]);
    for (const id of ids) {
      expect(await forgedAnswer(id)).toBe(200);
      await age('status_answer', id, '2 hours');
    }
    expect(await sweepMpesaStatusRecords(db.sql, 1)).toEqual({ answers: 1, queries: 0 });
    expect(await parkedAnswers(ids)).toHaveLength(1);
    expect(await sweepMpesaStatusRecords(db.sql, 1)).toEqual({ answers: 1, queries: 0 });
    expect(await parkedAnswers(ids)).toEqual([]);
  });
});
