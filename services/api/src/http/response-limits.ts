// Lengths of the strings and lists the service writes that it does not bound by construction
// (spec: the maxLength / maxItems of the failure envelope and of the webhook diagnostics;
// docs/decisions/0461). The spec states each limit to clients (the OWASP ruleset asks every
// string and array for one); these constants make it true of every answer: a longer value is cut
// here, at the edge, never stored cut.

/** Error.message and FieldError.message: a sentence or two for people; generous for messages that list choices. */
export const errorMessageLengthMax = 1024;
/** FieldError.field: a dotted path; a client-chosen name in it (an unknown query parameter) can be long. */
export const errorFieldLengthMax = 256;
/** ErrorDetails.fields: one entry per offending field; a body with thousands of unknown keys gets the first hundred. */
export const errorFieldsMax = 100;
/** WebhookDelivery.last_error and WebhookEndpoint.disabled_reason: sentences that can quote a receiver's error. */
export const webhookDiagnosticLengthMax = 1024;

/**
 * `text` when it has at most `max` characters, else its first `max - 1` characters and an
 * ellipsis. Characters are Unicode code points, as JSON Schema's maxLength counts them, so a cut
 * never splits a surrogate pair.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const codePoints = Array.from(text);
  if (codePoints.length <= max) return text;
  return `${codePoints.slice(0, max - 1).join('')}…`;
}
