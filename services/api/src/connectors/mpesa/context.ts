// What every M-Pesa module shares: the settings, the authenticated client, the connector's memory
// of its calls (rails/provider-references.ts), the encrypted initiator credential, the clock.
import { createHash } from 'node:crypto';
import type { ProviderReferenceStore } from '../../rails/provider-references.ts';
import type { RailLogger } from '../../rails/types.ts';
import type { MpesaClient } from './client.ts';
import type { MpesaConfig } from './config.ts';

export const mpesaProviderName = 'mpesa';

/** The kinds of calls the connector remembers (provider_references.kind). */
export const referenceKinds = { stk: 'stk', b2c: 'b2c', reversal: 'reversal', statusQuery: 'status_query', statusAnswer: 'status_answer' } as const;

export interface MpesaContext {
  config: MpesaConfig;
  client: MpesaClient;
  store: ProviderReferenceStore;
  /** The initiator password encrypted with Safaricom's certificate (security-credential.ts). */
  securityCredential: string;
  logger: RailLogger;
  now: () => number;
}

/** SHA-256 of a request's identity, to tell a retry from a different request under the same reference. */
export function requestDigest(parts: Record<string, string | number>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
