// The one way a provider's asynchronous answer enters the service (issue 23): a collection's or
// refund's final outcome, a payout attempt's outcome, a KYC decision. Whoever learns it (a
// provider's verified callback, a status query that found it final, the sandbox playing a
// provider) hands it to the ingress; the ingress records it durably, deduplicated by
// (provider, kind, providerReference), and a job of the capability that owns it applies it, with
// the job queue's one retry and dead-letter policy (jobs/catalog.ts).
import type { KycDecision } from '../kyc/types.ts';
import type { PayoutRailOutcome } from '../payout-rails/types.ts';
import type { RailOutcome } from '../rails/types.ts';

/** An outcome as a provider reported it, already verified and mapped to our closed vocabulary. */
export type ProviderOutcome =
  | { kind: 'collection' | 'refund'; provider: string; outcome: RailOutcome }
  | { kind: 'payout'; provider: string; outcome: PayoutRailOutcome }
  | { kind: 'kyc_decision'; provider: string; outcome: KycDecision };

export type ProviderOutcomeKind = ProviderOutcome['kind'];

export type ProviderOutcomeIngress = {
  /**
   * Records each outcome once (a second delivery of the same provider reference changes
   * nothing) and queues its application. Resolves once they are durable: a callback handler
   * answers the provider 2xx only after this resolved, so the provider sends it again otherwise.
   */
  record(outcomes: readonly ProviderOutcome[]): Promise<void>;
};

/** A provider's callback as it reached us: the raw bytes, for signature checks before parsing. */
export interface ProviderCallbackRequest {
  /** The path below /provider-callbacks/<provider>/ (for example `stk`, `b2c/result`). */
  path: string;
  rawBody: Buffer;
  /** Header names lower-case. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The peer address, for a provider's optional source-address allow-list. */
  remoteAddress: string;
}

/**
 * A provider's callback handler (connectors/<provider>/callbacks.ts). It verifies the callback
 * before anything moves: by its signature where the provider signs (Paystack), otherwise by a
 * status query to the provider that confirms it (M-Pesa, MTN MoMo). An unverified or unknown
 * callback yields no outcome. `reply` is what the provider is answered.
 */
export interface ProviderCallbackHandler {
  readonly provider: string;
  /**
   * The HTTP methods its callbacks come with (default POST only). MTN MoMo sends a request to
   * pay's callback with PUT and a transfer's with POST (docs/providers/mtn-momo.md; decision 0682).
   */
  readonly methods?: readonly ('POST' | 'PUT')[];
  handle(request: ProviderCallbackRequest): Promise<{ outcomes: ProviderOutcome[]; reply: { status: number; body: unknown } }>;
}
