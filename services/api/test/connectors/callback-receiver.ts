// What the provider-callback route (built apart, issue 24) does with a callback, reduced to what
// the connector tests need: the raw request handed to the provider's ProviderCallbackHandler, its
// reply sent back, and the outcomes it yielded kept in order. Served over real HTTP, so the
// emulators call it back as the providers call the service.
import type { ProviderCallbackHandler, ProviderOutcome } from '../../src/provider-outcomes/types.ts';
import { startServer, type RunningServer } from './http-server.ts';

export interface CallbackReceiver extends RunningServer {
  /** Base URL to configure as the provider's callback base. */
  base: string;
  outcomes: ProviderOutcome[];
  /** How many callbacks arrived (confirmed or not). */
  received(): number;
  /** Resolves once `count` outcomes arrived in total. */
  waitForOutcomes(count: number, timeoutMs?: number): Promise<ProviderOutcome[]>;
  /** Resolves once `count` callbacks arrived in total. */
  waitForCallbacks(count: number, timeoutMs?: number): Promise<void>;
}

const waitStepMs = 20;

export async function startCallbackReceiver(provider: string, handler: () => ProviderCallbackHandler): Promise<CallbackReceiver> {
  const outcomes: ProviderOutcome[] = [];
  let received = 0;
  const prefix = `/provider-callbacks/${provider}/`;
  const server = await startServer(async (request, body, response) => {
    const path = (request.url ?? '').startsWith(prefix) ? (request.url ?? '').slice(prefix.length) : '';
    received += 1;
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
    const result = await handler().handle({ path, rawBody: body, headers, remoteAddress: request.socket.remoteAddress ?? '' });
    outcomes.push(...result.outcomes);
    response.writeHead(result.reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(result.reply.body));
  });
  async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, waitStepMs));
    }
  }
  return {
    ...server,
    base: `${server.url}${prefix.slice(0, -1)}`,
    outcomes,
    received: () => received,
    async waitForOutcomes(count, timeoutMs = 10_000) {
      await until(() => outcomes.length >= count, timeoutMs, `${count} outcomes`);
      return outcomes.slice(0, count);
    },
    waitForCallbacks: (count, timeoutMs = 10_000) => until(() => received >= count, timeoutMs, `${count} callbacks`),
  };
}
