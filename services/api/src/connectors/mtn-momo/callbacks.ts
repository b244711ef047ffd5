// MoMo's callbacks (X-Callback-Url) as a ProviderCallbackHandler. MoMo does not sign them
// (https://momodeveloper.mtn.com/api-documentation/callback: the callback is a plain POST/PUT of
// the status body to the URL given), so nothing in the body is believed: the callback only says
// "look at <referenceId> now". The reference comes from the path we gave MoMo
// (`requesttopay/<id>`, `transfer/<id>`, `refund/<id>`), and the outcome is whatever MoMo's
// status read answers for it (status-reads.ts). A forged callback therefore changes nothing: for
// a reference MoMo does not hold it yields nothing, and for one it holds it yields the true state
// (which the outcome path takes once; a duplicate is deduplicated there).
import type { ProviderCallbackHandler, ProviderCallbackRequest } from '../../provider-outcomes/types.ts';
import { ProviderCallError } from '../../rails/provider-http.ts';
import type { RailLogger } from '../../rails/types.ts';
import type { MtnMomoClient } from './client.ts';
import { MtnMomoAuthenticationError } from './client.ts';
import { confirmedOutcome, mtnMomoProviderName, uuidPattern, type MtnMomoResource } from './status-reads.ts';

const resources: readonly MtnMomoResource[] = ['requesttopay', 'transfer', 'refund'];

export function createMtnMomoCallbackHandler(deps: { client: MtnMomoClient; logger: RailLogger }): ProviderCallbackHandler {
  return {
    provider: mtnMomoProviderName,
    // MoMo PUTs a request to pay's callback and POSTs a transfer's (its sandbox does both).
    methods: ['POST', 'PUT'],
    async handle(request: ProviderCallbackRequest) {
      const [resource, referenceId, ...rest] = request.path.replace(/^\/+|\/+$/g, '').split('/');
      if (!resources.includes(resource as MtnMomoResource) || referenceId === undefined || !uuidPattern.test(referenceId) || rest.length > 0) {
        deps.logger.warn('mtn-momo callback on an unknown path ignored', { path: request.path.slice(0, 100) });
        return { outcomes: [], reply: { status: 404, body: { error: 'unknown callback path' } } };
      }
      try {
        const outcome = await confirmedOutcome(deps.client, resource as MtnMomoResource, referenceId);
        // Not final or not held by MoMo: nothing moves. The poller reads it again later.
        if (outcome === null) deps.logger.info('mtn-momo callback not confirmed by the status read', { resource, referenceId });
        return { outcomes: outcome === null ? [] : [outcome], reply: { status: 200, body: { received: true } } };
      } catch (error) {
        if (!(error instanceof ProviderCallError || error instanceof MtnMomoAuthenticationError)) throw error;
        // MoMo could not be asked: answer 503 so a retried callback asks again; the poller covers a lost one.
        deps.logger.warn('mtn-momo callback status read failed', { resource, referenceId, error: error.message });
        return { outcomes: [], reply: { status: 503, body: { error: 'status read failed' } } };
      }
    },
  };
}
