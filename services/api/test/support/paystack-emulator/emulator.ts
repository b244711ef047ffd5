// A Paystack emulator for the connector's tests: Paystack's wire protocol on real HTTP, with
// state (charges, refunds, recipients, transfers, settlements), signed webhooks sent
// asynchronously to a callback URL and retried, and injected faults (no answer in time, a 5xx, a
// dropped connection). Sources: openapi.yaml (PaystackOSS/openapi, the paths and shapes; every
// request and every answer of a declared status is validated against it by express-openapi-validator, so a request
// Paystack would refuse fails the test), https://paystack.com/docs/api/ (authentication, errors),
// https://paystack.com/docs/payments/webhooks/ (signature, retries, events). Behaviour per
// request is in ./handlers.ts; the magic values that choose it are listed there.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiDocument } from './contract.ts';
import { mountHandlers } from './handlers.ts';
import type { EmulatorState, Settlement } from './shapes.ts';

export type Fault = {
  method: 'GET' | 'POST';
  /** The path template of the description, e.g. `/charge`. */
  template: string;
  /**
   * `late`: the request is carried out, its answer held until the client gives up (or sent `delayMs` later);
   * `status`: answered `status` without being carried out; `drop`: the connection is closed unanswered.
   */
  mode: 'late' | 'status' | 'drop';
  status?: number;
  delayMs?: number;
  /** How many matching requests it hits (1 unless said). */
  times?: number;
};

export type WebhookDelivery = { event: string; reference: string; status: number | 'error'; attempt: number };


export type PaystackEmulator = {
  url: string;
  state: EmulatorState;
  /** Requests or answers that broke Paystack's description: every test expects none. */
  violations: string[];
  /** Every request Paystack's API saw, in order (method and path), for "never charged twice". */
  requests: Array<{ method: string; path: string }>;
  deliveries: WebhookDelivery[];
  setCallbackUrl(url: string | null): void;
  /** When true, webhooks are not sent at all (a callback lost for good). */
  setWebhooksLost(lost: boolean): void;
  inject(fault: Fault): void;
  /** Moves every charge that is due to its final state now (and queues its webhooks). */
  finishPending(): void;
  /** Settles the successful charges not settled yet in one settlement per currency. */
  settle(): Settlement[];
  /** Resolves once no webhook is waiting to be sent. */
  webhooksSent(): Promise<void>;
  /** Queues an event for the callback URL (the handlers call it; tests may too). */
  queueWebhook(event: string, reference: string, data: unknown): void;
  close(): Promise<void>;
};

/** A webhook waits this long after its cause: "asynchronously", as Paystack sends them. */
export const webhookDelayMs = 20;
/** Paystack retries a webhook not answered 200; the emulator tries this many times in all. */
export const webhookAttemptsMax = 4;
/** Between attempts (Paystack waits minutes; a test cannot). */
export const webhookRetryDelayMs = 50;

