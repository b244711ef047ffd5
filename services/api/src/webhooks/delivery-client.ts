// One webhook attempt over HTTP: POST the signed body, never follow a redirect, give up after the
// per-attempt timeout, read at most a snippet of the answer (never parse it), and refuse to talk to
// any address the SSRF rule forbids: the check runs in the connection's own DNS lookup and again
// on the socket's remote address once connected, so what is checked is what is connected to.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { webhookAttemptTimeoutMsDefault } from './settings.ts';
import { webhookResolver } from './resolver.ts';
import { describeRange, isLocalhostName, judgeAddress, refusePort } from './ssrf-guard.ts';

/**
 * The stored last_response_snippet: the first characters (Unicode code points, as the spec's
 * maxLength counts them) of the body, at most this many; so at most 4 KiB of UTF-8.
 */
export const webhookResponseSnippetCharsMax = 1024;
/** A last_error sentence at most (it quotes receiver-chosen text such as a Location header). */
export const webhookErrorCharsMax = 1024;
/** Bytes of an answer read at most (the rest is not read; the connection is then closed). */
const responseReadBytesMax = 16 * 1024;
/** Idle connections kept open per receiver host, so a busy endpoint is not re-handshaken per event. */
const freeSocketsPerHostMax = 64;

export const webhookUserAgent = 'PayAgg-Webhooks/1.0 (+https://payagg.example/docs/webhooks)';

/** Why an attempt failed when no 2xx came back; one sentence-named kind each. */
export type AttemptFailureKind =
  | 'non_2xx_response'
  | 'redirect_refused'
  | 'timed_out'
  | 'connection_refused'
  | 'connection_failed'
  | 'name_not_resolved'
  | 'address_not_allowed'
  | 'tls_failed'
  | 'invalid_http_response';

export type AttemptResult =
  | { ok: true; statusCode: number; snippet: string; durationMs: number }
  | {
    ok: false;
    kind: AttemptFailureKind;
    /** The receiver's HTTP status when it answered at all. */
    statusCode: number | null;
    snippet: string | null;
    /** A sentence for last_error: what happened, without secrets. */
    error: string;
    /** Seconds the receiver asked to wait (Retry-After on 429 or 503), when it did. */
    retryAfterS: number | null;
    durationMs: number;
  };

export type AttemptRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
};

export type DeliveryClient = {
  attempt(request: AttemptRequest): Promise<AttemptResult>;
  close(): void;
};

export class AddressNotAllowedError extends Error {
  readonly code = 'EADDRNOTALLOWED';
  constructor(message: string) {
    super(message);
    this.name = 'AddressNotAllowedError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** Resolves a host name to all its addresses (dns.lookup by default; tests inject one). */
export type HostResolver = (hostname: string, family: number) => Promise<dns.LookupAddress[]>;

// c-ares with a cache (resolver.ts), never dns.lookup: getaddrinfo would hold libuv's thread pool.
const systemHostResolver: HostResolver = async (hostname, family) =>
  (await webhookResolver(hostname)).filter((record) => family === 0 || record.family === family);

/**
 * The connection's DNS lookup: resolve, then judge every address. Refuses the connection when any
 * address is not allowed (a name that mixes public and private addresses is not trusted with
 * either), so the socket can only ever connect to an address checked here, in this lookup: no
 * second resolution happens between the check and the connect (DNS rebinding).
 */
export function guardedLookup(resolve: HostResolver = systemHostResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    if (isLocalhostName(hostname)) {
      callback(new AddressNotAllowedError(`${hostname} is localhost`), []);
      return;
    }
    const family = typeof options.family === 'number' ? options.family : 0;
    resolve(hostname, family).then((addresses) => {
      for (const record of addresses) {
        const verdict = judgeAddress(record.address);
        if (!verdict.allowed) {
          return callback(new AddressNotAllowedError(`${hostname} resolves to ${record.address}, a ${describeRange(verdict.range)} address`), []);
        }
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    }, (error: NodeJS.ErrnoException) => callback(error, []));
  };
}

/** A failed attempt's kind and its last_error sentence. */
type AttemptFailure = { kind: AttemptFailureKind; error: string };

/** How an attempt ends: the first finish or fail settles it (and stops its timeout); later ones are ignored. */
type AttemptSettlement = {
  finish(result: AttemptResult): void;
  fail(kind: AttemptFailureKind, error: string, statusCode?: number | null, snippet?: string | null, retryAfterS?: number | null): void;
  elapsed(): number;
  /** Fails the attempt as timed out unless it settled within `timeoutMs`, then runs `abort`. */
  timeOut(timeoutMs: number, abort: () => void): void;
};

function attemptSettlement(resolve: (result: AttemptResult) => void): AttemptSettlement {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const finish = (result: AttemptResult) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    resolve(result);
  };
  const fail = (kind: AttemptFailureKind, error: string, statusCode: number | null = null, snippet: string | null = null, retryAfterS: number | null = null) =>
    finish({ ok: false, kind, statusCode, snippet, error: storableText(error, webhookErrorCharsMax), retryAfterS, durationMs: elapsed() });
  return {
    finish, fail, elapsed,
    timeOut(timeoutMs, abort) {
      timer = setTimeout(() => {
        fail('timed_out', `no complete answer within ${timeoutMs} ms`);
        abort();
      }, timeoutMs);
    },
  };
}

/** The endpoint's URL, or why no connection may be opened to it at all. */
function attemptTarget(endpointUrl: string, allowPrivate: boolean): { url: URL } | AttemptFailure {
  let url: URL;
  try {
    url = new URL(endpointUrl);
  } catch {
    return { kind: 'connection_failed', error: 'the endpoint URL is not a valid URL' };
  }
  // Checked at registration; again here for endpoints registered before the port rule existed.
  const portRefused = refusePort(url);
  if (portRefused) return { kind: 'address_not_allowed', error: `SSRF guard: the URL ${portRefused}` };
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(literal) !== 0) {
    const verdict = judgeAddress(literal);
    if (!verdict.allowed) return { kind: 'address_not_allowed', error: `SSRF guard: ${literal} is a ${describeRange(verdict.range)} address` };
  }
  return { url };
}

