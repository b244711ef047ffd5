// What happens between a webhook attempt and its record when the database fails (issue 22, item 6:
// "a delivery interrupted by a database restart was sent a 7th time"): an outcome the database
// refuses, connections refused while the answer comes back, and a worker that died after sending.
// The bound holds in each: no delivery is sent more than 6 times, and an outcome that can be
// recorded is recorded once, so the receiver sees the event once. Failures are real, made in the
// database (a trigger, ALLOW_CONNECTIONS off, pg_terminate_backend), never a replaced part.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createSecretBox } from '../../src/crypto/secret-box.ts';
import { openEmbeddedCluster, type EmbeddedCluster } from '../../src/db/embedded.ts';
import { createPool, type Sql } from '../../src/db/index.ts';
import { migrateAll } from '../../src/db/schema-steps.ts';
import { appendEvents } from '../../src/domain/events.ts';
import { insertMerchant } from '../../src/accounts/merchants.ts';
import { createLogger } from '../../src/log.ts';
import { webhookPoolName } from '../../src/runtime.ts';
import { attemptsUsedUpError } from '../../src/webhooks/deliveries.ts';
import { insertEndpoint } from '../../src/webhooks/endpoints.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import type { TestService } from '../helpers/service.ts';
import { deliveriesOf, eventIdOf, kycEndpointFor, startReceiver, startWebhookService, waitFor, type DeliveryRecord, type Receiver } from './helpers.ts';

vi.setConfig({ testTimeout: 90_000 });

/** The seed's 6 attempts (the tests' schedule has the seed's 5 waits, shortened). */
const attemptsMax = 6;

function kycEvents(merchantId: string, resourceIds: string[]) {
  return resourceIds.map((id) => ({
    merchantId, type: 'kyc.verified' as const, resourceType: 'sub_merchant' as const, resourceId: id,
    data: { sub_merchant_id: id, merchant_id: merchantId, kyc_status: 'verified', kyc_tier: 'tier_1', reason: null, occurred_at: new Date().toISOString() },
  }));
}

async function settled(service: TestService, endpointId: string, count: number, timeoutMs = 60_000): Promise<DeliveryRecord[]> {
  return await waitFor(`${count} settled deliveries`, async () => {
    const rows = await deliveriesOf(service, endpointId);
    return rows.length === count && rows.every((row) => row.status === 'succeeded' || row.status === 'exhausted') ? rows : null;
  }, timeoutMs);
}

