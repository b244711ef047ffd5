// Daraja's authentication and one authenticated call (https://developer.safaricom.co.ke/APIs/Authorization):
// GET /oauth/v1/generate?grant_type=client_credentials with Basic base64(consumerKey:consumerSecret)
// answers { access_token, expires_in: "3599" } (expires_in is a string); every API call then
// carries `Authorization: Bearer <token>`. The token is cached until shortly before it expires
// and fetched single-flight (rails/token-cache.ts); a 401 to a cached token drops it and the
// call is made once more (a 401 is answered before Daraja acts on anything). Never logged.
import { callProvider, fieldOf, ProviderCallError, type ProviderAnswer } from '../../rails/provider-http.ts';
import { createTokenCache } from '../../rails/token-cache.ts';
import type { RailLogger } from '../../rails/types.ts';
import type { MpesaConfig } from './config.ts';

export class MpesaAuthenticationError extends Error {
  constructor() {
    super('M-Pesa refused the consumer key and secret');
    this.name = 'MpesaAuthenticationError';
  }
}

export interface MpesaClient {
  post(path: string, body: unknown, what: string): Promise<ProviderAnswer>;
}

export function createMpesaClient(config: MpesaConfig, options: { logger: RailLogger; now?: () => number }): MpesaClient {
  const cache = createTokenCache({
    ...(options.now ? { now: options.now } : {}),
    async fetchToken() {
      const answer = await callProvider({
        method: 'GET',
        url: `${config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
        headers: { authorization: `Basic ${Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64')}` },
        timeoutMs: config.requestTimeoutMs,
        what: 'mpesa token',
      });
      if (answer.status === 400 || answer.status === 401) {
        options.logger.error('mpesa token refused', { status: answer.status });
        throw new MpesaAuthenticationError();
      }
      const accessToken = fieldOf(answer.json, 'access_token');
      const expiresIn = Number(fieldOf(answer.json, 'expires_in'));
      if (answer.status !== 200 || typeof accessToken !== 'string' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
        options.logger.warn('mpesa token request failed', { status: answer.status });
        throw new ProviderCallError('provider_down', `mpesa token (status ${answer.status})`);
      }
      options.logger.info('mpesa token fetched', { expiresInS: expiresIn });
      return { accessToken, expiresInS: expiresIn };
    },
  });

  const once = (path: string, body: unknown, what: string, token: string) => callProvider({
    method: 'POST', url: `${config.baseUrl}${path}`, headers: { authorization: `Bearer ${token}` }, body, timeoutMs: config.requestTimeoutMs, what,
  });

  return {
    async post(path, body, what) {
      const token = await cache.token();
      const answer = await once(path, body, what, token);
      if (answer.status !== 401) return answer;
      cache.invalidate(token);
      return once(path, body, what, await cache.token());
    },
  };
}
