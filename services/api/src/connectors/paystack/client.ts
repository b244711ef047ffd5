// The HTTP client of Paystack's API: bearer secret-key authentication, JSON both ways, one
// deadline per request (docs: https://paystack.com/docs/api/#authentication; openapi.yaml
// `security: bearerAuth`, `servers: https://api.paystack.co`).
//
// It answers what Paystack said (any HTTP status, with its `{status, message, data}` envelope) and
// throws only when Paystack said nothing usable: PaystackTransportError('timeout') when the deadline
// passed (Paystack may have acted: the caller settles it by a status query), ('provider_down') when
// no connection was made or the answer was not Paystack's JSON. What an answer means is decided in
// errors.ts. The secret key is held here and nowhere else; it is never logged, never put in an
// error, and log lines carry the method, the path template and the status only.
import type { RailLogger } from '../../rails/types.ts';
import type { PaystackConfig } from './config.ts';

/** Paystack's envelope (openapi.yaml `Response`, `Error`): every answer has `status` and `message`. */
export type PaystackEnvelope = {
  status: boolean;
  message: string;
  data?: unknown;
  meta?: unknown;
  /** Error answers: `validation_error`, `processor_error`, `api_error` (openapi.yaml `Error.type`). */
  type?: string;
  /** Error answers: a machine code such as `duplicate_reference` (TransactionInitializeBadRequestModel). */
  code?: string;
};

export type PaystackAnswer = { httpStatus: number; body: PaystackEnvelope };

export type PaystackTransportCause = 'timeout' | 'provider_down';

export class PaystackTransportError extends Error {
  readonly transportCause: PaystackTransportCause;

  constructor(transportCause: PaystackTransportCause, detail: string, options?: ErrorOptions) {
    super(`Paystack ${transportCause === 'timeout' ? 'did not answer in time' : 'is unreachable'}: ${detail}`, options);
    this.name = 'PaystackTransportError';
    this.transportCause = transportCause;
  }
}

export type PaystackRequest = {
  method: 'GET' | 'POST';
  /** The path template of Paystack's OpenAPI description, for logs (`/transaction/verify/{reference}`). */
  template: string;
  /** Values of the template's `{name}` parts; each is percent-encoded into the path. */
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number>>;
  body?: unknown;
};

export type PaystackClient = {
  send(request: PaystackRequest): Promise<PaystackAnswer>;
};

/** Paystack's answers are small; a body past this is not Paystack's and is not read whole. */
export const paystackAnswerBytesMax = 4 * 1024 * 1024;

export function createPaystackClient(config: Pick<PaystackConfig, 'secretKey' | 'baseUrl' | 'timeoutMs'>, logger: RailLogger): PaystackClient {
  const authorization = `Bearer ${config.secretKey}`;
  return {
    async send(request) {
      const url = new URL(config.baseUrl + pathOf(request));
      for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));
      const started = performance.now();
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: { authorization, accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(config.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw transportErrorOf(error, request, logger);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw transportErrorOf(error, request, logger);
      }
      const durationMs = Math.round(performance.now() - started);
      logger.info('paystack call', { method: request.method, path: request.template, status: response.status, durationMs });
      const body = envelopeOf(text);
      if (body === null) {
        logger.warn('paystack answer is not its JSON envelope', { method: request.method, path: request.template, status: response.status });
        throw new PaystackTransportError('provider_down', `${request.method} ${request.template} answered ${response.status} without Paystack's JSON envelope`);
      }
      return { httpStatus: response.status, body };
    },
  };
}

function pathOf(request: PaystackRequest): string {
  return request.template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`paystack client: no value for {${name}} in ${request.template}`);
    return encodeURIComponent(String(value));
  });
}

function envelopeOf(text: string): PaystackEnvelope | null {
  if (text.length > paystackAnswerBytesMax) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as PaystackEnvelope).status !== 'boolean') return null;
    const envelope = value as PaystackEnvelope;
    return { ...envelope, message: typeof envelope.message === 'string' ? envelope.message : '' };
  } catch {
    return null;
  }
}

/** Socket errors that mean the request never left: no connection was made. */
const notSentCodes: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function transportErrorOf(error: unknown, request: PaystackRequest, logger: RailLogger): PaystackTransportError {
  // Refused or unresolvable before anything was sent: certainly not accepted. Any other failure
  // (a deadline, a connection reset mid-exchange) may have reached Paystack: ambiguous.
  const code = ((error as { cause?: { code?: unknown } } | undefined)?.cause?.code);
  const certain = typeof code === 'string' && notSentCodes.has(code);
  const cause: PaystackTransportCause = certain ? 'provider_down' : 'timeout';
  // The error's message only: fetch's errors carry no headers, so the key cannot leak through it.
  logger.warn('paystack call failed', { method: request.method, path: request.template, cause, error: (error as Error | undefined)?.message });
  return new PaystackTransportError(cause, `${request.method} ${request.template}`, { cause: error });
}
