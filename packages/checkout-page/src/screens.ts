// Every screen the payer can see, as DOM built from data. Each screen has one h1 (focusable, so
// the page can move focus to it when the screen changes and screen readers announce it), the
// payment summary where it helps, and at most one primary action. Nothing here calls the API:
// the controller (checkout-app.ts) decides which screen to show and passes the actions in.
import type { components } from '@payagg/contract';
import { h } from './dom.ts';
import { formatAmount } from './money.ts';
import { qrCodeSvg } from './qr-code.ts';
import { type PayerField, type Rail, rails } from './rails.ts';

export type PublicSession = components['schemas']['CheckoutSessionPublic'];
export type Payment = NonNullable<PublicSession['payment']>;
export type FailureReason = Payment['failure_reason'];

export type Screen = { name: string; root: HTMLElement; focus: HTMLElement };

export type FieldError = { field: PayerField | 'rail'; message: string };

function heading(text: string): HTMLHeadingElement {
  return h('h1', { tabindex: '-1', id: 'screen-title' }, text);
}

function screen(name: string, title: HTMLHeadingElement, ...children: (Node | null | false)[]): Screen {
  const root = h('section', { class: `screen screen-${name}`, 'data-screen': name, 'aria-labelledby': 'screen-title' }, title, ...children);
  return { name, root, focus: title };
}

/** A result's mark (decorative: the heading says it) above its heading. */
function resultMark(kind: 'success' | 'failed'): HTMLElement {
  return h('p', { class: `result-mark result-${kind}`, 'aria-hidden': 'true' }, kind === 'success' ? '✓' : '✕');
}

function withMark(built: Screen, kind: 'success' | 'failed'): Screen {
  built.root.prepend(resultMark(kind));
  return built;
}

function merchantName(session: PublicSession | null): string {
  return session?.merchant_display_name ?? 'the merchant';
}

export function amountOf(session: PublicSession): string {
  return formatAmount(session.amount, session.currency);
}

/**
 * Merchant, amount and reference: what the payer checks before and after paying (the pay
 * screen's heading already names the merchant).
 */
export function summary(session: PublicSession, options: { merchant?: boolean } = {}): HTMLElement {
  return h('div', { class: 'summary' },
    options.merchant === false ? null : h('p', { class: 'summary-merchant' }, merchantName(session)),
    h('p', { class: 'summary-amount', 'data-testid': 'amount' }, amountOf(session)),
    session.reference
      ? h('dl', { class: 'summary-details' }, h('dt', {}, 'Reference'), h('dd', { 'data-testid': 'reference' }, session.reference))
      : null,
  );
}

