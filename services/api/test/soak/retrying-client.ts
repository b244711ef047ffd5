// The soak's clients: a signed SDK request that is retried, with the same Idempotency-Key and body,
// against the next API process in turn whenever the answer says "try again" (the process died
// under it, 503 with Retry-After, 409 in progress while the dead run's key lock lapses). Any other
// answer ends the request: the test then asserts on it.
import { createClient, type MerchantClient } from '@payagg/sdk';

/** A request to a dead process's socket fails at once; one that hangs this long counts as an answer (-1). */
const requestTimeoutMs = 20_000;
/** How often a request is tried before the soak gives up on it (every try is also bounded). */
const triesMax = 60;
/** The wait between tries: the 503's Retry-After is 2 s; an interrupted key's lock is the soak's IDEMPOTENCY_LOCK_MS. */
const retryWaitMs = 250;

export type Answer = { status: number; body: unknown; tries: number; processesTried: string[] };

export type RetryingClients = {
  /** One SDK client per API process, by origin. */
  clients: Map<string, MerchantClient>;
  /** Origins taken out of the rotation (their process was killed). */
  dead: Set<string>;
  /**
   * Sends `call` to the next live process; on a network error, a 503 or a 409 in progress, waits
   * and sends it again (same key and body: `call` builds it the same way) to the next one.
   */
  send(call: (client: MerchantClient, signal: AbortSignal) => Promise<{ response: Response; data?: unknown; error?: unknown }>): Promise<Answer>;
};

export function retryingClients(origins: string[], key: { api_key: string; api_secret: string }): RetryingClients {
  const clients = new Map(origins.map((origin) => [origin, createClient({ baseUrl: `${origin}/v1`, apiKey: key.api_key, apiSecret: key.api_secret })]));
  const dead = new Set<string>();
  let turn = 0;
  const next = () => {
    const live = origins.filter((origin) => !dead.has(origin));
    const pool = live.length > 0 ? live : origins;
    turn += 1;
    return pool[turn % pool.length]!;
  };
  return {
    clients,
    dead,
    async send(call) {
      const processesTried: string[] = [];
      for (let tries = 1; ; tries += 1) {
        const origin = next();
        processesTried.push(origin);
        let status: number;
        let body: unknown;
        try {
          const result = await call(clients.get(origin)!, AbortSignal.timeout(requestTimeoutMs));
          status = result.response.status;
          body = result.data ?? result.error;
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') return { status: -1, body: String(error), tries, processesTried };
          status = 0; // the connection broke: the process died under the request
          body = String(error);
        }
        const inProgress = status === 409 && (body as { error?: { details?: { reason?: string } } })?.error?.details?.reason === 'in_progress';
        if ((status === 0 || status === 503 || inProgress) && tries < triesMax) {
          await new Promise((resolve) => setTimeout(resolve, retryWaitMs));
          continue;
        }
        return { status, body, tries, processesTried };
      }
    },
  };
}
