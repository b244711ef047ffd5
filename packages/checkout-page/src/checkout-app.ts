// The page's controller: reads the session, shows the screen its state calls for, pays, and
// watches the payment settle. It talks to the API only through the SDK's checkout client
// (token in X-Checkout-Token, no merchant credential) and only to the two payer operations:
// GET /checkout-sessions/{id} and POST /checkout-sessions/{id}/pay.
import type { components } from '@payagg/contract';
import { createCheckoutClient, type CheckoutClient } from '@payagg/sdk/checkout';
import { PayAttempts, type PayAttempt } from './pay-attempts.ts';
import { payBody, type PayBody, type PayerField, type Rail, rails } from './rails.ts';
import { payFormScreen, type FieldError, type PayForm } from './pay-form.ts';
import * as screens from './screens.ts';
import type { Payment, PublicSession, Screen } from './screens.ts';
import { readSessionLink, tabStorage } from './session-link.ts';
import { startPolling, type PollAnswer } from './status-watch.ts';

type Transaction = components['schemas']['Transaction'];
type ErrorBody = { error?: { code?: string; message?: string; details?: { fields?: { field: string; message: string }[] } }; meta?: { request_id?: string } };

/** The API sits beside the page: /checkout/{id} -> /v1 (a path prefix in front of both is kept). */
export function apiBaseUrl(pageUrl: string): string {
  return new URL('../v1', pageUrl).toString();
}

/**
 * A same-site action_url (the sandbox providers' pages) is told where to send the payer back;
 * a provider elsewhere returns the payer the way it was set up to.
 */
export function withReturnTo(actionUrl: string, pageUrl: string): string {
  const action = new URL(actionUrl, pageUrl);
  const page = new URL(pageUrl);
  if (action.origin !== page.origin) return actionUrl;
  action.searchParams.set('return_to', page.pathname);
  return action.toString();
}

/** `body.payer_phone` -> the form's field; `body.rail` -> the rail choice. */
function formFieldOf(apiField: string): PayerField | 'rail' | null {
  const name = apiField.replace(/^body\./, '');
  if (name === 'rail') return 'rail';
  return name === 'payer_phone' || name === 'payer_card_token' || name === 'payer_account_ref' ? name : null;
}

export class CheckoutApp {
  readonly #main: HTMLElement;
  readonly #storage = tabStorage();
  #client: CheckoutClient | null = null;
  #sessionId = '';
  #attempts: PayAttempts | null = null;
  #session: PublicSession | null = null;
  #form: PayForm | null = null;
  /** Timers of the current screen (polling, expiry), cancelled when the screen changes. */
  #cleanups: (() => void)[] = [];
  #rendered = false;
  /**
   * This tab paid (or watched) this payment: its success says "successful", not "already
   * complete". Kept in sessionStorage too, for the return from a provider's challenge page.
   */
  #watchedHere = false;

  constructor(main: HTMLElement) {
    this.#main = main;
  }

  start(): void {
    const link = readSessionLink(window.location, window.history, this.#storage);
    if (link.sessionId === null) return this.#show(screens.invalidLinkScreen());
    if (link.token === null) return this.#show(screens.missingTokenScreen());
    this.#sessionId = link.sessionId;
    this.#client = createCheckoutClient({ baseUrl: apiBaseUrl(window.location.href), clientToken: link.token });
    this.#attempts = new PayAttempts(link.sessionId, this.#storage);
    void this.#load();
  }

  #show(screen: Screen): void {
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#form = null;
    this.#main.replaceChildren(screen.root);
    document.title = `${screen.focus.textContent ?? 'Checkout'} · Checkout`;
    // The first screen is read from the top as any page; later ones take focus, so keyboard and
    // screen-reader users land on (and hear) the new screen's heading.
    if (this.#rendered) screen.focus.focus();
    if (screen.name !== 'loading') this.#rendered = true;
  }

  async #read(): Promise<{ session: PublicSession } | { status: number; error: ErrorBody | null; retryAfterMs: number | null }> {
    try {
      const result = await this.#client!.GET('/checkout-sessions/{id}', { params: { path: { id: this.#sessionId } } });
      if (result.data) return { session: result.data.data };
      const retryAfter = result.response.headers.get('Retry-After');
      return { status: result.response.status, error: (result.error ?? null) as ErrorBody | null, retryAfterMs: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : null };
    } catch {
      return { status: 0, error: null, retryAfterMs: null };
    }
  }

