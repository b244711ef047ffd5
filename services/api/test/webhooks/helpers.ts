// A real local webhook receiver (node:http) that records every delivery byte for byte, with a
// behaviour per path (answer, hang, redirect, Retry-After...), and helpers to wait for deliveries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseWebhookEvent, type WebhookEvent } from '@payagg/sdk';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { appendEvents } from '../../src/domain/events.ts';
import type { TestService } from '../helpers/service.ts';
import { startTestService } from '../helpers/service.ts';

export type ReceivedDelivery = {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAtMs: number;
};

/** What the receiver does with one request: answer with a status (and headers/body), or never answer. */
export type Behaviour =
  | { status: number; headers?: Record<string, string>; body?: string | Buffer }
  | { hang: true };

export type Receiver = {
  origin: string;
  url(path: string): string;
  received: ReceivedDelivery[];
  /** Deliveries to one path, in arrival order. */
  at(path: string): ReceivedDelivery[];
  /** Sets what `path` answers; a function decides per request (n = the path's request count, from 1). */
  behave(path: string, behaviour: Behaviour | ((n: number, delivery: ReceivedDelivery) => Behaviour)): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  const behaviours = new Map<string, Behaviour | ((n: number, delivery: ReceivedDelivery) => Behaviour)>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const delivery: ReceivedDelivery = { path, headers: req.headers, rawBody: Buffer.concat(chunks), receivedAtMs: Date.now() };
      received.push(delivery);
      const rule = behaviours.get(path) ?? { status: 200, body: 'ok' };
      const behaviour = typeof rule === 'function' ? rule(received.filter((d) => d.path === path).length, delivery) : rule;
      if ('hang' in behaviour) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(behaviour.status, { 'Content-Type': 'text/plain', ...behaviour.headers });
      res.end(behaviour.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    received,
    at: (path) => received.filter((d) => d.path === path),
    behave(path, behaviour) { behaviours.set(path, behaviour); },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A test service whose webhook worker runs with short, test-sized settings. */
export async function startWebhookService(env: Record<string, string> = {}): Promise<TestService> {
  const service = await startTestService({
    env: {
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RELAY_POLL_MS: '50',
      WEBHOOK_SWEEP_INTERVAL_MS: '100',
      WEBHOOK_RETRY_SCHEDULE_S: '1,1,1,1,1',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
      ...env,
    },
  });
  await service.runtime.webhooks.start();
  return service;
}

export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Verifies a received delivery with the SDK's own verifier on its raw bytes, and parses it. */
export function verified(delivery: ReceivedDelivery, secret: string | string[]): WebhookEvent {
  return parseWebhookEvent({ rawBody: delivery.rawBody, headers: delivery.headers, secret });
}

export async function registerEndpoint(service: TestService, url: string, events: string[] = ['transaction.pending', 'transaction.success', 'transaction.failed', 'transaction.reversed']) {
  const { data, error, response } = await service.client.POST('/webhooks', { body: { url, subscribed_events: events as never } });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  return data!.data;
}

export type DeliveryRecord = {
  id: string; status: string; attempt_count: number; last_response_code: number | null; last_response_snippet: string | null;
  last_error: string | null; next_attempt_at: Date | null; event_id: string; event_type: string;
};

export async function deliveriesOf(service: TestService, endpointId: string): Promise<DeliveryRecord[]> {
  return await service.sql<DeliveryRecord[]>`
    select id, status, attempt_count, last_response_code, last_response_snippet, last_error, next_attempt_at, event_id, event_type
    from webhook_deliveries where endpoint_id = ${endpointId} order by created_at, id`;
}

/** `count` kyc.verified events of the merchant, written at once (one relay round); their ids, in order. */
export async function emitMany(service: TestService, merchantId: string, count: number): Promise<string[]> {
  const events = Array.from({ length: count }, () => {
    const id = randomUUID();
    return {
      merchantId, type: 'kyc.verified' as const, resourceType: 'sub_merchant' as const, resourceId: id,
      data: { sub_merchant_id: id, merchant_id: merchantId, kyc_status: 'verified', kyc_tier: 'tier_1', reason: null, occurred_at: new Date().toISOString() },
    };
  });
  await appendEvents(service.sql, events);
  const rows = await service.sql<{ id: string; resource_id: string }[]>`
    select id, resource_id from events where resource_id = any(${events.map((e) => e.resourceId)}::uuid[])`;
  return events.map((e) => rows.find((row) => row.resource_id === e.resourceId)!.id);
}

/** A new merchant with one endpoint at `url` subscribed to kyc.verified. */
export async function kycEndpointFor(service: TestService, url: string) {
  const merchant = await service.createMerchant();
  const { data, error } = await merchant.client.POST('/webhooks', { body: { url, subscribed_events: ['kyc.verified'] } });
  expect(error, JSON.stringify(error)).toBeUndefined();
  return { merchant, endpoint: data!.data };
}

/** The event id a delivery carried. */
export const eventIdOf = (rawBody: Buffer): string => (JSON.parse(rawBody.toString('utf8')) as { id: string }).id;