/**
 * The address actually connected to, judged again: covers IP-literal hosts (no lookup runs for
 * them) and anything a lookup override could miss. A reused keep-alive socket was judged when it
 * connected.
 */
function judgeConnectedAddress(req: http.ClientRequest, socket: net.Socket): void {
  const check = () => {
    const remote = socket.remoteAddress;
    const verdict = remote ? judgeAddress(remote) : { allowed: false as const, range: 'unknown' };
    if (!verdict.allowed) {
      const error = new AddressNotAllowedError(`connected to ${remote ?? 'an unknown address'}, a ${describeRange(verdict.range)} address`);
      socket.destroy(error);
      req.destroy(error);
    }
  };
  // Prepended, so it runs before the request's buffered bytes are flushed on 'connect'.
  if (socket.remoteAddress && !socket.connecting) check();
  else socket.prependOnceListener('connect', check);
}

/** What a complete (or cut off) answer means: a 2xx succeeds; a redirect or any other status fails. */
function settleAnswer(settle: AttemptSettlement, res: http.IncomingMessage, statusCode: number, snippet: string): void {
  if (statusCode >= 200 && statusCode < 300) {
    settle.finish({ ok: true, statusCode, snippet, durationMs: settle.elapsed() });
  } else if (statusCode >= 300 && statusCode < 400) {
    const location = res.headers.location;
    settle.fail('redirect_refused', `redirect refused (${statusCode}${location ? ` to ${String(location).slice(0, 200)}` : ''}); redirects are never followed`, statusCode, snippet);
  } else {
    const retryAfterS = statusCode === 429 || statusCode === 503 ? parseRetryAfter(res.headers['retry-after']) : null;
    settle.fail('non_2xx_response', `the endpoint answered ${statusCode}`, statusCode, snippet, retryAfterS);
  }
}

/** Reads at most responseReadBytesMax of the answer (then stops reading and closes), and settles. */
function readAnswer(settle: AttemptSettlement, req: http.ClientRequest, res: http.IncomingMessage): void {
  const statusCode = res.statusCode ?? 0;
  const chunks: Buffer[] = [];
  let read = 0;
  let truncated = false;
  const done = () => {
    settleAnswer(settle, res, statusCode, snippetOf(Buffer.concat(chunks)));
    if (truncated) req.destroy();
  };
  res.on('data', (chunk: Buffer) => {
    if (truncated) return;
    chunks.push(chunk);
    read += chunk.length;
    if (read >= responseReadBytesMax) {
      truncated = true;
      res.pause();
      done();
    }
  });
  res.on('end', () => { if (!truncated) done(); });
  res.on('error', (error) => settle.fail('connection_failed', `the answer broke off: ${error.message}`, statusCode));
}

