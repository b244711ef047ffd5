// How a delivery is signed (seed: "Signature verification"):
//   X-Service-Timestamp = Unix seconds, as a decimal string
//   X-Service-Signature = lowercase hex HMAC-SHA256(signing_secret, timestamp + "." + raw_body)
// With one secret the header is exactly that digest. During a secret rotation's overlap it holds
// one digest per secret, comma-separated, the new secret's first (docs/decisions/0222): a receiver
// accepts the delivery when any one matches, so it can switch secrets at any moment.
import { createHmac } from 'node:crypto';
import { webhookUserAgent } from './delivery-client.ts';

export const headerTimestamp = 'X-Service-Timestamp';
export const headerSignature = 'X-Service-Signature';
export const headerEventId = 'X-Service-Event-Id';
export const signatureSeparator = ',';

export function signatureOf(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestamp: string, body: string): string {
  if (secrets.length === 0) throw new Error('a delivery needs at least one signing secret');
  return secrets.map((secret) => signatureOf(secret, timestamp, body)).join(signatureSeparator);
}

/** Every header of one attempt; the timestamp is the attempt's, the body the event's. */
export function deliveryHeaders(input: { eventId: string; body: string; secrets: readonly string[]; nowMs: number }): Record<string, string> {
  const timestamp = String(Math.floor(input.nowMs / 1000));
  return {
    'Content-Type': 'application/json',
    'User-Agent': webhookUserAgent,
    [headerTimestamp]: timestamp,
    [headerSignature]: signatureHeader(input.secrets, timestamp, input.body),
    [headerEventId]: input.eventId,
  };
}