function statusLine(text: string): HTMLParagraphElement {
  return h('p', { class: 'status', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}

function button(text: string, onClick: () => void, kind: 'primary' | 'secondary' = 'primary'): HTMLButtonElement {
  return h('button', { type: 'button', class: `button button-${kind}`, onclick: () => onClick() }, text);
}

export function loadingScreen(): Screen {
  return screen('loading', heading('Loading your payment'), statusLine('Loading…'));
}

// ----- the form -----

export type PayFormActions = {
  onPay(rail: Rail, value: string): void;
};

export type PayForm = Screen & {
  showErrors(errors: FieldError[], rail: Rail): void;
  setBusy(busy: boolean): void;
  setNotice(text: string | null): void;
  selectedRail(): Rail;
};

function inputId(rail: Rail): string {
  return `field-${rail}`;
}

export function payFormScreen(session: PublicSession, actions: PayFormActions, initial?: { rail: Rail; value: string }): PayForm {
  const title = heading(`Pay ${merchantName(session)}`);
  const allowed = session.allowed_rails;
  const errorSummary = h('div', { class: 'error-summary', tabindex: '-1', hidden: true });
  const notice = h('p', { class: 'notice', role: 'alert', hidden: true });
  const groups = new Map<Rail, { group: HTMLElement; input: HTMLInputElement | null; error: HTMLElement }>();
  let busy = false;

  const radios = allowed.map((rail, index) => {
    const info = rails[rail];
    const id = `rail-${rail}`;
    const checked = initial ? initial.rail === rail : index === 0;
    const radio = h('input', { type: 'radio', name: 'rail', id, value: rail, checked, 'aria-describedby': `${id}-description` });
    radio.addEventListener('change', () => showRail(rail));
    return h('div', { class: 'rail-option' },
      radio,
      h('label', { for: id }, h('span', { class: 'rail-name' }, info.name), h('span', { class: 'rail-description', id: `${id}-description` }, info.description)),
    );
  });
  const railError = h('p', { class: 'field-error', id: 'rail-error', hidden: true });
  const fieldset = h('fieldset', { class: 'rails' }, h('legend', {}, 'Choose how to pay'), railError, ...radios);

  const fieldGroups = allowed.map((rail) => {
    const field = rails[rail].field;
    const error = h('p', { class: 'field-error', id: `${inputId(rail)}-error`, hidden: true });
    if (field === null) {
      const group = h('div', { class: 'field-group', 'data-rail': rail }, h('p', { class: 'hint' }, 'After you press Pay, a code appears for you to scan.'));
      groups.set(rail, { group, input: null, error });
      return group;
    }
    const hintId = `${inputId(rail)}-hint`;
    const input = h('input', {
      id: inputId(rail), name: field.name, type: field.type, inputmode: field.inputMode, autocomplete: field.autocomplete,
      spellcheck: 'false', autocapitalize: 'off', 'aria-describedby': hintId, maxlength: '128',
      value: initial?.rail === rail ? initial.value : undefined,
    });
    const group = h('div', { class: 'field-group', 'data-rail': rail },
      h('label', { for: inputId(rail) }, field.label),
      h('p', { class: 'hint', id: hintId }, field.hint),
      error,
      input,
    );
    groups.set(rail, { group, input, error });
    return group;
  });

  const payButton = h('button', { type: 'submit', class: 'button button-primary', 'data-testid': 'pay' }, `Pay ${amountOf(session)}`);
  const form = h('form', { class: 'pay-form', novalidate: true, 'aria-labelledby': 'screen-title' },
    fieldset, ...fieldGroups, notice, payButton);

  const selectedRail = (): Rail => {
    const checked = form.querySelector<HTMLInputElement>('input[name="rail"]:checked');
    return (checked?.value as Rail | undefined) ?? allowed[0]!;
  };

  function showRail(rail: Rail): void {
    for (const [each, { group }] of groups) group.hidden = each !== rail;
  }

  function clearErrors(): void {
    errorSummary.hidden = true;
    errorSummary.removeAttribute('aria-labelledby');
    errorSummary.replaceChildren();
    railError.hidden = true;
    fieldset.removeAttribute('aria-describedby');
    for (const { input, error } of groups.values()) {
      error.hidden = true;
      error.textContent = '';
      if (input) {
        input.removeAttribute('aria-invalid');
        input.setAttribute('aria-describedby', `${input.id}-hint`);
      }
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return; // a second click while the first is on its way sends nothing
    const rail = selectedRail();
    actions.onPay(rail, groups.get(rail)?.input?.value ?? '');
  });

  showRail(selectedRail());
  const expiry = h('p', { class: 'expiry' }, `This payment link expires at ${new Date(session.expires_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`);
  const built = screen('pay', title, summary(session, { merchant: false }), errorSummary, form, expiry);

  return {
    ...built,
    selectedRail,
    showErrors(errors, rail) {
      clearErrors();
      // One message per field (the API may give several reasons for one value).
      errors = errors.filter((error, index) => errors.findIndex((other) => other.field === error.field) === index);
      if (errors.length === 0) return;
      const links = errors.map((error) => {
        const target = error.field === 'rail' ? `rail-${rail}` : inputId(rail);
        const link = h('a', { href: `#${target}` }, error.message);
        link.addEventListener('click', (event) => {
          event.preventDefault();
          document.getElementById(target)?.focus();
        });
        return h('li', {}, link);
      });
      errorSummary.append(h('h2', { id: 'error-summary-title' }, 'Check your details'), h('ul', {}, ...links));
      errorSummary.setAttribute('aria-labelledby', 'error-summary-title');
      errorSummary.hidden = false;
      for (const error of errors) {
        if (error.field === 'rail') {
          railError.textContent = error.message;
          railError.hidden = false;
          fieldset.setAttribute('aria-describedby', 'rail-error');
          continue;
        }
        const group = groups.get(rail);
        if (!group?.input) continue;
        group.error.textContent = error.message;
        group.error.hidden = false;
        group.input.setAttribute('aria-invalid', 'true');
        group.input.setAttribute('aria-describedby', `${group.input.id}-hint ${group.error.id}`);
      }
      errorSummary.focus();
    },
    setBusy(value) {
      busy = value;
      payButton.setAttribute('aria-disabled', String(value));
      payButton.textContent = value ? 'Paying…' : `Pay ${amountOf(session)}`;
    },
    setNotice(text) {
      notice.textContent = text ?? '';
      notice.hidden = text === null;
    },
  };
}

// ----- while the payment settles -----

const waitingText = 'Waiting for confirmation. This page updates by itself.';

export function promptScreen(session: PublicSession): Screen {
  return screen('prompt', heading('Approve the payment on your phone'),
    summary(session),
    h('p', {}, `Your phone will show a request for ${amountOf(session)} from ${merchantName(session)}. Enter your PIN to approve it.`),
    statusLine(waitingText));
}

export function ussdScreen(session: PublicSession, ussdCode: string): Screen {
  return screen('ussd', heading('Dial the code to pay'),
    summary(session),
    h('p', {}, 'On the phone you gave, dial this code and follow the instructions:'),
    h('p', { class: 'ussd-code', 'data-testid': 'ussd-code' }, ussdCode),
    h('a', { class: 'button button-secondary', href: `tel:${ussdCode.replace(/#/g, '%23')}` }, `Dial ${ussdCode}`),
    statusLine(waitingText));
}

export function challengeScreen(session: PublicSession, rail: Rail, actionUrl: string): Screen {
  const card = rail === 'card';
  return screen('challenge', heading(card ? 'Confirm the payment with your card issuer' : 'Authorize the payment at your bank'),
    summary(session),
    h('p', {}, card
      ? 'Your card issuer needs to check it is you. You will come back here when you are done.'
      : 'Your bank needs you to authorize this payment. You will come back here when you are done.'),
    h('a', { class: 'button button-primary', href: actionUrl, 'data-testid': 'continue-challenge' }, card ? 'Continue to your card issuer' : 'Continue to your bank'),
    statusLine(waitingText));
}

export function qrScreen(session: PublicSession, actionUrl: string, openHere: string): Screen {
  return screen('qr', heading('Scan the code to pay'),
    summary(session),
    h('div', { class: 'qr-frame' }, qrCodeSvg(actionUrl, `QR code to pay ${amountOf(session)} to ${merchantName(session)}`)),
    h('ol', { class: 'steps' },
      h('li', {}, 'Open your banking or wallet app.'),
      h('li', {}, 'Choose to scan a QR code, and point your camera at this code.'),
      h('li', {}, 'Approve the payment in the app.')),
    h('p', {}, 'Paying on this phone? ', h('a', { href: openHere, 'data-testid': 'open-qr-here' }, 'Open the payment in your app')),
    statusLine(waitingText));
}

export function processingScreen(session: PublicSession): Screen {
  return screen('processing', heading('Processing your payment'), summary(session), statusLine(waitingText));
}

export function stillWaitingScreen(session: PublicSession, onCheckAgain: () => void): Screen {
  return screen('still-waiting', heading('Still waiting for confirmation'),
    summary(session),
    h('p', {}, `The payment has not been confirmed yet. If it goes through, ${merchantName(session)} is told; you can check again here.`),
    button('Check again', onCheckAgain));
}

// ----- results -----

const failureMessages: Record<NonNullable<FailureReason>, string> = {
  insufficient_funds: 'There was not enough money in your account.',
  payer_declined: 'The payment was declined.',
  card_declined: 'Your card was declined.',
  authentication_failed: 'The payment could not be confirmed with your bank or card issuer.',
  account_closed: 'The bank account is closed.',
};

export function failureMessage(reason: FailureReason): string {
  return reason ? failureMessages[reason] : 'The payment did not go through.';
}

export function successScreen(session: PublicSession): Screen {
  return withMark(screen('success', heading('Payment successful'),
    summary(session),
    h('p', {}, `${amountOf(session)} was paid to ${merchantName(session)}. You can close this page.`)), 'success');
}

export function alreadyPaidScreen(session: PublicSession): Screen {
  return screen('completed', heading('This payment is already complete'),
    summary(session),
    h('p', {}, `${amountOf(session)} was paid to ${merchantName(session)} with this link. There is nothing more to pay.`));
}

export function completedScreen(session: PublicSession): Screen {
  return screen('completed', heading('This payment link has been used'),
    summary(session),
    h('p', {}, `A payment was already made with this link. Contact ${merchantName(session)} if you need to pay again.`));
}

export function failedScreen(session: PublicSession, reason: FailureReason): Screen {
  return withMark(screen('failed', heading('Payment failed'),
    summary(session),
    h('p', { 'data-testid': 'failure-reason' }, failureMessage(reason)),
    h('p', {}, `No money was taken. Contact ${merchantName(session)} for a new payment link.`)), 'failed');
}

export function refundedScreen(session: PublicSession): Screen {
  return screen('refunded', heading('This payment was refunded'),
    summary(session),
    h('p', {}, `${merchantName(session)} refunded this payment.`));
}

export function expiredScreen(session: PublicSession): Screen {
  return screen('expired', heading('This payment link has expired'),
    summary(session),
    h('p', {}, `No money was taken. Ask ${merchantName(session)} for a new payment link.`));
}

export function cancelledScreen(session: PublicSession): Screen {
  return screen('cancelled', heading('This payment was cancelled'),
    summary(session),
    h('p', {}, `No money was taken. Ask ${merchantName(session)} for a new payment link if you still want to pay.`));
}

export function invalidLinkScreen(): Screen {
  return screen('invalid-link', heading('This payment link is not valid'),
    h('p', {}, 'The link does not open a payment. Check that you opened the whole link you were given, or ask the merchant for a new one.'));
}

export function missingTokenScreen(): Screen {
  return screen('missing-token', heading('This payment link is incomplete'),
    h('p', {}, 'Open the full payment link you were given again. For your security, an opened link keeps working only in the browser tab you opened it in.'));
}

export function railOutageScreen(session: PublicSession, rail: Rail, actions: { onRetry(): void; onChooseAnother: (() => void) | null }): Screen {
  return screen('outage', heading(`${rails[rail].name} is not available right now`),
    summary(session),
    h('p', {}, `The ${rails[rail].name.toLowerCase()} service is not responding, so your payment did not go through. Try again in a moment${actions.onChooseAnother ? ', or choose another way to pay' : ''}.`),
    button('Try again', actions.onRetry),
    actions.onChooseAnother ? button('Choose another way to pay', actions.onChooseAnother, 'secondary') : null);
}

export function onHoldScreen(session: PublicSession): Screen {
  return screen('on-hold', heading('This payment cannot be taken right now'),
    summary(session),
    h('p', {}, `${merchantName(session)} cannot accept payments at the moment. No money was taken.`));
}

export function errorScreen(session: PublicSession | null, requestId: string | null, onRetry: () => void): Screen {
  return screen('error', heading('Something went wrong'),
    session ? summary(session) : null,
    h('p', {}, `Check your connection and try again. If it keeps happening, contact ${merchantName(session)}.`),
    requestId ? h('p', { class: 'support-id' }, `Support reference: ${requestId}`) : null,
    button('Try again', onRetry));
}
