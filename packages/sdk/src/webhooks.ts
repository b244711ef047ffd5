// Webhook signature verification, as the API signs deliveries:
//   X-Service-Signature = lowercase hex HMAC-SHA256(signing_secret, timestamp + "." + raw_body)
//   X-Service-Timestamp = Unix seconds
// During a secret rotation's overlap the signature header carries one digest per secret,
// comma-separated (new secret first): a delivery is authentic when ANY digest matches ANY of the
// receiver's secrets, so a receiver can hold the old secret, the new one, or both.
// Verify on the raw bytes before any JSON parsing, reject timestamps more than the tolerance away
// from the receiver's clock (either direction), and compare in constant time.
// Self-contained on purpose: the request signer (signing.ts) may change without touching this.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The API's timestamp window, also the default tolerance here. */
export const webhookToleranceDefaultSeconds = 300;

const signatureHexLength = 64;
const signaturePattern = /^[0-9a-f]{64}$/;
/** Digests in one header at most (two during a rotation's overlap; room for more). */
export const webhookSignaturesMax = 4;
export const webhookSignatureSeparator = ',';
const timestampPattern = /^\d{1,11}$/;
const timestampMillisecondsPattern = /^\d{13}$/;

/** Why a delivery was rejected; one sentence-named reason per usual mistake. */
export type WebhookSignatureFailure =
  | 'header_missing'
  | 'secret_missing'
  | 'body_not_raw'
  | 'timestamp_malformed'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'signature_malformed'
  | 'signature_mismatch';

export class WebhookSignatureError extends Error {
  readonly reason: WebhookSignatureFailure;
  constructor(reason: WebhookSignatureFailure, message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
    this.reason = reason;
  }
}

export interface VerifyWebhookSignatureInput {
  /** The request body exactly as received: a string or the raw bytes (Buffer/Uint8Array). */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The X-Service-Timestamp header value (Unix seconds). */
  timestamp: string | null | undefined;
  /** The X-Service-Signature header value: lowercase hex, or several comma-separated during a rotation. */
  signature: string | null | undefined;
  /**
   * The endpoint's signing_secret (returned once by POST /webhooks or rotate-secret); during a
   * rotation you may pass both the new and the previous one.
   */
  secret: string | readonly string[];
  /** Allowed distance between the timestamp and `now`, in seconds; default 300. */
  toleranceSeconds?: number;
  /** Receiver's clock in milliseconds since the Unix epoch; defaults to Date.now. */
  now?: () => number;
}

