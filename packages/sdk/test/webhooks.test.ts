import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseWebhookEvent,
  verifyWebhookSignature,
  WebhookSignatureError,
  type WebhookSignatureFailure,
} from '../src/index.ts';

const secret = 'whsec_endpoint_secret';
const nowSeconds = 1_800_000_000;
const now = () => nowSeconds * 1000;
const rawBody = '{"id":"evt_1","type":"transaction.success","created_at":"2027-01-15T08:00:00Z","data":{"amount":150000}}';

function sign(body: string, timestamp: number | string, key = secret): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

function expectFailure(run: () => void, reason: WebhookSignatureFailure, message: RegExp): void {
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
    const signature = sign(rawBody, nowSeconds);
    expect(() =>
      verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature, secret, now }),
    ).not.toThrow();
  });

  it('accepts an authentic delivery given as a Buffer', () => {
    const signature = sign(rawBody, nowSeconds - 299);
    verifyWebhookSignature({
      rawBody: Buffer.from(rawBody),
      timestamp: String(nowSeconds - 299),
      signature,
      secret,
      now,
    });
  });

  it('rejects a tampered body', () => {
    const signature = sign(rawBody, nowSeconds);
    const tampered = rawBody.replace('150000', '150001');
    expectFailure(
      () => verifyWebhookSignature({ rawBody: tampered, timestamp: String(nowSeconds), signature, secret, now }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a re-serialized body (whitespace differs)', () => {
    const pretty = JSON.stringify(JSON.parse(rawBody), null, 2);
    const signature = sign(rawBody, nowSeconds);
    expectFailure(
      () => verifyWebhookSignature({ rawBody: pretty, timestamp: String(nowSeconds), signature, secret, now }),
      'signature_mismatch',
      /re-serialized/,
    );
  });

  it('rejects the wrong secret and says which secret to use', () => {
    const signature = sign(rawBody, nowSeconds, 'sk_live_api_secret');
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature, secret, now }),
      'signature_mismatch',
      /signing_secret, not the API secret/,
    );
  });

  it('rejects a stale timestamp even with a valid signature', () => {
    const timestamp = nowSeconds - 301;
    expectFailure(
      () =>
        verifyWebhookSignature({
          rawBody: rawBody,
          timestamp: String(timestamp),
          signature: sign(rawBody, timestamp),
          secret,
          now,
        }),
      'timestamp_too_old',
      /301 s old, more than the 300 s tolerance/,
    );
  });

  it('rejects a timestamp from the future', () => {
    const timestamp = nowSeconds + 301;
    expectFailure(
      () =>
        verifyWebhookSignature({
          rawBody: rawBody,
          timestamp: String(timestamp),
          signature: sign(rawBody, timestamp),
          secret,
          now,
        }),
      'timestamp_in_future',
      /in the future/,
    );
  });

  it('honours toleranceSeconds: 0 (?? keeps a zero tolerance, || would not)', () => {
    const timestamp = nowSeconds - 1;
    expectFailure(
      () =>
        verifyWebhookSignature({
          rawBody: rawBody,
          timestamp: String(timestamp),
          signature: sign(rawBody, timestamp),
          secret,
          toleranceSeconds: 0,
          now,
        }),
      'timestamp_too_old',
      /1 s old, more than the 0 s tolerance/,
    );
  });

  it('rejects a malformed signature', () => {
    const signature = sign(rawBody, nowSeconds);
    for (const bad of [signature.toUpperCase(), signature.slice(0, 63), `sha256=${signature}`, 'not-hex']) {
      expectFailure(
        () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature: bad, secret, now }),
        'signature_malformed',
        /64 lowercase hex characters/,
      );
    }
  });

  it('rejects a malformed timestamp and spots milliseconds', () => {
    const signature = sign(rawBody, nowSeconds);
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds * 1000), signature, secret, now }),
      'timestamp_malformed',
      /looks like milliseconds/,
    );
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: '2027-01-15T08:00:00Z', signature, secret, now }),
      'timestamp_malformed',
      /Unix seconds/,
    );
  });

  it('rejects a missing signature header', () => {
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature: undefined, secret, now }),
      'header_missing',
      /X-Service-Signature header is missing/,
    );
  });

  it('rejects a missing timestamp header', () => {
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: null, signature: sign(rawBody, nowSeconds), secret, now }),
      'header_missing',
      /X-Service-Timestamp header is missing/,
    );
  });

  it('rejects parsed JSON instead of the raw body', () => {
    expectFailure(
      () =>
        verifyWebhookSignature({
          rawBody: JSON.parse(rawBody) as never,
          timestamp: String(nowSeconds),
          signature: sign(rawBody, nowSeconds),
          secret,
          now,
        }),
      'body_not_raw',
      /express\.raw/,
    );
  });

  it('rejects a missing secret', () => {
    expectFailure(
      () =>
        verifyWebhookSignature({
          rawBody: rawBody,
          timestamp: String(nowSeconds),
          signature: sign(rawBody, nowSeconds),
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
    const signature = header(rawBody, nowSeconds);
    for (const keys of [secret, previous, [secret, previous], [previous, secret]]) {
      expect(() =>
        verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature, secret: keys, now }),
      ).not.toThrow();
    }
  });

  it('accepts a single signature made with either of two secrets the receiver holds', () => {
    const signature = sign(rawBody, nowSeconds, previous);
    verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature, secret: [secret, previous], now });
  });

  it('rejects two signatures when neither secret matches', () => {
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature: header(rawBody, nowSeconds), secret: 'whsec_other', now }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a tampered body under both signatures', () => {
    expectFailure(
      () => verifyWebhookSignature({
        rawBody: rawBody.replace('150000', '150001'), timestamp: String(nowSeconds), signature: header(rawBody, nowSeconds), secret: [secret, previous], now,
      }),
      'signature_mismatch',
      /does not match the body/,
    );
  });

  it('rejects a list with a malformed member, an empty member, or too many members', () => {
    const good = sign(rawBody, nowSeconds);
    for (const bad of [`${good},xyz`, `${good},`, `,${good}`, Array.from({ length: 5 }, () => good).join(',')]) {
      expectFailure(
        () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature: bad, secret, now }),
        'signature_malformed',
        /64 lowercase hex characters/,
      );
    }
  });

  it('rejects an empty list of secrets', () => {
    expectFailure(
      () => verifyWebhookSignature({ rawBody: rawBody, timestamp: String(nowSeconds), signature: sign(rawBody, nowSeconds), secret: [], now }),
      'secret_missing',
      /signing_secret/,
    );
  });
});

describe('parseWebhookEvent', () => {
  it('verifies from Node-style headers and parses the event', () => {
    const event = parseWebhookEvent({
      rawBody: Buffer.from(rawBody),
      headers: { 'x-service-timestamp': String(nowSeconds), 'x-service-signature': sign(rawBody, nowSeconds) },
      secret,
      now,
    });
    expect(event).toMatchObject({ id: 'evt_1', type: 'transaction.success' });
  });

  it('verifies from Fetch Headers and refuses a forged one', () => {
    const headers = new Headers({ 'X-Service-Timestamp': String(nowSeconds), 'X-Service-Signature': sign('{}', nowSeconds) });
    expect(() => parseWebhookEvent({ rawBody: rawBody, headers, secret, now })).toThrow(WebhookSignatureError);
  });
});