export async function startPaystackEmulator(options: { contract: OpenApiDocument; secretKey: string }): Promise<PaystackEmulator> {
  const state: EmulatorState = { charges: new Map(), refunds: [], recipients: new Map(), transfers: new Map(), settlements: [], balance: 10_000_000_000, nextId: 5_000_001 };
  const violations: string[] = [];
  const requests: PaystackEmulator['requests'] = [];
  const deliveries: WebhookDelivery[] = [];
  const faults: Fault[] = [];
  const pendingWebhooks = new Set<Promise<void>>();
  let callbackUrl: string | null = null;
  let webhooksLost = false;

  async function deliver(event: string, reference: string, data: unknown): Promise<void> {
    const body = JSON.stringify({ event, data });
    // https://paystack.com/docs/payments/webhooks/: "HMAC SHA512 signature of the event payload signed using your secret key".
    const signature = createHmac('sha512', options.secretKey).update(body).digest('hex');
    for (let attempt = 1; attempt <= webhookAttemptsMax; attempt += 1) {
      await sleep(attempt === 1 ? webhookDelayMs : webhookRetryDelayMs);
      if (callbackUrl === null || webhooksLost) return;
      try {
        const response = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body });
        await response.arrayBuffer();
        deliveries.push({ event, reference, status: response.status, attempt });
        if (response.status === 200) return;
      } catch {
        deliveries.push({ event, reference, status: 'error', attempt });
      }
    }
  }

  function queueWebhook(event: string, reference: string, data: unknown): void {
    const sending = deliver(event, reference, data).finally(() => pendingWebhooks.delete(sending));
    pendingWebhooks.add(sending);
  }

  const app = express();
  app.use(express.json({ limit: '1mb' }));
  app.use((req, res, next) => {
    requests.push({ method: req.method, path: req.path });
    // https://paystack.com/docs/api/#authentication: `Authorization: Bearer SECRET_KEY`, else 401.
    if (req.get('authorization') !== `Bearer ${options.secretKey}`) {
      res.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    next();
  });
  app.use(OpenApiValidator.middleware({
    apiSpec: options.contract as never,
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses: {
      onError: (error, _body, req) => {
        // An answer whose status the operation does not declare falls to `default: Server error`,
        // which has no content: the description says nothing of those bodies (Paystack's error
        // envelope `{status: false, message}` is in its API reference, not here). Only declared
        // answers are held to the description.
        const declared = Object.keys((req as Request & { openapi?: { schema?: { responses?: object } } }).openapi?.schema?.responses ?? {});
        if (!declared.includes(String(req.res?.statusCode))) return;
        violations.push(`answer to ${req.method} ${req.path}: ${error.message}`);
      },
    },
    validateSecurity: false,
  }));
  app.use(faultMiddleware(faults));
  mountHandlers(app, { state, queueWebhook });
  app.use((error: { status?: number; message?: string }, req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? 500;
    if (status === 400 || status === 415 || status === 404 || status === 405) {
      violations.push(`request ${req.method} ${req.path}: ${error.message}`);
    } else {
      violations.push(`emulator error on ${req.method} ${req.path}: ${error.message}`);
    }
    res.status(status === 400 ? 400 : status).json({ status: false, message: `request violates Paystack's description: ${error.message}`, type: 'validation_error' });
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handlers = app.locals.emulator as { finishPending(): void; settle(): Settlement[] };
  await warmUp(url, options.secretKey, handlers);
  // The warm-up's traces go: every test starts from an empty Paystack.
  for (const map of [state.charges, state.recipients, state.transfers]) map.clear();
  state.refunds.length = 0;
  state.settlements.length = 0;
  requests.length = 0;
  violations.length = 0;
  await Promise.all([...pendingWebhooks]);

  return {
    url, state, violations, requests, deliveries, queueWebhook,
    setCallbackUrl: (value) => { callbackUrl = value; },
    setWebhooksLost: (lost) => { webhooksLost = lost; },
    inject: (fault) => { faults.push({ times: 1, ...fault }); },
    finishPending: () => handlers.finishPending(),
    settle: () => handlers.settle(),
    async webhooksSent() {
      while (pendingWebhooks.size > 0) await Promise.all([...pendingWebhooks]);
    },
    async close() {
      callbackUrl = null;
      await Promise.all([...pendingWebhooks]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One request per served operation, so the validator compiles each route's schemas now rather
 * than inside a test's first call (which a short client deadline would take for an outage).
 */
async function warmUp(url: string, secretKey: string, handlers: { finishPending(): void; settle(): Settlement[] }): Promise<void> {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(url + path, {
      method, headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { data?: Record<string, any> };
  };
  await call('POST', '/charge', { email: 'warm@up.test', amount: 100, reference: 'warm-up', authorization_code: 'AUTH_warm' });
  await call('GET', '/transaction/verify/warm-up');
  const refund = await call('POST', '/refund', { transaction: 'warm-up', amount: 50, merchant_note: 'warm up' });
  await call('GET', '/refund?perPage=10&page=1');
  await call('GET', `/refund/${refund.data?.id ?? 1}`);
  const recipient = await call('POST', '/transferrecipient', { type: 'nuban', name: 'Warm', account_number: '0000000000', bank_code: '058', currency: 'NGN' });
  await call('POST', '/transfer', { source: 'balance', amount: 100, recipient: recipient.data?.recipient_code, reference: 'warm_up_0000000001', currency: 'NGN' });
  await call('GET', '/transfer/verify/warm_up_0000000001');
  const [settlement] = handlers.settle();
  await call('GET', '/settlement?perPage=10&page=1');
  await call('GET', `/settlement/${settlement?.id ?? 1}/transactions`);
}

/** Plays the first injected fault matching a request, `times` times. */
function faultMiddleware(faults: Fault[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const template = (req as Request & { openapi?: { openApiRoute?: string } }).openapi?.openApiRoute ?? req.path;
    const index = faults.findIndex((f) => f.method === req.method && f.template === template);
    if (index < 0) return next();
    const fault = faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) faults.splice(index, 1);
    switch (fault.mode) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'status':
        res.status(fault.status ?? 500).json({ status: false, message: 'An error occurred' });
        return;
      case 'late': {
        // Carried out now, never answered while the client waits: Paystack acted, the client's
        // deadline passed first. With `delayMs` the answer is sent that much later instead.
        const json = res.json.bind(res);
        res.json = ((body: unknown) => {
          if (fault.delayMs !== undefined) setTimeout(() => { if (!res.socket?.destroyed) json(body); }, fault.delayMs).unref();
          return res;
        }) as Response['json'];
        return next();
      }
    }
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
