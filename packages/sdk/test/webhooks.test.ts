import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseWebhookEvent,
  verifyWebhookSignature,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from '../src/index.ts';

const secret = 'whsec_endpoint_secret';
const now_seconds = 1_800_000_000;
const now = () => now_seconds * 1000;
const raw_body = '{"id":"evt_1","type":"transaction.success","created_at":"2027-01-15T08:00:00Z","data":{"amount":150000}}';

function sign(body: string, timestamp: number | string, key = secret): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

function expect_failure(run: () => void, reason: WebhookSignatureFailure, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WebhookSignatureError);
  expect((caught as WebhookSignatureError).reason).toBe(reason);
  expect((caught as WebhookSignatureError).message).toMatch(message);
}

describe('verifyWebhookSignature', () => {
  it('accepts an authentic delivery given as a string', () => {
    const signature = sign(raw_body, now_seconds);
    expect(() =>
      verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature, secret, now }),
    ).not.toThrow();
  });

  it('accepts an authentic delivery given as a Buffer', () => {
    const signature = sign(raw_body, now_seconds - 299);
    verifyWebhookSignature({
      rawBody: Buffer.from(raw_body),
      timestamp: String(now_seconds - 299),
      signature,
      secret,
      now,
    });
  });

  it('rejects a tampered body', () => {
    const signature = sign(raw_body, now_seconds);
    const tampered = raw_body.replace('150000', '150001');
    expect_failure(
      () => verifyWebhookSignature({ rawBody: tampered, timestamp: String(now_seconds), signature, secret, now }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a re-serialized body (whitespace differs)', () => {
    const pretty = JSON.stringify(JSON.parse(raw_body), null, 2);
    const signature = sign(raw_body, now_seconds);
    expect_failure(
      () => verifyWebhookSignature({ rawBody: pretty, timestamp: String(now_seconds), signature, secret, now }),
      'signature_mismatch',
      /re-serialized/,
    );
  });

  it('rejects the wrong secret and says which secret to use', () => {
    const signature = sign(raw_body, now_seconds, 'sk_live_api_secret');
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature, secret, now }),
      'signature_mismatch',
      /signing_secret, not the API secret/,
    );
  });

  it('rejects a stale timestamp even with a valid signature', () => {
    const timestamp = now_seconds - 301;
    expect_failure(
      () =>
        verifyWebhookSignature({
          rawBody: raw_body,
          timestamp: String(timestamp),
          signature: sign(raw_body, timestamp),
          secret,
          now,
        }),
      'timestamp_too_old',
      /301 s old, more than the 300 s tolerance/,
    );
  });

  it('rejects a timestamp from the future', () => {
    const timestamp = now_seconds + 301;
    expect_failure(
      () =>
        verifyWebhookSignature({
          rawBody: raw_body,
          timestamp: String(timestamp),
          signature: sign(raw_body, timestamp),
          secret,
          now,
        }),
      'timestamp_in_future',
      /in the future/,
    );
  });

  it('honours toleranceSeconds: 0 (?? keeps a zero tolerance, || would not)', () => {
    const timestamp = now_seconds - 1;
    expect_failure(
      () =>
        verifyWebhookSignature({
          rawBody: raw_body,
          timestamp: String(timestamp),
          signature: sign(raw_body, timestamp),
          secret,
          toleranceSeconds: 0,
          now,
        }),
      'timestamp_too_old',
      /1 s old, more than the 0 s tolerance/,
    );
  });

  it('rejects a malformed signature', () => {
    const signature = sign(raw_body, now_seconds);
    for (const bad of [signature.toUpperCase(), signature.slice(0, 63), `sha256=${signature}`, 'not-hex']) {
      expect_failure(
        () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature: bad, secret, now }),
        'signature_malformed',
        /64 lowercase hex characters/,
      );
    }
  });

  it('rejects a malformed timestamp and spots milliseconds', () => {
    const signature = sign(raw_body, now_seconds);
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds * 1000), signature, secret, now }),
      'timestamp_malformed',
      /looks like milliseconds/,
    );
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: '2027-01-15T08:00:00Z', signature, secret, now }),
      'timestamp_malformed',
      /Unix seconds/,
    );
  });

  it('rejects a missing signature header', () => {
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature: undefined, secret, now }),
      'header_missing',
      /X-Service-Signature header is missing/,
    );
  });

  it('rejects a missing timestamp header', () => {
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: null, signature: sign(raw_body, now_seconds), secret, now }),
      'header_missing',
      /X-Service-Timestamp header is missing/,
    );
  });

  it('rejects parsed JSON instead of the raw body', () => {
    expect_failure(
      () =>
        verifyWebhookSignature({
          rawBody: JSON.parse(raw_body) as never,
          timestamp: String(now_seconds),
          signature: sign(raw_body, now_seconds),
          secret,
          now,
        }),
      'body_not_raw',
      /express\.raw/,
    );
  });

  it('rejects a missing secret', () => {
    expect_failure(
      () =>
        verifyWebhookSignature({
          rawBody: raw_body,
          timestamp: String(now_seconds),
          signature: sign(raw_body, now_seconds),
          secret: '',
          now,
        }),
      'secret_missing',
      /signing_secret/,
    );
  });
});

