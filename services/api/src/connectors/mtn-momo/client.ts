// MoMo's authentication and one authenticated call (https://momodeveloper.mtn.com/api-documentation,
// "Oauth 2.0"): POST /{product}/token/ with Basic base64(apiUser:apiKey) and the product's
// Ocp-Apim-Subscription-Key answers { access_token, token_type: "access_token", expires_in: 3600 };
// every product call then carries `Authorization: Bearer <token>`, the subscription key and
// X-Target-Environment. One token per product, cached until shortly before it expires and fetched
// single-flight (rails/token-cache.ts); a 401 to a cached token drops it and the call is made once
// more with a fresh one. Credentials and tokens are never logged nor put in an error message.
import { callProvider, fieldOf, ProviderCallError, type ProviderAnswer } from '../../rails/provider-http.ts';
import { createTokenCache, type TokenCache } from '../../rails/token-cache.ts';
import type { RailLogger } from '../../rails/types.ts';
import type { MtnMomoConfig } from './config.ts';

export type MtnMomoProduct = 'collection' | 'disbursement';

/** The provider refused our credentials (401 to the token request): an outage of ours to fix, never the payer's. */
export class MtnMomoAuthenticationError extends Error {
  constructor(product: MtnMomoProduct) {
    super(`MTN MoMo refused the ${product} API user's credentials`);
    this.name = 'MtnMomoAuthenticationError';
  }
}

export interface MtnMomoCall {
  method: 'GET' | 'POST';
  /** Below the product: `/v1_0/requesttopay`. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  what: string;
}

export interface MtnMomoClient {
  call(product: MtnMomoProduct, request: MtnMomoCall): Promise<ProviderAnswer>;
}

export function createMtnMomoClient(config: MtnMomoConfig, options: { logger: RailLogger; now?: () => number }): MtnMomoClient {
  const caches: Record<MtnMomoProduct, TokenCache> = {
    collection: tokenCacheFor('collection'),
    disbursement: tokenCacheFor('disbursement'),
  };

  function tokenCacheFor(product: MtnMomoProduct): TokenCache {
    const credentials = config[product];
    return createTokenCache({
      ...(options.now ? { now: options.now } : {}),
      async fetchToken() {
        const answer = await callProvider({
          method: 'POST',
          url: `${config.baseUrl}/${product}/token/`,
          headers: {
            authorization: `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')}`,
            'ocp-apim-subscription-key': credentials.subscriptionKey,
          },
          timeoutMs: config.requestTimeoutMs,
          what: `mtn-momo ${product} token`,
        });
        if (answer.status === 401) {
          options.logger.error('mtn-momo token refused', { product, status: answer.status });
          throw new MtnMomoAuthenticationError(product);
        }
        const accessToken = fieldOf(answer.json, 'access_token');
        const expiresIn = Number(fieldOf(answer.json, 'expires_in'));
        if (answer.status !== 200 || typeof accessToken !== 'string' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
          options.logger.warn('mtn-momo token request failed', { product, status: answer.status });
          throw new ProviderCallError('provider_down', `mtn-momo ${product} token (status ${answer.status})`);
        }
        options.logger.info('mtn-momo token fetched', { product, expiresInS: expiresIn });
        return { accessToken, expiresInS: expiresIn };
      },
    });
  }

  async function once(product: MtnMomoProduct, request: MtnMomoCall, token: string): Promise<ProviderAnswer> {
    return callProvider({
      method: request.method,
      url: `${config.baseUrl}/${product}${request.path}`,
      headers: {
        authorization: `Bearer ${token}`,
        'ocp-apim-subscription-key': config[product].subscriptionKey,
        'x-target-environment': config.targetEnvironment,
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: request.body } : {}),
      timeoutMs: config.requestTimeoutMs,
      what: request.what,
    });
  }

  return {
    async call(product, request) {
      const token = await caches[product].token();
      const answer = await once(product, request, token);
      if (answer.status !== 401) return answer;
      // The token lapsed early or was revoked: one fresh token, one more try.
      caches[product].invalidate(token);
      return once(product, request, await caches[product].token());
    },
  };
}
