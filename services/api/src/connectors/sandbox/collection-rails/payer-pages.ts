// The sandbox providers' payer pages: where a sandbox action_url leads (card 3-D Secure challenge,
// bank authorization, the QR payment a payer's phone opens after scanning). A real provider hosts
// these on its own site; the sandbox provider is part of this service, so this service serves
// them, under sandboxPayerPagesPath (docs/sandbox-rails.md, "Payer pages").
//
// What the payer can do here is what the provider's page would let them do: approve or decline.
//   - Opening the page holds the automatic outcome (the payer is now in front of the challenge):
//     the scheduled outcome waits up to payerPageHoldMs for the payer's answer, then applies
//     as scheduled, as a challenge left open would time out.
//   - Approve: the scheduled outcome becomes due now (the magic value still decides it: a
//     `tok_sandbox_challenge_fail` challenge fails however it is answered).
//   - Decline: the outcome becomes `failed` (authentication_failed for card and bank,
//     payer_declined for qr), due now.
// Both change only an outcome no worker has claimed yet (attempts = 0): an outcome already
// being delivered or delivered is final, and the page says so. The provider reference in the
// URL (120 random bits) is the only credential, as it is for the action_url it came from.
//
// The pages are plain server-rendered HTML forms: no script at all, every value escaped, a CSP
// that allows nothing but the page's own style (by hash) and posting the form to itself.
import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { currencies } from '@payagg/ledger';
import type { Sql } from 'postgres';
import type { Rail, RailFailureReason } from '../../../rails/types.ts';
import { sandboxPayerPagesPath } from './config.ts';

/** How long an opened page holds the automatic outcome for the payer's answer. */
export const payerPageHoldMs = 10 * 60_000;
/** A return_to longer than this is ignored (it is a path on this site, never a whole document). */
export const returnToLengthMax = 2048;
/** The form body is two short fields. */
const formBodyLimitBytes = 4096;

type PayerPageKind = { rail: Rail; path: string; title: string; approve: string; decline: string; declineReason: RailFailureReason };

/** One page per rail that hands out an action_url (references.ts actionUrlFor builds the same paths). */
const payerPageKinds: readonly PayerPageKind[] = [
  { rail: 'card', path: 'card/3ds', title: 'Card authentication (3-D Secure)', approve: 'Authenticate', decline: 'Cancel authentication', declineReason: 'authentication_failed' },
  { rail: 'bank', path: 'bank/authorize', title: 'Bank authorization', approve: 'Authorize payment', decline: 'Refuse', declineReason: 'authentication_failed' },
  { rail: 'qr', path: 'qr/pay', title: 'QR payment', approve: 'Approve payment', decline: 'Decline', declineReason: 'payer_declined' },
];

type OutcomeState = {
  amount: string;
  currency: string;
  outcome: 'success' | 'failed';
  failure_reason: string | null;
  delivered: boolean;
  claimed: boolean;
};