/** Returns normally when the delivery is authentic; throws WebhookSignatureError otherwise. */
export function verifyWebhookSignature(input: VerifyWebhookSignatureInput): void {
  // `??`, never `||`: a tolerance of 0 is a legitimate (strict) choice, not a missing value.
  const toleranceSeconds = input.toleranceSeconds ?? webhookToleranceDefaultSeconds;
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError(`toleranceSeconds must be a non-negative number, got ${toleranceSeconds}`);
  }
  const secrets = typeof input.secret === 'string' ? [input.secret] : Array.isArray(input.secret) ? input.secret : [];
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== 'string' || secret.length === 0)) {
    throw new WebhookSignatureError(
      'secret_missing',
      "No signing secret given: pass the endpoint's signing_secret (returned once by POST /webhooks); " +
        'it is usually read from configuration, so check that the variable is set.',
    );
  }
  const rawBody = input.rawBody as unknown;
  if (!(typeof rawBody === 'string' || rawBody instanceof Uint8Array || rawBody instanceof ArrayBuffer)) {
    throw new WebhookSignatureError(
      'body_not_raw',
      `rawBody must be the request body exactly as received (string or Buffer), got ${describe(rawBody)}. ` +
        'This usually means a JSON body parser ran first (e.g. express.json()): re-serialized JSON ' +
        'does not have the same bytes. Use express.raw({ type: "application/json" }) on the webhook route.',
    );
  }
  if (input.timestamp === undefined || input.timestamp === null || input.timestamp === '') {
    throw new WebhookSignatureError(
      'header_missing',
      'The X-Service-Timestamp header is missing: pass req.headers["x-service-timestamp"]. ' +
        'A proxy that strips X- headers also causes this.',
    );
  }
  if (input.signature === undefined || input.signature === null || input.signature === '') {
    throw new WebhookSignatureError(
      'header_missing',
      'The X-Service-Signature header is missing: pass req.headers["x-service-signature"]. ' +
        'A proxy that strips X- headers also causes this.',
    );
  }
  const timestamp = String(input.timestamp).trim();
  if (!timestampPattern.test(timestamp)) {
    const hint = timestampMillisecondsPattern.test(timestamp)
      ? ' It looks like milliseconds; the header carries Unix seconds.'
      : '';
    throw new WebhookSignatureError(
      'timestamp_malformed',
      `X-Service-Timestamp must be Unix seconds as a decimal string, got ${JSON.stringify(timestamp)}.${hint}`,
    );
  }
  const signatures = String(input.signature).split(webhookSignatureSeparator).map((part) => part.trim());
  const malformed = signatures.find((part) => !signaturePattern.test(part));
  if (malformed !== undefined || signatures.length > webhookSignaturesMax) {
    throw new WebhookSignatureError(
      'signature_malformed',
      `X-Service-Signature must be ${signatureHexLength} lowercase hex characters (HMAC-SHA256), or up to ` +
        `${webhookSignaturesMax} of them comma-separated during a secret rotation; got ` +
        `${malformed === undefined ? `${signatures.length} signatures` : `${malformed.length} characters`}. ` +
        'Pass the header value itself, not a parsed or re-encoded form.',
    );
  }

  const nowMs = (input.now ?? Date.now)();
  if (!Number.isFinite(nowMs) || nowMs < 0) throw new RangeError(`now() returned ${nowMs}; expected milliseconds since the Unix epoch`);
  const nowSeconds = Math.floor(nowMs / 1000);
  const ageSeconds = nowSeconds - Number(timestamp);
  if (ageSeconds > toleranceSeconds) {
    throw new WebhookSignatureError(
      'timestamp_too_old',
      `The delivery timestamp is ${ageSeconds} s old, more than the ${toleranceSeconds} s tolerance. ` +
        'Either this is a replay of an old delivery, or the receiver clock is wrong (check NTP), ' +
        'or the body was queued before verification: verify as soon as the request arrives.',
    );
  }
  if (-ageSeconds > toleranceSeconds) {
    throw new WebhookSignatureError(
      'timestamp_in_future',
      `The delivery timestamp is ${-ageSeconds} s in the future, more than the ${toleranceSeconds} s ` +
        'tolerance. The receiver clock is probably behind (check NTP), or the value is not Unix seconds.',
    );
  }

  const body_bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody instanceof ArrayBuffer ? new Uint8Array(rawBody) : rawBody);
  const expected = secrets.map((secret) => createHmac('sha256', secret).update(`${timestamp}.`).update(body_bytes).digest());
  const received = signatures.map((signature) => Buffer.from(signature, 'hex'));
  // Every pair compared (no early exit), each pair 32 bytes as timingSafeEqual requires.
  let matched = false;
  for (const digest of expected) {
    for (const candidate of received) matched = timingSafeEqual(digest, candidate) || matched;
  }
  if (!matched) {
    throw new WebhookSignatureError(
      'signature_mismatch',
      'The signature does not match the body. Usual causes: the wrong secret (use this endpoint\'s ' +
        'signing_secret, not the API secret, and the one from the latest POST /webhooks); or a body ' +
        'that is not byte-for-byte what was received (parsed and re-serialized JSON, changed ' +
        'whitespace or encoding).',
    );
  }
}

/**
 * Verifies a delivery from its headers and raw body, then parses it.
 * `headers` may be Node's IncomingHttpHeaders (lower-case keys) or a Fetch Headers object.
 */
export function parseWebhookEvent<Event = WebhookEvent>(input: {
  rawBody: string | Uint8Array | ArrayBuffer;
  headers: Headers | Record<string, string | string[] | undefined>;
  secret: string | readonly string[];
  toleranceSeconds?: number;
  now?: () => number;
}): Event {
  const read = (name: string): string | undefined => {
    if (input.headers instanceof Headers) return input.headers.get(name) ?? undefined;
    const value = input.headers[name.toLowerCase()] ?? input.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  verifyWebhookSignature({
    rawBody: input.rawBody,
    timestamp: read('X-Service-Timestamp'),
    signature: read('X-Service-Signature'),
    secret: input.secret,
    ...(input.toleranceSeconds === undefined ? {} : { toleranceSeconds: input.toleranceSeconds }),
    ...(input.now ? { now: input.now } : {}),
  });
  const text =
    typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder('utf-8').decode(input.rawBody);
  return JSON.parse(text) as Event;
}

/**
 * The delivery body: `data` depends on `type`; every `data` carries `sequence`, the event's place
 * among its resource's events (1, 2, 3...): keep the highest seen per resource, drop lower ones.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown> & { sequence?: number };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object (parsed JSON?)';
  return typeof value;
}