  /** `openNotice`: said on the form when the session turns out to be still open. */
  async #load(openNotice?: string): Promise<void> {
    if (!this.#rendered) this.#show(screens.loadingScreen());
    const read = await this.#read();
    if ('session' in read) {
      this.#route(read.session);
      if (openNotice && this.#form) this.#form.setNotice(openNotice);
      return;
    }
    if (read.status === 404 || read.status === 422) return this.#show(screens.invalidLinkScreen());
    this.#show(screens.errorScreen(this.#session, read.error?.meta?.request_id ?? null, () => void this.#load()));
  }

  /** The screen the session's state calls for. */
  #route(session: PublicSession): void {
    this.#session = session;
    switch (session.status) {
      case 'open': {
        const pending = this.#attempts!.pending();
        // A pay was on its way when the page was left (reload, crash): send it again with its
        // key; the API answers with that payment, never a second one.
        if (pending !== null) return void this.#send(pending);
        return this.#showForm(session);
      }
      case 'expired':
        return this.#show(screens.expiredScreen(session));
      case 'cancelled':
        return this.#show(screens.cancelledScreen(session));
      case 'completed':
        if (!session.payment) return this.#show(screens.completedScreen(session));
        return this.#followPayment(session, session.payment);
    }
  }

  #showForm(session: PublicSession, initial?: { rail: Rail; value: string }, errors: FieldError[] = []): void {
    const form = payFormScreen(session, { onPay: (rail, value) => this.#pay(rail, value) }, initial);
    this.#show(form);
    this.#form = form;
    if (errors.length > 0) form.showErrors(errors, initial?.rail ?? form.selectedRail());
    // When the link expires while the payer is on the form, read the session again (the API's
    // clock decides) rather than let them fill in a form that can no longer be paid.
    const expiresInMs = Date.parse(session.expires_at) - Date.now();
    const timer = setTimeout(() => void this.#load(), Math.max(expiresInMs + 1_000, 1_000));
    this.#cleanups.push(() => clearTimeout(timer));
  }

  #pay(rail: Rail, value: string): void {
    const form = this.#form!;
    const field = rails[rail].field;
    const normalized = field ? field.normalize(value) : '';
    const problem = field ? field.problem(normalized) : null;
    if (field && problem) return form.showErrors([{ field: field.name, message: problem }], rail);
    form.showErrors([], rail);
    void this.#send(this.#attempts!.begin(payBody(rail, value)));
  }

  /** One pay request under the attempt's key, and what its answer means for the payer. */
  async #send(attempt: PayAttempt): Promise<void> {
    const session = this.#session!;
    const rail = attempt.body.rail;
    if (this.#form) {
      this.#form.setBusy(true);
      this.#form.setNotice(null);
    } else {
      this.#show(screens.processingScreen(session));
    }
    let result;
    try {
      result = await this.#client!.POST('/checkout-sessions/{id}/pay', {
        params: { path: { id: this.#sessionId }, header: { 'Idempotency-Key': attempt.key } },
        body: attempt.body,
      });
    } catch {
      // No answer: the payment may or may not have been taken. The attempt (and its key) stays,
      // so pressing Pay again with the same details cannot pay twice.
      return this.#retryableProblem(attempt, 'The connection was lost before the payment was confirmed. Press Pay to try again; you will not be charged twice.');
    }
    if (result.data) {
      this.#attempts!.settle();
      return this.#afterPay(session, result.data.data);
    }
    const status = result.response.status;
    const error = (result.error ?? null) as ErrorBody | null;
    const fields = error?.error?.details?.fields ?? [];
    switch (status) {
      case 422: {
        this.#attempts!.settle();
        if (fields.some((f) => f.field === 'session')) {
          // Completed or expired (the session read says which), or another pay of it in progress.
          return void this.#load('Another payment with this link is in progress. Wait a moment, then try again.');
        }
        const value = fieldValue(attempt.body);
        const errors = fields.flatMap((f): FieldError[] => {
          const name = formFieldOf(f.field);
          if (name === null) return [];
          if (name === 'rail') return [{ field: 'rail', message: `Choose one of the ways to pay shown (${f.message})` }];
          return [{ field: name, message: rails[rail].field?.refused(value) ?? capitalize(f.message) }];
        });
        if (errors.length === 0) errors.push({ field: 'rail', message: error?.error?.message ?? 'The payment details are not valid.' });
        return this.#showForm(session, { rail, value: fieldValue(attempt.body) }, errors);
      }
      case 404:
        this.#attempts!.settle();
        return this.#show(screens.invalidLinkScreen());
      case 402:
      case 403:
        this.#attempts!.settle();
        return this.#show(screens.onHoldScreen(session));
      case 503:
        return this.#show(screens.railOutageScreen(session, rail, {
          onRetry: () => void this.#send(attempt),
          onChooseAnother: session.allowed_rails.length > 1
            ? () => { this.#attempts!.settle(); this.#showForm(session, { rail, value: fieldValue(attempt.body) }); }
            : null,
        }));
      case 409:
        return this.#retryableProblem(attempt, 'Your payment is still being processed. Wait a moment, then press Pay again.');
      case 429:
        return this.#retryableProblem(attempt, 'Too many attempts. Wait a moment, then press Pay again.');
      default:
        return this.#show(screens.errorScreen(session, error?.meta?.request_id ?? null, () => void this.#send(attempt)));
    }
  }

  /** A problem the same attempt may be retried after: back on the form, details kept, key kept. */
  #retryableProblem(attempt: PayAttempt, message: string): void {
    const session = this.#session!;
    if (!this.#form) this.#showForm(session, { rail: attempt.body.rail, value: fieldValue(attempt.body) });
    this.#form!.setBusy(false);
    this.#form!.setNotice(message);
  }

  #paidHereKey(): string {
    return `payagg.checkout.${this.#sessionId}.paid_here`;
  }

  #paidHere(): boolean {
    return this.#watchedHere || this.#storage?.getItem(this.#paidHereKey()) === '1';
  }

  #afterPay(session: PublicSession, transaction: Transaction): void {
    this.#storage?.setItem(this.#paidHereKey(), '1');
    const payment: Payment = {
      rail: transaction.rail,
      status: transaction.status,
      action_url: transaction.action_url,
      ussd_code: transaction.ussd_code,
      failure_reason: null,
    };
    this.#followPayment({ ...session, status: 'completed', payment }, payment);
  }

  /** Shows where the payment stands and, while it is pending, watches it. */
  #followPayment(session: PublicSession, payment: Payment): void {
    this.#session = session;
    switch (payment.status) {
      case 'success':
        return this.#show(this.#paidHere() ? screens.successScreen(session) : screens.alreadyPaidScreen(session));
      case 'failed':
        return this.#show(screens.failedScreen(session, payment.failure_reason));
      case 'reversed':
        return this.#show(screens.refundedScreen(session));
      case 'pending':
        break;
    }
    this.#watchedHere = true;
    this.#show(this.#waitingScreen(session, payment));
    const watch = startPolling(() => this.#poll(payment), () => this.#show(screens.stillWaitingScreen(session, () => void this.#recheck())));
    this.#cleanups.push(() => watch.cancel());
  }

  #waitingScreen(session: PublicSession, payment: Payment): Screen {
    const here = window.location.href;
    if (payment.ussd_code) return screens.ussdScreen(session, payment.ussd_code);
    if (payment.action_url && payment.rail === 'qr') return screens.qrScreen(session, payment.action_url, withReturnTo(payment.action_url, here));
    if (payment.action_url) return screens.challengeScreen(session, payment.rail, withReturnTo(payment.action_url, here));
    if (payment.rail === 'mobile_money') return screens.promptScreen(session);
    return screens.processingScreen(session);
  }

  async #poll(shown: Payment): Promise<PollAnswer> {
    const read = await this.#read();
    if (!('session' in read)) return read.retryAfterMs !== null ? { retryAfterMs: read.retryAfterMs } : 'continue';
    const payment = read.session.payment;
    if (!payment || payment.status === 'pending') {
      // Keep the screen unless what the payer must do changed (an action_url or code appeared).
      if (payment && (payment.action_url !== shown.action_url || payment.ussd_code !== shown.ussd_code)) {
        this.#followPayment(read.session, payment);
        return 'stop';
      }
      return 'continue';
    }
    this.#followPayment(read.session, payment);
    return 'stop';
  }

  async #recheck(): Promise<void> {
    this.#show(screens.loadingScreen());
    await this.#load();
  }
}

function fieldValue(body: PayBody): string {
  return body.payer_phone ?? body.payer_card_token ?? body.payer_account_ref ?? '';
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
