// An emulator of MTN MoMo's Open API, from MTN's published documentation
// (https://momodeveloper.mtn.com/api-documentation and /api-documentation/api-description,
// "Collection" and "Disbursement" products; field names as MTN's SDKs write them:
// sparkplug/momoapi-node, the `mtnmomo` crate). What it speaks:
//   POST /{collection|disbursement}/token/   Basic base64(apiUser:apiKey) + Ocp-Apim-Subscription-Key
//        -> 200 { access_token, token_type: "access_token", expires_in }; 401 on wrong credentials
//   POST /collection/v1_0/requesttopay       Bearer, X-Reference-Id (UUID), X-Target-Environment,
//        optional X-Callback-Url -> 202 (empty); 409 { code: "RESOURCE_ALREADY_EXIST" } on a reused
//        X-Reference-Id; 400 { code, message } on a bad body; 401 on a bad or expired token
//   GET  /collection/v1_0/requesttopay/{id}  -> 200 { amount, currency, externalId, payer,
//        financialTransactionId?, status: PENDING|SUCCESSFUL|FAILED, reason? }; 404 unknown
//   POST /disbursement/v1_0/transfer, GET /disbursement/v1_0/transfer/{id}   (payee instead of payer)
//   POST /disbursement/v1_0/refund,   GET /disbursement/v1_0/refund/{id}     (referenceIdToRefund)
// After `finalDelayMs` a request becomes final (the payer "approves") as the payer's scenario says,
// and MoMo POSTs the status body to the request's X-Callback-Url (the docs' callback: unsigned).
// Injectable failures: down (503 to everything), timeoutAfterAccept (records, then answers too
// late), neverCallBack, duplicateCallback.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { postJson, sendJson, startServer, type RunningServer } from '../http-server.ts';

export interface MomoCredentials { subscriptionKey: string; apiUser: string; apiKey: string }
type Product = 'collection' | 'disbursement';
type Resource = 'requesttopay' | 'transfer' | 'refund';

export interface MomoScenario { status: 'SUCCESSFUL' | 'FAILED' | 'PENDING'; reason?: string }

interface Held {
  resource: Resource;
  body: Record<string, unknown>;
  status: string;
  reason: string | null;
  financialTransactionId: string | null;
  callbackUrl: string | null;
}

export interface MomoEmulator extends RunningServer {
  credentials: Record<Product, MomoCredentials>;
  targetEnvironment: string;
  /** How many tokens were issued per product. */
  tokensIssued: Record<Product, number>;
  /** How many POSTs created a resource (a 409 does not count): a money movement sent twice shows here. */
  created: Record<Resource, number>;
  held: Map<string, Held>;
  /** The payer's (or payee's) scenario by MSISDN; everyone else succeeds. */
  scenarios: Map<string, MomoScenario>;
  failures: { down: boolean; timeoutAfterAcceptMs: number | null; neverCallBack: boolean; duplicateCallback: boolean };
  /** Revokes every token issued (the next call with one is answered 401). */
  revokeTokens(): void;
  /** Makes a pending request final now and calls back. */
  settle(referenceId: string): Promise<void>;
}

