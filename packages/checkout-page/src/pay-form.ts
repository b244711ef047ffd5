// The pay screen: the choice of rail (a radio each), the one field the chosen rail asks for, the
// error summary, and the Pay button. Like every screen (screens.ts) it calls no API: the controller
// (checkout-app.ts) passes onPay in and tells the form what to show (errors, busy, a notice).
import { h } from './dom.ts';
import { type PayerField, type Rail, rails } from './rails.ts';
import { amountOf, heading, merchantName, screen, summary, type PublicSession, type Screen } from './screens.ts';

export type FieldError = { field: PayerField | 'rail'; message: string };

export type PayFormActions = {
  onPay(rail: Rail, value: string): void;
};

export type PayForm = Screen & {
  showErrors(errors: FieldError[], rail: Rail): void;
  setBusy(busy: boolean): void;
  setNotice(text: string | null): void;
  selectedRail(): Rail;
};

type Initial = { rail: Rail; value: string };

/** A rail's part of the form: its group (shown while the rail is chosen), its field (none for a rail with no payer field) and the field's error. */
type RailGroup = { group: HTMLElement; input: HTMLInputElement | null; error: HTMLElement };

function inputId(rail: Rail): string {
  return `field-${rail}`;
}

/** One radio per allowed rail (the initial one checked, else the first) under the rail's error line. */
function railChoice(allowed: readonly Rail[], initial: Initial | undefined, onChange: (rail: Rail) => void): { fieldset: HTMLFieldSetElement; railError: HTMLElement } {
  const radios = allowed.map((rail, index) => {
    const info = rails[rail];
    const id = `rail-${rail}`;
    const checked = initial ? initial.rail === rail : index === 0;
    const radio = h('input', { type: 'radio', name: 'rail', id, value: rail, checked, 'aria-describedby': `${id}-description` });
    radio.addEventListener('change', () => onChange(rail));
    return h('div', { class: 'rail-option' },
      radio,
      h('label', { for: id }, h('span', { class: 'rail-name' }, info.name), h('span', { class: 'rail-description', id: `${id}-description` }, info.description)),
    );
  });
  const railError = h('p', { class: 'field-error', id: 'rail-error', hidden: true });
  const fieldset = h('fieldset', { class: 'rails' }, h('legend', {}, 'Choose how to pay'), railError, ...radios);
  return { fieldset, railError };
}

/** The rail's field with its label, hint and error line (the initial value when it is the initial rail); a hint alone when the rail asks for none. */
function railGroup(rail: Rail, initial: Initial | undefined): RailGroup {
  const field = rails[rail].field;
  const error = h('p', { class: 'field-error', id: `${inputId(rail)}-error`, hidden: true });
  if (field === null) {
    const group = h('div', { class: 'field-group', 'data-rail': rail }, h('p', { class: 'hint' }, 'After you press Pay, a code appears for you to scan.'));
    return { group, input: null, error };
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
  return { group, input, error };
}

/** The error summary's links, each moving focus to the field it is about. */
function errorLinks(errors: readonly FieldError[], rail: Rail): HTMLLIElement[] {
  return errors.map((error) => {
    const target = error.field === 'rail' ? `rail-${rail}` : inputId(rail);
    const link = h('a', { href: `#${target}` }, error.message);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      document.getElementById(target)?.focus();
    });
    return h('li', {}, link);
  });
}

/** Where the form's errors show: the summary above the form, the rail choice's line, each field's line. */
type ErrorPlaces = { errorSummary: HTMLElement; railError: HTMLElement; fieldset: HTMLFieldSetElement; groups: Map<Rail, RailGroup> };

function clearErrors({ errorSummary, railError, fieldset, groups }: ErrorPlaces): void {
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

function showErrors(places: ErrorPlaces, errors: FieldError[], rail: Rail): void {
  const { errorSummary, railError, fieldset, groups } = places;
  clearErrors(places);
  // One message per field (the API may give several reasons for one value).
  errors = errors.filter((error, index) => errors.findIndex((other) => other.field === error.field) === index);
  if (errors.length === 0) return;
  errorSummary.append(h('h2', { id: 'error-summary-title' }, 'Check your details'), h('ul', {}, ...errorLinks(errors, rail)));
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
}

export function payFormScreen(session: PublicSession, actions: PayFormActions, initial?: Initial): PayForm {
  const title = heading(`Pay ${merchantName(session)}`);
  const allowed = session.allowed_rails;
  const errorSummary = h('div', { class: 'error-summary', tabindex: '-1', hidden: true });
  const notice = h('p', { class: 'notice', role: 'alert', hidden: true });
  const groups = new Map<Rail, RailGroup>();
  let busy = false;

  const showRail = (rail: Rail): void => {
    for (const [each, { group }] of groups) group.hidden = each !== rail;
  };
  const { fieldset, railError } = railChoice(allowed, initial, showRail);
  const fieldGroups = allowed.map((rail) => {
    const built = railGroup(rail, initial);
    groups.set(rail, built);
    return built.group;
  });

  const payButton = h('button', { type: 'submit', class: 'button button-primary', 'data-testid': 'pay' }, `Pay ${amountOf(session)}`);
  const form = h('form', { class: 'pay-form', novalidate: true, 'aria-labelledby': 'screen-title' },
    fieldset, ...fieldGroups, notice, payButton);

  const selectedRail = (): Rail => {
    const checked = form.querySelector<HTMLInputElement>('input[name="rail"]:checked');
    return (checked?.value as Rail | undefined) ?? allowed[0]!;
  };

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
    showErrors: (errors, rail) => showErrors({ errorSummary, railError, fieldset, groups }, errors, rail),
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
