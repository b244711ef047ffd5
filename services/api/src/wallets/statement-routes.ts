// Statements (issue 25; docs/wallets.md, Statements): GET /wallets/{id}/statement (days with
// opening/closing balances, credits, debits) and GET /wallets/{id}/statement.csv (the period's
// movements), and the `at` of GET /wallets/{id}/balance. The edge has validated the formats
// (date, date-time); the range rules are here, each a 422 naming its parameter.
import type { Response } from 'express';
import { parseDateTime, toDate } from '../domain/date-time.ts';
import { validationError } from '../http/errors.ts';
import { sendOk } from '../http/envelope.ts';
import type { RouteContext, RouteHandlers } from '../routes/registry.ts';
import { principalOf } from '../auth/principal.ts';
import { getWallet, toWalletResources, exactInteger } from './wallets.ts';
import { dayStartMs, statementDaysMax, walletBalanceAt, walletStatement, walletStatementCsv } from './statements.ts';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** date_from and date_to of a statement: real UTC days, in order, at most statementDaysMax, none after today. */
export function statementPeriod(query: Record<string, unknown>, nowMs: number): { from: string; to: string } {
  const day = (name: string): string => {
    const value = query[name];
    if (typeof value !== 'string' || !datePattern.test(value) || Number.isNaN(dayStartMs(value)) || new Date(dayStartMs(value)).toISOString().slice(0, 10) !== value) {
      throw validationError([{ field: `query.${name}`, message: 'must be a date, YYYY-MM-DD' }]);
    }
    return value;
  };
  const from = day('date_from');
  const to = day('date_to');
  if (dayStartMs(from) > dayStartMs(to)) throw validationError([{ field: 'query.date_from', message: 'must not be after date_to' }]);
  if (dayStartMs(from) < 0) throw validationError([{ field: 'query.date_from', message: 'must not be before 1970-01-01' }]);
  if (dayStartMs(to) > nowMs) throw validationError([{ field: 'query.date_to', message: 'must not be after today (UTC)' }]);
  if ((dayStartMs(to) - dayStartMs(from)) / 86_400_000 + 1 > statementDaysMax) {
    throw validationError([{ field: 'query.date_to', message: `must be at most ${statementDaysMax} days from date_from` }]);
  }
  return { from, to };
}

/** `at` of GET /wallets/{id}/balance: an instant from 1970 up to now (milliseconds), or null when absent. */
export function balanceInstant(query: Record<string, unknown>, nowMs: number): number | null {
  const value = query.at;
  if (value === undefined || value === '') return null;
  const parsed = typeof value === 'string' ? parseDateTime(value) : null;
  if (!parsed?.ok) throw validationError([{ field: 'query.at', message: 'must be an RFC 3339 date-time' }]);
  const atMs = toDate(parsed.instant, 'floor').getTime();
  if (atMs < 0) throw validationError([{ field: 'query.at', message: 'must not be before 1970-01-01T00:00:00Z' }]);
  if (atMs > nowMs) throw validationError([{ field: 'query.at', message: 'must not be in the future' }]);
  return atMs;
}

/** GET /wallets/{id}/balance?at=: the wallet resource with its balances at that instant. */
export async function sendBalanceAt(ctx: RouteContext, res: Response, walletId: string, atMs: number): Promise<void> {
  const wallet = await getWallet(ctx.sql, principalOf(res).merchant.id, walletId);
  const [resource] = await toWalletResources(ctx.ledger, [wallet]);
  const balance = await walletBalanceAt(ctx.ledger, wallet, atMs);
  sendOk(res, { ...resource, available_balance: exactInteger(balance.available), pending_balance: exactInteger(balance.pending), updated_at: new Date(atMs).toISOString() });
}

export function statementRoutes(ctx: RouteContext): RouteHandlers {
  return {
    async 'GET /wallets/{id}/statement'(req, res) {
      const wallet = await getWallet(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      const { from, to } = statementPeriod(req.query as Record<string, unknown>, ctx.now());
      sendOk(res, await walletStatement(ctx.ledger, wallet, from, to));
    },

    async 'GET /wallets/{id}/statement.csv'(req, res) {
      const wallet = await getWallet(ctx.sql, principalOf(res).merchant.id, String(req.params.id));
      const { from, to } = statementPeriod(req.query as Record<string, unknown>, ctx.now());
      const csv = await walletStatementCsv(ctx.ledger, wallet, from, to);
      res.status(200)
        .type('text/csv; charset=utf-8; header=present')
        .setHeader('Content-Disposition', `attachment; filename="statement-${wallet.id}-${from}-${to}.csv"`);
      res.send(csv);
    },
  };
}