export async function startMomoEmulator(options: { now: () => number; tokenLifetimeS?: number; finalDelayMs?: number }): Promise<MomoEmulator> {
  const lifetimeS = options.tokenLifetimeS ?? 3600;
  const finalDelayMs = options.finalDelayMs ?? 50;
  const credentials: Record<Product, MomoCredentials> = {
    collection: { subscriptionKey: `sub-${randomBytes(8).toString('hex')}`, apiUser: randomUUID(), apiKey: `key-${randomBytes(12).toString('hex')}` },
    disbursement: { subscriptionKey: `sub-${randomBytes(8).toString('hex')}`, apiUser: randomUUID(), apiKey: `key-${randomBytes(12).toString('hex')}` },
  };
  const tokens = new Map<string, { product: Product; expiresAtMs: number }>();
  const state = {
    tokensIssued: { collection: 0, disbursement: 0 },
    created: { requesttopay: 0, transfer: 0, refund: 0 },
    held: new Map<string, Held>(),
    scenarios: new Map<string, MomoScenario>(),
    failures: { down: false, timeoutAfterAcceptMs: null as number | null, neverCallBack: false, duplicateCallback: false },
  };

  function statusBody(referenceId: string, held: Held) {
    const party = held.resource === 'requesttopay' ? { payer: held.body.payer } : held.resource === 'transfer' ? { payee: held.body.payee } : {};
    return {
      amount: held.body.amount, currency: held.body.currency, externalId: held.body.externalId, ...party,
      payerMessage: held.body.payerMessage, payeeNote: held.body.payeeNote, status: held.status,
      ...(held.financialTransactionId ? { financialTransactionId: held.financialTransactionId } : {}),
      ...(held.reason ? { reason: held.reason } : {}),
      referenceId,
    };
  }

  async function settle(referenceId: string): Promise<void> {
    const held = state.held.get(referenceId);
    if (held === undefined || held.status !== 'PENDING') return;
    const party = (held.body.payer ?? held.body.payee) as { partyId?: string } | undefined;
    const scenario = state.scenarios.get(party?.partyId ?? '') ?? { status: 'SUCCESSFUL' };
    if (scenario.status === 'PENDING') return;
    held.status = scenario.status;
    held.reason = scenario.reason ?? null;
    held.financialTransactionId = scenario.status === 'SUCCESSFUL' ? String(Math.floor(Math.random() * 1e9)) : null;
    if (held.callbackUrl === null || state.failures.neverCallBack) return;
    await postJson(held.callbackUrl, statusBody(referenceId, held));
    if (state.failures.duplicateCallback) await postJson(held.callbackUrl, statusBody(referenceId, held));
  }

  function bearerProduct(request: IncomingMessage): Product | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const issued = token === undefined ? undefined : tokens.get(token);
    if (issued === undefined || issued.expiresAtMs <= options.now()) return null;
    return issued.product;
  }

  const server = await startServer(async (request, raw, response) => {
    if (state.failures.down) return sendJson(response, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
    const url = new URL(request.url ?? '/', 'http://momo');
    const match = /^\/(collection|disbursement)\/(token\/|v1_0\/(requesttopay|transfer|refund)(?:\/([^/]+))?)$/.exec(url.pathname);
    if (match === null) return sendJson(response, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Not found' });
    const product = match[1] as Product;
    if (request.headers['ocp-apim-subscription-key'] !== credentials[product].subscriptionKey) {
      return sendJson(response, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    }
    if (match[2] === 'token/') {
      const expected = `Basic ${Buffer.from(`${credentials[product].apiUser}:${credentials[product].apiKey}`).toString('base64')}`;
      if (request.method !== 'POST' || request.headers.authorization !== expected) return sendJson(response, 401, { error: 'login_failed' });
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { product, expiresAtMs: options.now() + lifetimeS * 1000 });
      state.tokensIssued[product] += 1;
      return sendJson(response, 200, { access_token: token, token_type: 'access_token', expires_in: lifetimeS });
    }
    if (bearerProduct(request) !== product) return sendJson(response, 401, { code: 'INVALID_CREDENTIALS', message: 'Authorization failed' });
    if (request.headers['x-target-environment'] === undefined) return sendJson(response, 400, { code: 'INVALID_TARGET_ENVIRONMENT' });
    const resource = match[3] as Resource;
    const referenceId = match[4];
    if (request.method === 'GET' && referenceId !== undefined) {
      const held = state.held.get(referenceId);
      if (held === undefined || held.resource !== resource) return sendJson(response, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      return sendJson(response, 200, statusBody(referenceId, held));
    }
    if (request.method !== 'POST' || referenceId !== undefined) return sendJson(response, 405, {});
    const reference = request.headers['x-reference-id'];
    if (typeof reference !== 'string' || !/^[0-9a-f-]{36}$/i.test(reference)) return sendJson(response, 400, { code: 'INVALID_REFERENCE_ID' });
    if (state.held.has(reference)) return sendJson(response, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || typeof body.currency !== 'string') return sendJson(response, 400, { code: 'INVALID_AMOUNT', message: 'Invalid amount' });
    const party = (body.payer ?? body.payee) as { partyIdType?: string; partyId?: string } | undefined;
    if (resource !== 'refund' && (party?.partyIdType !== 'MSISDN' || !/^\d{8,15}$/.test(party.partyId ?? ''))) return sendJson(response, 400, { code: 'INVALID_PARTY', message: 'Invalid party' });
    if (resource === 'refund' && state.held.get(String(body.referenceIdToRefund))?.status !== 'SUCCESSFUL') return sendJson(response, 400, { code: 'NOT_ALLOWED', message: 'Nothing to refund' });
    const callback = request.headers['x-callback-url'];
    state.held.set(reference, { resource, body, status: 'PENDING', reason: null, financialTransactionId: null, callbackUrl: typeof callback === 'string' ? callback : null });
    state.created[resource] += 1;
    setTimeout(() => void settle(reference), finalDelayMs);
    if (state.failures.timeoutAfterAcceptMs !== null) await new Promise((resolve) => setTimeout(resolve, state.failures.timeoutAfterAcceptMs!));
    if (!response.destroyed) sendJson(response, 202);
  });

  return {
    ...server,
    credentials,
    targetEnvironment: 'sandbox',
    ...state,
    revokeTokens: () => tokens.clear(),
    settle,
  };
}
