// One HTTP call to a provider's API, as every real connector makes it (connectors/mpesa,
// connectors/mtn-momo): node's fetch (undici) with a deadline, and the three ways it can end
// told apart once, here:
//   - an answer (any status): returned, body read as text and parsed as JSON when it is JSON;
//   - no answer at all (connection refused, reset, DNS): `provider_down`, the provider certainly
//     did not act on it when the connection was never made, and a connector treats it as "not
//     accepted" only for calls that are safe to repeat (token, status reads);
//   - no answer within the deadline: `timeout`, AMBIGUOUS for a money movement: the provider may
//     have accepted it. Connectors resolve it by a status query, never by sending it again.
// Nothing here logs: headers carry credentials, and bodies carry phone numbers.

/** A provider call that ended without an answer. */
export class ProviderCallError extends Error {
  readonly failure: 'provider_down' | 'timeout';

  constructor(failure: 'provider_down' | 'timeout', what: string, options?: ErrorOptions) {
    super(`${what}: ${failure === 'timeout' ? 'no answer in time' : 'provider unreachable'}`, options);
    this.name = 'ProviderCallError';
    this.failure = failure;
  }
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  json: unknown;
  headers: Headers;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Serialised as JSON when given. */
  body?: unknown;
  timeoutMs: number;
  /** For the error message only (never the URL's query or any header): `mpesa stk push`. */
  what: string;
}

export async function callProvider(request: ProviderRequest): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new ProviderCallError(isTimeout(error) ? 'timeout' : 'provider_down', request.what, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The status line came but the body did not: the provider acted (or not) as the status says,
    // but we cannot read its answer. Ambiguous, like a timeout.
    throw new ProviderCallError('timeout', request.what, { cause: error });
  }
  return { status: response.status, json: parseJson(text), headers: response.headers };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A JSON object's field, or undefined (for reading providers' answers without trusting their shape). */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

export function stringFieldOf(value: unknown, name: string): string | null {
  const field = fieldOf(value, name);
  if (typeof field === 'string') return field;
  if (typeof field === 'number' && Number.isFinite(field)) return String(field);
  return null;
}