describe('an outcome the database refuses, and a worker that died after sending', () => {
  let service: TestService;
  let receiver: Receiver;
  beforeAll(async () => { [service, receiver] = await Promise.all([startWebhookService(), startReceiver()]); });
  afterAll(async () => { await receiver?.close(); await service?.close(); });

  it('a 2xx whose outcome can never be stored is sent exactly 6 times, then exhausted; the rest of its round is delivered once', async () => {
    receiver.behave('/unrecordable', { status: 200, body: 'ok' });
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/unrecordable'));
    const resourceIds = Array.from({ length: 5 }, () => randomUUID());
    const poisonedResource = resourceIds[2]!;
    // The database refuses to record this one delivery's outcome (any status but the claim's
    // own "exhausted"), as it refused a NUL byte: the single statement of the round fails.
    await service.sql.unsafe(`
      create function test_refuse_outcome() returns trigger language plpgsql as $$
      begin
        if old.lease_token is not null and new.lease_token is null and new.status <> 'exhausted'
           and exists (select 1 from events e where e.id = new.event_id and e.resource_id = '${poisonedResource}') then
          raise exception 'injected: this outcome cannot be stored';
        end if;
        return new;
      end $$;
      create trigger test_refuse_outcome before update on webhook_deliveries for each row execute function test_refuse_outcome();`);
    try {
      await appendEvents(service.sql, kycEvents(merchant.merchantId, resourceIds));
      const [poisoned] = await service.sql<{ id: string }[]>`select id from events where resource_id = ${poisonedResource}`;
      const rows = await settled(service, endpoint.id, 5);
      const byEvent = new Map(rows.map((row) => [row.event_id, row]));
      expect(byEvent.get(poisoned!.id)).toMatchObject({ status: 'exhausted', attempt_count: attemptsMax, last_error: attemptsUsedUpError });
      const clean = rows.filter((row) => row.event_id !== poisoned!.id);
      expect(clean.map((row) => [row.status, row.attempt_count, row.last_response_snippet])).toEqual(Array(4).fill(['succeeded', 1, 'ok']));
      const counts = new Map<string, number>();
      for (const d of receiver.at('/unrecordable')) counts.set(eventIdOf(d.rawBody), (counts.get(eventIdOf(d.rawBody)) ?? 0) + 1);
      expect(counts.get(poisoned!.id)).toBe(attemptsMax);
      expect(clean.map((row) => counts.get(row.event_id))).toEqual([1, 1, 1, 1]);
      const [dead] = await service.sql`select attempt_count, last_error from webhook_dead_letters where delivery_id = ${byEvent.get(poisoned!.id)!.id}`;
      expect(dead).toEqual({ attempt_count: attemptsMax, last_error: attemptsUsedUpError });
      // Left alone afterwards: the sweep finds nothing due.
      expect(await service.runtime.webhooks.sweepOnce()).toBe(0);
    } finally {
      await service.sql.unsafe('drop trigger test_refuse_outcome on webhook_deliveries; drop function test_refuse_outcome();');
    }
  });

  it('a worker that died after its 6th send (lease left to expire): the claim exhausts the delivery and sends nothing', async () => {
    receiver.behave('/crashed', { status: 200, body: 'ok' });
    const { merchant, endpoint } = await kycEndpointFor(service, receiver.url('/crashed'));
    const [fifth, sixth] = [randomUUID(), randomUUID()];
    await appendEvents(service.sql, kycEvents(merchant.merchantId, [fifth, sixth]));
    await settled(service, endpoint.id, 2);
    expect(receiver.at('/crashed')).toHaveLength(2);
    // As a worker leaves its deliveries when it is killed after sending attempts 5 and 6: counted
    // at their claim, leased, no outcome recorded; the leases have run out.
    await service.sql`
      update webhook_deliveries d set status = 'failed', attempt_count = case when e.resource_id = ${fifth} then 5 else 6 end,
        lease_token = gen_random_uuid(), lease_expires_at = now() - interval '1 second', next_attempt_at = now() - interval '1 second'
      from events e where e.id = d.event_id and d.endpoint_id = ${endpoint.id}`;
    await service.runtime.webhooks.serveEndpoint(endpoint.id);
    const rows = await deliveriesOf(service, endpoint.id);
    const [fifthEvent] = await service.sql<{ id: string }[]>`select id from events where resource_id = ${fifth}`;
    const byEvent = new Map(rows.map((row) => [row.event_id, row]));
    // Attempt 6 of the first is made (and succeeds); the second, at 6 already, is exhausted unsent.
    expect(byEvent.get(fifthEvent!.id)).toMatchObject({ status: 'succeeded', attempt_count: 6 });
    const spent = rows.find((row) => row.event_id !== fifthEvent!.id)!;
    expect(spent).toMatchObject({ status: 'exhausted', attempt_count: 6, last_error: attemptsUsedUpError, next_attempt_at: null });
    expect(receiver.at('/crashed').map((d) => eventIdOf(d.rawBody)).filter((id) => id === spent.event_id)).toHaveLength(1);
    expect(receiver.at('/crashed')).toHaveLength(3);

    // A manual retry is the merchant asking for one more: it is sent, once, as attempt 7.
    const { response } = await merchant.client.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpoint.id, delivery_id: spent.id } } });
    expect(response.status).toBe(200);
    const done = await waitFor('the manual retry delivered', async () => (await deliveriesOf(service, endpoint.id)).find((row) => row.id === spent.id && row.status === 'succeeded'));
    expect(done.attempt_count).toBe(7);
    expect(receiver.at('/crashed')).toHaveLength(4);
  });
});

