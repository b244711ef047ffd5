// An emulator of Safaricom's Daraja API, from Safaricom's published documentation
// (https://developer.safaricom.co.ke/APIs: Authorization, M-Pesa Express (STK push and query),
// Business To Customer (v3), Reversals, Transaction Status) and the SDKs that follow it
// (jeffnyauke/mpesa-sdk-kotlin, safaricom/mpesa-node-library). What it speaks:
//   GET  /oauth/v1/generate?grant_type=client_credentials  Basic base64(key:secret)
//        -> 200 { access_token, expires_in: "3599" } (a string, as Daraja writes it); 400 wrong key
//   POST /mpesa/stkpush/v1/processrequest  Password = base64(Shortcode+Passkey+Timestamp), the
//        Timestamp YYYYMMDDHHmmss in East Africa Time; Amount whole shillings -> 200
//        { MerchantRequestID, CheckoutRequestID, ResponseCode: "0", ... }; 400 { requestId,
//        errorCode: "400.002.02", errorMessage } on a bad field; 404.001.03 on a bad token
//   later: Body.stkCallback { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc,
//        CallbackMetadata.Item [Amount, MpesaReceiptNumber, TransactionDate, PhoneNumber] } to CallBackURL
//   POST /mpesa/stkpushquery/v1/query -> 200 { ResultCode, ResultDesc, ... } once final;
//        500 { errorCode: "500.001.1001", "The transaction is being processed" } while pending
//   POST /mpesa/b2c/v3/paymentrequest, /mpesa/reversal/v1/request, /mpesa/transactionstatus/v1/query
//        SecurityCredential = RSA PKCS#1 v1.5 of the initiator password with the certificate
//        this emulator made (certificatePath) -> 200 { ConversationID, OriginatorConversationID,
//        ResponseCode: "0" }; later a Result { ResultType, ResultCode, ResultDesc,
//        OriginatorConversationID, ConversationID, TransactionID, ResultParameters } to ResultURL.
// A transaction status query for a transaction it never held answers ResultCode 2001 ... our
// reading: Daraja documents a failed query only as a non-zero ResultCode.
// Injectable failures: down (503), timeoutAfterAcceptMs (records, then answers too late),
// neverCallBack, duplicateCallback.
import { execFileSync } from 'node:child_process';
import { constants, privateDecrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postJson, sendJson, startServer, type RunningServer } from '../http-server.ts';

const eatOffsetMs = 3 * 60 * 60 * 1000;
const timestampSkewMsMax = 5 * 60 * 1000;

interface Stk { checkoutRequestId: string; merchantRequestId: string; shillings: number; msisdn: string; callbackUrl: string; resultCode: number | null; receipt: string | null }
interface Movement { kind: 'b2c' | 'reversal'; originatorConversationId: string; conversationId: string; shillings: number; party: string; resultUrl: string; resultCode: number | null; receipt: string | null }

export interface MpesaEmulator extends RunningServer {
  consumerKey: string; consumerSecret: string; shortcode: string; passkey: string;
  initiatorName: string; initiatorPassword: string; certificatePath: string;
  tokensIssued: { count: number };
  pushes: Map<string, Stk>;
  movements: Map<string, Movement>;
  /** STK ResultCode by MSISDN (default 0: success; null: the payer never answers); B2C ResultCode by receiving MSISDN. */
  stkScenarios: Map<string, number | null>;
  b2cScenarios: Map<string, number>;
  /** answerStatusFirst: a status query's Result is posted before its synchronous answer (the race callbacks.ts parks for). */
  failures: { down: boolean; timeoutAfterAcceptMs: number | null; neverCallBack: boolean; duplicateCallback: boolean; answerStatusFirst: boolean };
  revokeTokens(): void;
  /** Resolves once the push is final at Daraja (its payer answered). */
  settled(checkoutRequestId: string): Promise<void>;
}

/** A self-signed certificate standing in for Safaricom's (its private key decrypts what we encrypt with it). */
export function makeCertificate(): { certificatePath: string; privateKey: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'mpesa-emulator-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=sandbox.safaricom.test'], { stdio: 'ignore' });
  return { certificatePath: join(dir, 'cert.pem'), privateKey: readFileSync(join(dir, 'key.pem')) };
}

/** PKCS#1 v1.5 unpadding by hand: node refuses RSA_PKCS1_PADDING for private decryption (CVE-2023-46809). */
function decryptCredential(privateKey: Buffer, credential: unknown): string | null {
  try {
    const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(String(credential), 'base64'));
    const end = block.indexOf(0, 2);
    return block[0] === 0 && block[1] === 2 && end >= 10 ? block.subarray(end + 1).toString('utf8') : null;
  } catch {
    return null;
  }
}