const pageStyle = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
body{margin:0;padding:1rem}main{max-width:28rem;margin:2rem auto;background:#fff;border:1px solid #c9ccd1;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .5rem}p{line-height:1.5}.badge{display:inline-block;background:#5b2a86;color:#fff;border-radius:.25rem;padding:.1rem .4rem;font-size:.8rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#4b5563}dd{margin:0;font-weight:600;min-width:0;overflow-wrap:anywhere}
button,a.button{display:block;width:100%;box-sizing:border-box;font:inherit;font-size:1rem;padding:.75rem;border-radius:.375rem;margin-top:.75rem;text-align:center;text-decoration:none;cursor:pointer}
.approve{background:#1d4ed8;color:#fff;border:2px solid #1d4ed8}.decline{background:#fff;color:#b91c1c;border:2px solid #b91c1c}a.button{background:#1d4ed8;color:#fff}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;
const pageStyleHash = createHash('sha256').update(pageStyle).digest('base64');
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${pageStyleHash}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Minor units -> "KES 2,500.00", with the currency's ISO 4217 exponent from the ledger's table. */
export function formatMinorUnits(amount: string, currency: string): string {
  const exponent = currencies.get(currency)?.exponent ?? 2;
  const digits = amount.padStart(exponent + 1, '0');
  const major = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  const format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  // A decimal string is formatted exactly (no float on the way).
  return format.format(major as unknown as number);
}

/**
 * A return address on this site only: a path-absolute reference ("/checkout/..."), never another
 * origin ("//evil.example", "https://..."), so the page is no open redirect.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > returnToLengthMax) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const base = 'http://sandbox.invalid';
  const resolved = new URL(value, base);
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

function sendPage(res: Response, status: number, title: string, body: string): void {
  res.status(status);
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': contentSecurityPolicy,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  res.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · PayAgg sandbox</title><style>${pageStyle}</style></head>
<body><main><p><span class="badge">Sandbox provider</span></p>${body}</main></body></html>`);
}

export function sandboxPayerPages(deps: { sql: Sql }): Router {
  const { sql } = deps;
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: formBodyLimitBytes, parameterLimit: 4 });

  async function outcomeState(kind: PayerPageKind, reference: string): Promise<OutcomeState | null> {
    const rows = await sql<OutcomeState[]>`
      SELECT i.amount::text AS amount, i.currency, o.outcome, o.failure_reason,
             o.delivered_at IS NOT NULL AS delivered,
             (o.delivered_at IS NULL AND (o.attempts > 0 OR o.abandoned_at IS NOT NULL)) AS claimed
      FROM sandbox_rail_initiations i
      JOIN sandbox_rail_outcomes o ON o.provider_reference = i.provider_reference
      WHERE i.provider_reference = ${reference} AND i.rail = ${kind.rail} AND i.kind = 'collection'
        AND i.action_url IS NOT NULL`;
    return rows[0] ?? null;
  }

  function continueLink(returnTo: string | null): string {
    return returnTo
      ? `<a class="button" href="${escapeHtml(returnTo)}">Return to the merchant</a>`
      : '<p>You can close this page.</p>';
  }

  function finishedBody(kind: PayerPageKind, state: OutcomeState, returnTo: string | null): string {
    const said = state.claimed
      ? 'The provider is already processing this payment.'
      : state.outcome === 'success' ? 'This payment was approved.' : `This payment failed (${escapeHtml(state.failure_reason ?? 'failed')}).`;
    return `<h1>${escapeHtml(kind.title)}</h1><p>${said}</p>${continueLink(returnTo)}`;
  }

  for (const kind of payerPageKinds) {
    const path = `${sandboxPayerPagesPath}/${kind.path}/:reference`;

    router.get(path, async (req: Request, res: Response) => {
      const reference = String(req.params.reference);
      const returnTo = safeReturnTo(req.query.return_to);
      const state = await outcomeState(kind, reference);
      if (!state) return sendPage(res, 404, 'Unknown payment', '<h1>Unknown payment</h1><p>The provider knows no payment at this address.</p>');
      if (state.delivered || state.claimed) return sendPage(res, 200, kind.title, finishedBody(kind, state, returnTo));
      // The payer is here: the scheduled outcome waits for their answer (see the header).
      await sql`
        UPDATE sandbox_rail_outcomes SET due_at = greatest(due_at, now() + ${`${payerPageHoldMs} milliseconds`}::interval)
        WHERE provider_reference = ${reference} AND delivered_at IS NULL AND abandoned_at IS NULL AND attempts = 0`;
      const amount = formatMinorUnits(state.amount, state.currency);
      sendPage(res, 200, kind.title, `<h1>${escapeHtml(kind.title)}</h1>
<p>A merchant asks you to confirm this payment.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Provider reference</dt><dd>${escapeHtml(reference)}</dd></dl>
<form method="post">
${returnTo ? `<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">` : ''}
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(kind.approve)}</button>
<button class="decline" type="submit" name="decision" value="decline">${escapeHtml(kind.decline)}</button>
</form>`);
    });

    router.post(path, parseForm, async (req: Request, res: Response) => {
      const reference = String(req.params.reference);
      const form = (req.body ?? {}) as Record<string, unknown>;
      const returnTo = safeReturnTo(form.return_to);
      const decision = form.decision;
      if (decision !== 'approve' && decision !== 'decline') {
        return sendPage(res, 400, kind.title, `<h1>${escapeHtml(kind.title)}</h1><p>Choose ${escapeHtml(kind.approve)} or ${escapeHtml(kind.decline)}.</p>`);
      }
      const state = await outcomeState(kind, reference);
      if (!state) return sendPage(res, 404, 'Unknown payment', '<h1>Unknown payment</h1><p>The provider knows no payment at this address.</p>');
      // Only an outcome no worker has claimed changes (attempts = 0, checked again under the row
      // lock the UPDATE takes, so a concurrent claim wins cleanly).
      const changed = decision === 'approve'
        ? await sql`
            UPDATE sandbox_rail_outcomes SET due_at = now()
            WHERE provider_reference = ${reference} AND delivered_at IS NULL AND abandoned_at IS NULL AND attempts = 0
            RETURNING id`
        : await sql`
            UPDATE sandbox_rail_outcomes SET outcome = 'failed', failure_reason = ${kind.declineReason}, due_at = now()
            WHERE provider_reference = ${reference} AND delivered_at IS NULL AND abandoned_at IS NULL AND attempts = 0
            RETURNING id`;
      if (changed.length === 0) {
        const now = (await outcomeState(kind, reference)) ?? state;
        return sendPage(res, 409, kind.title, finishedBody(kind, now, returnTo));
      }
      if (returnTo) return res.redirect(303, returnTo);
      const said = decision === 'approve' ? 'You approved the payment.' : 'You declined the payment.';
      sendPage(res, 200, kind.title, `<h1>${escapeHtml(kind.title)}</h1><p>${said}</p>${continueLink(null)}`);
    });
  }
  return router;
}