describe('verifyWebhookSignature during a secret rotation (two comma-separated signatures)', () => {
  const previous = 'whsec_previous_secret';
  const header = (body: string, timestamp: number) => `${sign(body, timestamp, secret)},${sign(body, timestamp, previous)}`;

  it('accepts the delivery with the new secret alone, the previous one alone, or both', () => {
    const signature = header(raw_body, now_seconds);
    for (const keys of [secret, previous, [secret, previous], [previous, secret]]) {
      expect(() =>
        verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature, secret: keys, now }),
      ).not.toThrow();
    }
  });

  it('accepts a single signature made with either of two secrets the receiver holds', () => {
    const signature = sign(raw_body, now_seconds, previous);
    verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature, secret: [secret, previous], now });
  });

  it('rejects two signatures when neither secret matches', () => {
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature: header(raw_body, now_seconds), secret: 'whsec_other', now }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a tampered body under both signatures', () => {
    expect_failure(
      () => verifyWebhookSignature({
        rawBody: raw_body.replace('150000', '150001'), timestamp: String(now_seconds), signature: header(raw_body, now_seconds), secret: [secret, previous], now,
      }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a list with a malformed member, an empty member, or too many members', () => {
    const good = sign(raw_body, now_seconds);
    for (const bad of [`${good},xyz`, `${good},`, `,${good}`, Array.from({ length: 5 }, () => good).join(',')]) {
      expect_failure(
        () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature: bad, secret, now }),
        'signature_malformed',
        /64 lowercase hex characters/,
      );
    }
  });

  it('rejects an empty list of secrets', () => {
    expect_failure(
      () => verifyWebhookSignature({ rawBody: raw_body, timestamp: String(now_seconds), signature: sign(raw_body, now_seconds), secret: [], now }),
      'secret_missing',
      /signing_secret/,
    );
  });
});

describe('parseWebhookEvent', () => {
  it('verifies from Node-style headers and parses the event', () => {
    const event = parseWebhookEvent({
      rawBody: Buffer.from(raw_body),
      headers: { 'x-service-timestamp': String(now_seconds), 'x-service-signature': sign(raw_body, now_seconds) },
      secret,
      now,
    });
    expect(event).toMatchObject({ id: 'evt_1', type: 'transaction.success' });
  });

  it('verifies from Fetch Headers and refuses a forged one', () => {
    const headers = new Headers({ 'X-Service-Timestamp': String(now_seconds), 'X-Service-Signature': sign('{}', now_seconds) });
    expect(() => parseWebhookEvent({ rawBody: raw_body, headers, secret, now })).toThrow(WebhookSignatureError);
  });
});