describe('the database unreachable between the send and its record', () => {
  let service: TestService;
  let admin: Sql;
  let server: http.Server;
  let databaseName: string;
  /** Each request's event id, in arrival order. */
  const received: string[] = [];
  let outage: Promise<void> = Promise.resolve();

  /** Refuses new connections to the service's database and drops the webhook worker's own. */
  const cutOff = async () => {
    await admin.unsafe(`alter database "${databaseName}" with allow_connections false`);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${databaseName} and application_name = ${webhookPoolName}`;
  };
  const restore = async () => { await admin.unsafe(`alter database "${databaseName}" with allow_connections true`); };

  beforeAll(async () => {
    // A 3 s attempt timeout: the lease (2 x 3 s + 1 s) outlasts the 1 s outage by far, so the
    // record is retried in time even on a loaded machine.
    service = await startWebhookService({ WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000' });
    databaseName = new URL(service.databaseUrl).pathname.slice(1);
    admin = createPool(inject('adminDatabaseUrl'), 1);
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(eventIdOf(Buffer.concat(chunks)));
        // The first request: the database goes away before the answer, and comes back 1 s later.
        if (received.length === 1) {
          outage = cutOff().then(() => {
            res.writeHead(200).end('ok');
            return new Promise<void>((resolve) => setTimeout(resolve, 1_000));
          }).then(restore);
        } else {
          res.writeHead(200).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await outage.catch(() => {});
    await restore().catch(() => {});
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await admin?.end();
    await service?.close();
  });

  it('the outcome is recorded when the database is back: one attempt, the receiver sees the event once', async () => {
    const { merchant, endpoint } = await kycEndpointFor(service, `http://127.0.0.1:${(server.address() as AddressInfo).port}/outage`);
    await appendEvents(service.sql, kycEvents(merchant.merchantId, [randomUUID()]));
    await waitFor('the first request', () => received.length >= 1);
    await outage;
    const [row] = await settled(service, endpoint.id, 1, 30_000);
    expect(row).toMatchObject({ status: 'succeeded', attempt_count: 1, last_response_code: 200, last_response_snippet: 'ok' });
    expect(received).toHaveLength(1);
    // The worker said what happened while it waited.
    expect(service.logs.some((line) => line.msg === 'webhook outcomes not recorded yet: the database failed; trying again')).toBe(true);
  });
});

describe('a real PostgreSQL restart between the send and its record', () => {
  // A cluster of this test's own (the run's shared one serves every other test file): stopped
  // while the receiver holds its answer, started again on the same data directory and port.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-webhook-restart-'));
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  let cluster: EmbeddedCluster;
  let sql: Sql;
  let server: http.Server;
  const received: string[] = [];
  let restarted: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    cluster = await openEmbeddedCluster({ dataDir, logger, postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'] });
    const admin = createPool(cluster.adminUrl, 1);
    await admin.unsafe('create database payagg');
    await admin.end();
    sql = createPool(cluster.databaseUrl, 4, webhookPoolName);
    await migrateAll({ sql, url: cluster.databaseUrl }, loadConfig({}), logger);
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(eventIdOf(Buffer.concat(chunks)));
        if (received.length > 1) return void res.writeHead(200).end('ok');
        // The database stops before the answer goes back, and starts again after it.
        restarted = cluster.stop().then(() => {
          res.writeHead(200).end('ok');
          return openEmbeddedCluster({ dataDir, logger, postgresFlags: ['-c', 'fsync=off', '-c', 'full_page_writes=off'] });
        }).then((again) => { cluster = again; });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await restarted.catch(() => {});
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await sql?.end({ timeout: 5 });
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the outcome is recorded once the database is back: one attempt, the receiver sees the event once', async () => {
    // A 5 s attempt timeout: an 11 s lease, far more than a restart takes.
    const config = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_ATTEMPT_TIMEOUT_MS: '5000', WEBHOOK_RETRY_SCHEDULE_S: '1,1,1,1,1' }).webhooks;
    const box = createSecretBox(randomBytes(32));
    const merchant = await insertMerchant(sql, { name: 'Restart Merchant' });
    const inserted = await insertEndpoint(sql, box, {
      merchantId: merchant.id, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/restart`, subscribedEvents: ['kyc.verified'],
    });
    if (!inserted.ok) throw new Error('a first endpoint is under the limit');
    const endpoint = inserted.row;
    await appendEvents(sql, kycEvents(merchant.id, [randomUUID()]));
    const worker = createWebhookWorker({ sql, databaseUrl: cluster.databaseUrl, jobDeps: {} as never, box, config, logger });
    try {
      expect(await worker.relayOnce()).toBe(1);
      // One sender turn, here: claim, POST (the database stops), record (retried until it is back).
      await worker.serveEndpoint(endpoint.id);
      await restarted;
      const [row] = await sql<{ status: string; attempt_count: number; last_response_code: number | null }[]>`
        select status, attempt_count, last_response_code from webhook_deliveries where endpoint_id = ${endpoint.id}`;
      expect(row).toEqual({ status: 'succeeded', attempt_count: 1, last_response_code: 200 });
      expect(received).toHaveLength(1);
      // It did fail while the database was down, and was tried again.
      expect(lines.filter((line) => line.msg === 'webhook outcomes not recorded yet: the database failed; trying again').length).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  });
});
