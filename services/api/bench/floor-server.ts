// The floor of the benchmarks: what a request costs with only the parts the design cannot do
// without, on the same Express 5, Node, postgres.js and PostgreSQL as the service, and nothing
// else (no OpenAPI validation, no key lookup, no rate limiter, no scopes, no circuit breaker, no
// encryption of the stored response, no outcome worker). Its rate is the most any implementation
// of the endpoint can reach on this machine, so it says how much of the gap between the service
// and the hello-world is the service's own cost and how much is the stack's.
//
//   GET  /v1/users        the signature checked (HMAC-SHA256, constant-time), the merchant's users
//                         read by the service's own query, the envelope.
//   POST /v1/collections  the raw body read, the signature checked, the JSON parsed and hashed,
//                         then the service's three writes in the same shape: the idempotency
//                         claim (synchronous commit), the rail's record (asynchronous commit, as
//                         the sandbox provider's pool does) and one statement writing the
//                         transaction row, its event and the stored response (synchronous).
//                         The tables are copies of the service's (`LIKE ... INCLUDING ALL`:
//                         columns, checks, indexes) in a `bench_floor` schema, so index upkeep
//                         costs what it costs the service.
//
// Started by support/processes.ts with DATA_DIR (it joins the service's embedded PostgreSQL)
// and BENCH_MERCHANT_ID / BENCH_API_SECRET from the service's first start.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { loadConfig } from '../src/config.ts';
import { asynchronousCommitSession, connectDatabase, createPool } from '../src/db/index.ts';
import { listUsers, toUserResource } from '../src/accounts/users.ts';
import { createLogger } from '../src/log.ts';

const config = loadConfig(process.env);
const database = await connectDatabase(config, createLogger('warn'));
const { sql } = database;
const providerSql = createPool(database.url, 4, 'payagg-bench-floor', asynchronousCommitSession);
const merchantId = process.env.BENCH_MERCHANT_ID!;
const apiSecret = process.env.BENCH_API_SECRET!;

await sql.unsafe(`
  create schema if not exists bench_floor;
  create table if not exists bench_floor.idempotency_keys (like public.idempotency_keys including all);
  create table if not exists bench_floor.provider_records (like public.sandbox_rail_initiations including all);
  create table if not exists bench_floor.transactions (like public.transactions including all);
  create table if not exists bench_floor.events (like public.events including all);`);

function signed(req: Request, body: Buffer): boolean {
  const expected = createHmac('sha256', apiSecret).update(`${req.get('x-service-timestamp') ?? ''}.`).update(body).digest();
  const given = Buffer.from(req.get('x-service-signature') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function envelope(res: Response, data: unknown): void {
  const requestId = randomUUID();
  res.setHeader('X-Request-Id', requestId);
  res.json({ data, error: null, meta: { request_id: requestId } });
}

const app = express();
app.disable('x-powered-by');
app.set('etag', false);

app.get('/v1/users', async (req, res) => {
  if (!signed(req, Buffer.alloc(0))) return void res.status(401).end();
  const users = await listUsers(sql, merchantId);
  envelope(res, users.map(toUserResource));
});

app.post('/v1/collections', express.raw({ type: () => true }), async (req, res) => {
  const raw = req.body as Buffer;
  if (!signed(req, raw)) return void res.status(401).end();
  const body = JSON.parse(raw.toString('utf8')) as { amount: number; currency: string; rail: string; reference: string };
  const key = req.get('idempotency-key')!;
  const id = randomUUID();
  const requestSha256 = createHash('sha256').update(raw).digest('hex');
  await sql`
    insert into bench_floor.idempotency_keys (merchant_id, key, operation, request_sha256, resource_id, locked_until, expires_at)
    values (${merchantId}, ${key}, 'POST /collections', ${requestSha256}, ${id},
            now() + interval '30 seconds', now() + interval '24 hours')`;
  const providerReference = `MM-${randomUUID()}`;
  await providerSql`
    insert into bench_floor.provider_records (rail, transaction_id, kind, request_sha256, provider_reference, amount, currency, scenario)
    values (${body.rail}, ${id}, 'collection', ${requestSha256}, ${providerReference}, ${body.amount}, ${body.currency}, 'success')`;
  const transaction = { id, type: 'collection', rail: body.rail, status: 'pending', amount: body.amount, currency: body.currency, reference: body.reference, provider_reference: providerReference };
  await sql`
    with t as (
      insert into bench_floor.transactions (id, merchant_id, type, rail, status, amount, currency, provider_reference, reference)
      values (${id}, ${merchantId}, 'collection', ${body.rail}, 'pending', ${body.amount}, ${body.currency}, ${providerReference}, ${body.reference})
      returning 1),
    e as (
      insert into bench_floor.events (id, merchant_id, type, resource_type, resource_id, data, resource_sequence)
      values (${randomUUID()}, ${merchantId}, 'transaction.pending', 'transaction', ${id}, ${sql.json(transaction)},
              (select coalesce(max(resource_sequence), 0) + 1 from bench_floor.events where resource_id = ${id}))
      returning 1),
    k as (
      update bench_floor.idempotency_keys set response_status = 200, response_sealed = ${Buffer.from(JSON.stringify(transaction))}, recovery_point = 'finished'
      where merchant_id = ${merchantId} and key = ${key}
      returning 1)
    select (select count(*) from t) + (select count(*) from e) + (select count(*) from k) as written`;
  envelope(res, transaction);
});

const server = app.listen(config.port, '127.0.0.1', () => process.stdout.write('ready\n'));
const shutdown = () =>
  server.close(async () => {
    await providerSql.end({ timeout: 5 });
    await database.close();
    process.exit(0);
  });
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
