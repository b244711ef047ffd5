// A payout send attempt's own reference towards a provider that takes the caller's reference as
// its idempotency key (MTN MoMo's X-Reference-Id, M-Pesa B2C v3's OriginatorConversationID): a
// UUID derived from (payoutId, attempt) alone, so the send job that calls again after a crash
// sends the same reference without having stored anything first. The layout is RFC 9562's
// UUIDv8 (custom): the first 128 bits of SHA-256("payout-attempt:" + payoutId + ":" + attempt)
// with the version nibble 8 and the variant bits 10.
import { createHash } from 'node:crypto';

export function payoutAttemptUuid(payoutId: string, attempt: number): string {
  const bytes = createHash('sha256').update(`payout-attempt:${payoutId}:${attempt}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
