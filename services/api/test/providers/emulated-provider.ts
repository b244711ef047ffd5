// A payment provider emulated over real HTTP, for the routing, failover, callback and polling
// tests (test/providers/routing.test.ts). It is no real provider: its wire protocol is the
// common shape of the PSP APIs issue 24 names, cut to what routing needs, each part traced to
// the provider it follows:
//   - POST /charges with our reference as the idempotency key, answered at once with the
//     provider's reference and status `pending` (Paystack POST /charge answers `pay_offline` /
//     `pending` and its reference; MTN MoMo requesttopay answers 202 keyed by X-Reference-Id);
//     the same reference again answers the first charge (MTN MoMo: a repeated X-Reference-Id is
//     not charged twice);
//   - GET /charges/:reference, the status query (Paystack GET /transaction/verify/:reference,
//     MTN MoMo GET /requesttopay/{referenceId}: PENDING, SUCCESSFUL, FAILED with a reason); 404
//     when it holds nothing under that reference (MTN MoMo answers 404 RESOURCE_NOT_FOUND);
//   - POST /transfers and GET /transfers/:reference, the same for payouts (MTN MoMo disbursement
//     transfer, Paystack POST /transfer and GET /transfer/verify/:reference);
//   - the final status POSTed to our callback URL, signed with HMAC-SHA512 of the raw body under
//     the secret key in a signature header (Paystack's x-paystack-signature); a silent provider
//     never calls back (M-Pesa callbacks lost, as Daraja's documentation warns they may be);
//   - failures: 503 `{"accepted": false}` (a declared refusal before accepting: Daraja's
//     "System busy", MTN MoMo's 503 NOT_ALLOWED_TARGET_ENVIRONMENT...), a closed port (connection
//     refused), an answer that never comes after the charge was recorded (a timeout after
//     accepting) or before (a timeout before accepting).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach } from 'vitest';

export type ProviderMode = 'up' | 'refusing' | 'accept_then_hang' | 'hang_before_accept';
export type ChargeStatus = 'pending' | 'success' | 'failed';
export type Charge = {
  reference: string; providerReference: string; kind: 'collection' | 'refund' | 'payout'; amount: number; currency: string;
  parentReference: string | null; status: ChargeStatus; failureReason: string | null;
};

export type EmulatedProvider = {
  name: string;
  baseUrl: string;
  secret: string;
  mode: ProviderMode;
  /** The status query fails too (503) while set. */
  statusDown: boolean;
  /** Never calls back while set. */
  silent: boolean;
  /** Where it calls back (our /provider-callbacks/<name>/charge). */
  callbackUrl: string | null;
  charges: Map<string, Charge>;
  /** Requests received, by "METHOD /path-prefix" (POST /charges, GET /charges, POST /transfers...). */
  calls: Map<string, number>;
  /** Makes a charge final and calls back (unless silent); resolves with the callback's status. */
  settle(reference: string, status: 'success' | 'failed', failureReason?: string): Promise<number | null>;
  /** The callback body and its signature, as it would send them. */
  signedCallback(charge: Charge): { body: string; signature: string };
  /** Closes the port (connection refused from then on) or opens it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export async function startEmulatedProvider(name: string): Promise<EmulatedProvider> {
  const hanging = new Set<http.ServerResponse>();
  let sequence = 0;
  const provider: EmulatedProvider = {
    name, baseUrl: '', secret: `sk_test_${name}_${Math.random().toString(36).slice(2)}`, mode: 'up', statusDown: false, silent: false,
    callbackUrl: null, charges: new Map(), calls: new Map(),
    async settle(reference, status, failureReason) {
      const charge = provider.charges.get(reference);
      if (!charge) throw new Error(`${name}: no charge ${reference}`);
      charge.status = status;
      charge.failureReason = status === 'failed' ? failureReason ?? 'insufficient_funds' : null;
      if (provider.silent || !provider.callbackUrl) return null;
      const { body, signature } = provider.signedCallback(charge);
      const answer = await fetch(provider.callbackUrl, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-emulated-signature': signature } });
      await answer.arrayBuffer();
      return answer.status;
    },
    signedCallback(charge) {
      const body = JSON.stringify({ event: 'charge.final', data: charge });
      return { body, signature: createHmac('sha512', provider.secret).update(body).digest('hex') };
    },
    stop: async () => {
      for (const res of hanging) res.destroy();
      hanging.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
    start: async () => {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      if (server.listening) await provider.stop();
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [, collection, reference] = (req.url ?? '').split('/');
      const key = `${req.method} /${collection}`;
      provider.calls.set(key, (provider.calls.get(key) ?? 0) + 1);
      if (req.method === 'GET') {
        if (provider.statusDown) return json(res, 503, { message: 'status service unavailable' });
        const charge = provider.charges.get(decodeURIComponent(reference ?? ''));
        return charge ? json(res, 200, charge) : json(res, 404, { code: 'RESOURCE_NOT_FOUND' });
      }
      if (provider.mode === 'refusing') return json(res, 503, { accepted: false, message: 'system busy' });
      if (provider.mode === 'hang_before_accept') return void hanging.add(res);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reference: string; kind: Charge['kind']; amount: number; currency: string; parent_reference?: string };
      if (!Number.isSafeInteger(body.amount) || body.amount < 1) return json(res, 422, { field: 'amount' });
      let charge = provider.charges.get(body.reference);
      if (!charge) {
        sequence += 1;
        charge = {
          reference: body.reference, providerReference: `${name}_${sequence}`, kind: body.kind, amount: body.amount, currency: body.currency,
          parentReference: body.parent_reference ?? null, status: 'pending', failureReason: null,
        };
        provider.charges.set(body.reference, charge);
      }
      if (provider.mode === 'accept_then_hang') return void hanging.add(res);
      json(res, 201, { provider_reference: charge.providerReference, status: charge.status });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  provider.baseUrl = `http://127.0.0.1:${port}`;
  return provider;
}

/**
 * A test file's hooks for its service and emulated providers: before each test every provider is
 * up, answering its status queries and calling back; after the file, the service is closed, then
 * each provider. `current` reads them when the hooks run (the file starts them in its beforeAll).
 */
export function emulatedProviderHooks(current: () => { service: { close(): Promise<void> } | undefined; providers: readonly (EmulatedProvider | undefined)[] }): void {
  afterAll(async () => {
    const { service, providers } = current();
    await service?.close();
    for (const provider of providers) await provider?.close();
  });
  beforeEach(() => {
    for (const provider of current().providers) {
      if (!provider) continue;
      provider.mode = 'up';
      provider.statusDown = false;
      provider.silent = false;
    }
  });
}
