// Every screen the payer can see, as DOM built from data (the pay form: pay-form.ts). Each screen
// has one h1 (focusable, so the page can move focus to it when the screen changes and screen
// readers announce it), the payment summary where it helps, and at most one primary action.
// Nothing here calls the API: the controller (checkout-app.ts) decides which screen to show and
// passes the actions in.
import type { components } from '@payagg/contract';
import { h } from './dom.ts';
import { formatAmount } from './money.ts';
import { qrCodeSvg } from './qr-code.ts';
import { type Rail, rails } from './rails.ts';

export type PublicSession = components['schemas']['CheckoutSessionPublic'];
export type Payment = NonNullable<PublicSession['payment']>;
export type FailureReason = Payment['failure_reason'];

export type Screen = { name: string; root: HTMLElement; focus: HTMLElement };

export function heading(text: string): HTMLHeadingElement {
  return h('h1', { tabindex: '-1', id: 'screen-title' }, text);
}

export function screen(name: string, title: HTMLHeadingElement, ...children: (Node | null | false)[]): Screen {
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

export function merchantName(session: PublicSession | null): string {
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

// ----- the form: pay-form.ts -----

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