export async function startMpesaEmulator(options: { now: () => number; tokenLifetimeS?: number; finalDelayMs?: number }): Promise<MpesaEmulator> {
  const lifetimeS = options.tokenLifetimeS ?? 3599;
  const finalDelayMs = options.finalDelayMs ?? 50;
  const { certificatePath, privateKey } = makeCertificate();
  const secrets = {
    consumerKey: `ck-${randomBytes(10).toString('hex')}`, consumerSecret: `cs-${randomBytes(10).toString('hex')}`,
    shortcode: '174379', passkey: `pk-${randomBytes(16).toString('hex')}`, initiatorName: 'testapi', initiatorPassword: `Safaricom${randomBytes(4).toString('hex')}!`,
  };
  const tokens = new Map<string, number>();
  const state = {
    tokensIssued: { count: 0 }, pushes: new Map<string, Stk>(), movements: new Map<string, Movement>(),
    stkScenarios: new Map<string, number | null>(), b2cScenarios: new Map<string, number>(),
    failures: { down: false, timeoutAfterAcceptMs: null as number | null, neverCallBack: false, duplicateCallback: false, answerStatusFirst: false },
  };
  const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;
  const eatTimestamp = (ms: number) => new Date(ms + eatOffsetMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const fromTimestamp = (ts: string) => Date.parse(`${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)}T${ts.slice(8, 10)}:${ts.slice(10, 12)}:${ts.slice(12, 14)}Z`) - eatOffsetMs;
  const badRequest = (what: string) => ({ requestId: id(''), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${what}` });

  async function callBack(url: string, body: unknown): Promise<void> {
    if (state.failures.neverCallBack) return;
    await postJson(url, body);
    if (state.failures.duplicateCallback) await postJson(url, body);
  }

  function settleStk(push: Stk): void {
    const code = state.stkScenarios.has(push.msisdn) ? state.stkScenarios.get(push.msisdn)! : 0;
    if (code === null) return;
    push.resultCode = code;
    push.receipt = code === 0 ? id('TK') : null;
    const metadata = code === 0 ? { CallbackMetadata: { Item: [{ Name: 'Amount', Value: push.shillings }, { Name: 'MpesaReceiptNumber', Value: push.receipt }, { Name: 'TransactionDate', Value: Number(eatTimestamp(options.now())) }, { Name: 'PhoneNumber', Value: Number(push.msisdn) }] } } : {};
    void callBack(push.callbackUrl, { Body: { stkCallback: { MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResultCode: code, ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Request failed', ...metadata } } });
  }

  function result(resultUrl: string, fields: { code: number; originator: string; conversation: string; transactionId: string | null; parameters: Record<string, string | number> }): Promise<void> {
    return callBack(resultUrl, { Result: {
      ResultType: 0, ResultCode: fields.code, ResultDesc: fields.code === 0 ? 'The service request is processed successfully.' : 'The request failed',
      OriginatorConversationID: fields.originator, ConversationID: fields.conversation, TransactionID: fields.transactionId ?? id(''),
      ResultParameters: { ResultParameter: Object.entries(fields.parameters).map(([Key, Value]) => ({ Key, Value })) },
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
    } });
  }

  function statusAnswer(body: Record<string, unknown>, conversation: string, originator: string): Promise<void> {
    const target = [...state.movements.values()].find((m) => m.originatorConversationId === body.OriginalConversationID || (m.receipt !== null && m.receipt === body.TransactionID));
    if (target === undefined || target.resultCode === null) return result(String(body.ResultURL), { code: 2001, originator, conversation, transactionId: null, parameters: {} });
    return result(String(body.ResultURL), { code: 0, originator, conversation, transactionId: target.receipt, parameters: {
      TransactionStatus: target.resultCode === 0 ? 'Completed' : 'Failed', Amount: target.shillings, ReceiptNo: target.receipt ?? '', OriginatorConversationID: target.originatorConversationId,
    } });
  }

  const server = await startServer(async (request, raw, response) => {
    if (state.failures.down) return sendJson(response, 503, { errorCode: '503.001.01', errorMessage: 'Service Unavailable' });
    const url = new URL(request.url ?? '/', 'http://daraja');
    if (url.pathname === '/oauth/v1/generate') {
      const expected = `Basic ${Buffer.from(`${secrets.consumerKey}:${secrets.consumerSecret}`).toString('base64')}`;
      if (url.searchParams.get('grant_type') !== 'client_credentials' || request.headers.authorization !== expected) return sendJson(response, 400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, options.now() + lifetimeS * 1000);
      state.tokensIssued.count += 1;
      return sendJson(response, 200, { access_token: token, expires_in: String(lifetimeS) });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined || (tokens.get(token) ?? 0) <= options.now()) return sendJson(response, 401, { requestId: id(''), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    const late = async () => {
      if (state.failures.timeoutAfterAcceptMs !== null) await new Promise((resolve) => setTimeout(resolve, state.failures.timeoutAfterAcceptMs!));
    };
    if (url.pathname === '/mpesa/stkpush/v1/processrequest' || url.pathname === '/mpesa/stkpushquery/v1/query') {
      const timestamp = String(body.Timestamp ?? '');
      if (!/^\d{14}$/.test(timestamp) || Math.abs(fromTimestamp(timestamp) - options.now()) > timestampSkewMsMax) return sendJson(response, 400, badRequest('Timestamp'));
      if (body.BusinessShortCode !== secrets.shortcode || body.Password !== Buffer.from(`${secrets.shortcode}${secrets.passkey}${timestamp}`).toString('base64')) return sendJson(response, 400, badRequest('Password'));
      if (url.pathname.endsWith('/query')) {
        const push = state.pushes.get(String(body.CheckoutRequestID));
        if (push === undefined) return sendJson(response, 400, badRequest('CheckoutRequestID'));
        if (push.resultCode === null) return sendJson(response, 500, { requestId: id(''), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
        return sendJson(response, 200, { ResponseCode: '0', ResponseDescription: 'The service request has been accepted successsfully', MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResultCode: String(push.resultCode), ResultDesc: push.resultCode === 0 ? 'The service request is processed successfully.' : 'Request failed' });
      }
      if (typeof body.Amount !== 'number' || !Number.isInteger(body.Amount) || body.Amount < 1) return sendJson(response, 400, badRequest('Amount'));
      if (!/^254[17]\d{8}$/.test(String(body.PhoneNumber)) || body.PhoneNumber !== body.PartyA) return sendJson(response, 400, badRequest('PhoneNumber'));
      if (String(body.AccountReference ?? '').length > 12) return sendJson(response, 400, badRequest('AccountReference'));
      const push: Stk = { checkoutRequestId: `ws_CO_${timestamp}${id('')}`, merchantRequestId: id('MR'), shillings: body.Amount, msisdn: String(body.PhoneNumber), callbackUrl: String(body.CallBackURL), resultCode: null, receipt: null };
      state.pushes.set(push.checkoutRequestId, push);
      setTimeout(() => settleStk(push), finalDelayMs);
      await late();
      return sendJson(response, 200, { MerchantRequestID: push.merchantRequestId, CheckoutRequestID: push.checkoutRequestId, ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing' });
    }
    const routes: Record<string, 'b2c' | 'reversal' | 'status'> = { '/mpesa/b2c/v3/paymentrequest': 'b2c', '/mpesa/reversal/v1/request': 'reversal', '/mpesa/transactionstatus/v1/query': 'status' };
    const route = routes[url.pathname];
    if (route === undefined) return sendJson(response, 404, { errorCode: '404.001.01', errorMessage: 'Resource not found' });
    const credentialOk = body.InitiatorName === secrets.initiatorName || body.Initiator === secrets.initiatorName ? decryptCredential(privateKey, body.SecurityCredential) === secrets.initiatorPassword : false;
    const originator = route === 'b2c' ? String(body.OriginatorConversationID ?? '') : id('OC');
    const conversation = `AG_${eatTimestamp(options.now()).slice(0, 8)}_${randomBytes(10).toString('hex')}`;
    if (route === 'status') {
      const answer = () => (credentialOk ? statusAnswer(body, conversation, originator) : result(String(body.ResultURL), { code: 2001, originator, conversation, transactionId: null, parameters: {} }));
      if (state.failures.answerStatusFirst) await answer();
      else setTimeout(() => void answer(), finalDelayMs);
    } else {
      if (typeof body.Amount !== 'number' || !Number.isInteger(body.Amount) || body.Amount < 1) return sendJson(response, 400, badRequest('Amount'));
      const party = route === 'b2c' ? String(body.PartyB) : String(body.TransactionID);
      const movement: Movement = { kind: route, originatorConversationId: originator, conversationId: conversation, shillings: body.Amount, party, resultUrl: String(body.ResultURL), resultCode: null, receipt: null };
      state.movements.set(conversation, movement);
      setTimeout(() => {
        const reversible = route === 'reversal' ? [...state.pushes.values()].some((push) => push.receipt === party && push.shillings >= movement.shillings) : true;
        movement.resultCode = !credentialOk ? 2001 : !reversible ? 2001 : route === 'b2c' ? (state.b2cScenarios.get(party) ?? 0) : 0;
        movement.receipt = movement.resultCode === 0 ? id('TR') : null;
        void result(movement.resultUrl, { code: movement.resultCode, originator, conversation, transactionId: movement.receipt, parameters: movement.resultCode === 0 ? { TransactionAmount: movement.shillings, TransactionReceipt: movement.receipt ?? '' } : {} });
      }, finalDelayMs);
    }
    await late();
    return sendJson(response, 200, { OriginatorConversationID: originator, ConversationID: conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  async function settled(checkoutRequestId: string): Promise<void> {
    while (state.pushes.get(checkoutRequestId)?.resultCode == null) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  return { ...server, ...secrets, certificatePath, ...state, revokeTokens: () => tokens.clear(), settled };
}