/** What a request's error means for the attempt. */
function failureOfError(error: NodeJS.ErrnoException): AttemptFailure {
  if (error instanceof AddressNotAllowedError || error.code === 'EADDRNOTALLOWED') {
    return { kind: 'address_not_allowed', error: `SSRF guard: ${error.message}` };
  }
  // llhttp's codes: an answer a strict HTTP/1.1 parser refuses (a NUL or other control byte in
  // a header, two different Content-Lengths, a broken status line). Its status cannot be
  // trusted, so it is no 2xx: a failed attempt, retried like any other (decision record 0431).
  if (error.code?.startsWith('HPE_')) {
    return { kind: 'invalid_http_response', error: `the answer is not valid HTTP (${error.code}: ${error.message})` };
  }
  switch (error.code) {
    case 'ECONNREFUSED': return { kind: 'connection_refused', error: 'connection refused' };
    case 'ENOTFOUND': case 'EAI_AGAIN': case 'ENODATA': case 'ETIMEOUT': case 'ESERVFAIL': case 'EREFUSED':
      return { kind: 'name_not_resolved', error: `the host name did not resolve (${error.code})` };
    default:
      if (/^(ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(error.code ?? '')) {
        return { kind: 'tls_failed', error: `TLS failed (${error.code})` };
      }
      return { kind: 'connection_failed', error: `connection failed (${error.code ?? error.message})` };
  }
}

export function createDeliveryClient(options: { allowPrivate: boolean; timeoutMs?: number; resolve?: HostResolver }): DeliveryClient {
  const timeoutMs = options.timeoutMs ?? webhookAttemptTimeoutMsDefault;
  const lookup = guardedLookup(options.resolve);
  // No cap on sockets per host: an attempt must never wait in the agent's queue, where its timeout
  // would run against the receiver for our own queueing. The worker bounds attempts in flight
  // (sender-turn.ts attemptsInFlightPerEndpointMax per endpoint, workerConcurrency endpoints).
  const agentOptions = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: freeSocketsPerHostMax, scheduling: 'lifo' as const };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  const attempt = (request: AttemptRequest): Promise<AttemptResult> => new Promise((resolve) => {
    const settle = attemptSettlement(resolve);
    const target = attemptTarget(request.url, options.allowPrivate);
    if (!('url' in target)) return settle.fail(target.kind, target.error);
    const isHttps = target.url.protocol === 'https:';
    const req = (isHttps ? https : http).request(target.url, {
      method: 'POST',
      agent: isHttps ? httpsAgent : httpAgent,
      headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
      ...(options.allowPrivate ? {} : { lookup: lookup as never }),
    });
    settle.timeOut(timeoutMs, () => req.destroy());
    if (!options.allowPrivate) req.on('socket', (socket: net.Socket) => judgeConnectedAddress(req, socket));
    req.on('response', (res) => readAnswer(settle, req, res));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const failure = failureOfError(error);
      settle.fail(failure.kind, failure.error);
    });
    req.end(request.body);
  });

  return {
    attempt,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** Retry-After as delay-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d{1,10}$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** NUL, and a UTF-16 surrogate that is not half of a pair (it has no UTF-8 form). */
const notStorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL can store and JSON can carry: a lone UTF-16 surrogate and NUL (which a `text`
 * value cannot hold: "invalid byte sequence for encoding UTF8: 0x00") become U+FFFD, and the text
 * is cut after `charsMax` code points, never inside a surrogate pair.
 */
export function storableText(text: string, charsMax: number): string {
  const clean = text.replace(notStorable, '\uFFFD');
  if (clean.length <= charsMax) return clean;
  let out = '';
  let chars = 0;
  for (const char of clean) {
    if (chars === charsMax) break;
    out += char;
    chars += 1;
  }
  return out;
}

/**
 * The stored snippet of an answer's first bytes: decoded as UTF-8 with every byte that is not part
 * of a valid sequence replaced by U+FFFD (the WHATWG decoder's rule; so an answer in Latin-1 or in
 * binary is still visible, never refused), NUL as U+FFFD, at most webhookResponseSnippetCharsMax
 * code points (decision record 0430).
 */
export function snippetOf(bytes: Buffer): string {
  return storableText(new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes), webhookResponseSnippetCharsMax);
}
