// The outcome table (src/http/outcomes.ts) answers every domain outcome (src/domain/outcomes.ts).
// Exhaustiveness is the type checker's job; the `@ts-expect-error` below proves it does it: if
// the table's type stopped requiring every outcome, that line would compile and
// `pnpm -s typecheck` would fail on the unused directive.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/domain/outcomes.ts';
import { errorStatusByCode } from '../../src/http/errors.ts';
import { apiErrorOf, outcomeHttp, type OutcomeTable } from '../../src/http/outcomes.ts';
import { Refusal } from '../../src/domain/outcomes.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

describe('outcome table', () => {
  it('a new outcome without a mapping fails the typecheck', () => {
    // @ts-expect-error 'an_outcome_nobody_defines' has no line in the table.
    const withNewOutcome: OutcomeTable<Outcome | 'an_outcome_nobody_defines'> = outcomeHttp;
    expect(withNewOutcome).toBe(outcomeHttp);
  });

  it("each outcome's status is its error code's status", () => {
    for (const [outcome, http] of Object.entries(outcomeHttp)) {
      expect([outcome, errorStatusByCode[http.code]]).toEqual([outcome, http.status]);
    }
  });

  it('every outcome in the table is refused somewhere in src/ (no dead codes)', () => {
    const code = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('outcomes.ts'))
      .map((file) => readFileSync(path.join(src, file), 'utf8'))
      .join('\n');
    const unused = Object.keys(outcomeHttp).filter((outcome) => !code.includes(`'${outcome}'`));
    expect(unused).toEqual([]);
  });

  it('answers a refusal with its message, fields and Retry-After', () => {
    const error = apiErrorOf(new Refusal('rail_timed_out', 'The card rail did not answer in time.'));
    expect([error.status, error.code, error.message, error.headers]).toEqual([503, 'RAIL_UNAVAILABLE', 'The card rail did not answer in time.', { 'Retry-After': '30' }]);
    const fields = apiErrorOf(new Refusal('refund_exceeds_remaining_amount', 'The request is not valid.', { fields: [{ field: 'body.amount', message: 'too much' }] }));
    expect([fields.status, fields.code, fields.details]).toEqual([422, 'VALIDATION_ERROR', { fields: [{ field: 'body.amount', message: 'too much' }] }]);
  });
});
