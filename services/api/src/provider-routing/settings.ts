// The providers' settings common to all of them (docs/providers.md, docs/operations.md
// "Production configuration"): the routing table, the callbacks' source-address allow-lists and
// body limit, and the status polling's backoff. Each provider's own settings (base URL,
// credentials: PAYSTACK_*, MPESA_*, MTN_MOMO_*) are its connector's. config.ts composes them.
import { readFileSync } from 'node:fs';
import { ConfigError, type Env, readInteger } from '../config-readers.ts';
import { type IpAllowList, parseIpAllowList } from '../auth/ip-allow.ts';
import { allRails } from '../rails/types.ts';
import { payoutDestinationTypes } from '../payout-rails/types.ts';
import { parseRoutingTable, providerNamePattern, RoutingTableError, type RoutingTable } from './routing-table.ts';

/**
 * A callback larger than this is refused (413) before its provider's handler sees it. The
 * providers' callbacks are a few kilobytes (M-Pesa's stkCallback, Paystack's charge.success with
 * its customer and authorization); 64 KiB leaves room without letting a stranger make us buffer much.
 */
export const providerCallbackBodyLimitBytesDefault = 64 * 1024;
export const providerCallbackBodyLimitBytesMax = 1024 * 1024;
/**
 * A transaction or payout still pending this long after its provider accepted it is polled:
 * callbacks normally arrive within seconds (an STK push times out at the payer after about a
 * minute), so a minute without one is worth a status query.
 */
export const providerStatusPollFirstSDefault = 60;
/** Polls back off by doubling up to this wait: a provider that stays silent is asked at least hourly. */
export const providerStatusPollIntervalSMaxDefault = 3600;
/**
 * Callbacks one source address may send one provider (decision 0770): PROVIDER_CALLBACK_RATE_LIMIT_BURST
 * per window of BURST / PER_SECOND seconds (10 s by default), counted in PostgreSQL as the API
 * keys' budgets are (decision 0520). A provider calls back once per transaction, payout or
 * refund, from a few addresses: 50 a second sustained with bursts of 500 is above what a busy
 * platform's bulk payouts bring (Paystack sends a bulk's transfer webhooks as each transfer ends),
 * and far below what a stranger would need to make us ask Daraja or MoMo a status query per
 * forged callback, or fill M-Pesa's parked status answers. 0 turns it off.
 */
export const providerCallbackRateLimitPerSecondDefault = 50;
export const providerCallbackRateLimitBurstDefault = 500;

export type ProviderSettings = {
  /** PROVIDER_ROUTES or PROVIDER_ROUTES_FILE (routing-table.ts). */
  routing: RoutingTable;
  /** PROVIDER_CALLBACK_ALLOW: per provider, the addresses its callbacks may come from (none: any). */
  callbackAllow: ReadonlyMap<string, IpAllowList>;
  /** PROVIDER_CALLBACK_BODY_LIMIT_BYTES. */
  callbackBodyLimitBytes: number;
  /** PROVIDER_CALLBACK_RATE_LIMIT_PER_SECOND (0: off) and _BURST: per provider and source address. */
  callbackRateLimitPerSecond: number;
  callbackRateLimitBurst: number;
  /** PROVIDER_STATUS_POLL_FIRST_S, PROVIDER_STATUS_POLL_INTERVAL_S_MAX. */
  statusPollFirstS: number;
  statusPollIntervalSMax: number;
};

export function readProviderSettings(env: Env): ProviderSettings {
  return {
    routing: readRoutingTable(env),
    callbackAllow: readCallbackAllow(env.PROVIDER_CALLBACK_ALLOW),
    callbackBodyLimitBytes: readInteger(env, 'PROVIDER_CALLBACK_BODY_LIMIT_BYTES', providerCallbackBodyLimitBytesDefault, 1024, providerCallbackBodyLimitBytesMax),
    callbackRateLimitPerSecond: readInteger(env, 'PROVIDER_CALLBACK_RATE_LIMIT_PER_SECOND', providerCallbackRateLimitPerSecondDefault, 0, 1_000_000),
    callbackRateLimitBurst: readInteger(env, 'PROVIDER_CALLBACK_RATE_LIMIT_BURST', providerCallbackRateLimitBurstDefault, 1, 1_000_000),
    statusPollFirstS: readInteger(env, 'PROVIDER_STATUS_POLL_FIRST_S', providerStatusPollFirstSDefault, 1, 86_400),
    statusPollIntervalSMax: readInteger(env, 'PROVIDER_STATUS_POLL_INTERVAL_S_MAX', providerStatusPollIntervalSMaxDefault, 60, 7 * 86_400),
  };
}

const routeMethods = { collection: allRails, payout: payoutDestinationTypes } as const;

function readRoutingTable(env: Env) {
  const inline = env.PROVIDER_ROUTES?.trim();
  const file = env.PROVIDER_ROUTES_FILE?.trim();
  if (inline && file) throw new ConfigError('set PROVIDER_ROUTES or PROVIDER_ROUTES_FILE, not both');
  let text = inline ?? '';
  if (file) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`PROVIDER_ROUTES_FILE: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  try {
    return parseRoutingTable(text, routeMethods);
  } catch (error) {
    if (error instanceof RoutingTableError) throw new ConfigError(`${file ? 'PROVIDER_ROUTES_FILE' : 'PROVIDER_ROUTES'}: ${error.message}`);
    throw error;
  }
}

/** `mpesa=196.201.214.0/24 196.201.213.0/24; mtn_momo=...` (addresses or CIDR blocks, space- or comma-separated). */
function readCallbackAllow(raw: string | undefined): Map<string, IpAllowList> {
  const lists = new Map<string, IpAllowList>();
  for (const part of (raw ?? '').split(';').map((entry) => entry.trim()).filter((entry) => entry !== '')) {
    const [provider, addresses, extra] = part.split('=').map((value) => value.trim());
    if (!provider || !providerNamePattern.test(provider) || addresses === undefined || extra !== undefined) {
      throw new ConfigError(`PROVIDER_CALLBACK_ALLOW: expected "<provider>=<address or CIDR> ...; ...", got "${part}"`);
    }
    if (lists.has(provider)) throw new ConfigError(`PROVIDER_CALLBACK_ALLOW: ${provider} is listed twice`);
    try {
      lists.set(provider, parseIpAllowList(addresses.split(/[\s,]+/).filter((entry) => entry !== '')));
    } catch (error) {
      throw new ConfigError(`PROVIDER_CALLBACK_ALLOW (${provider}): ${(error as Error).message}`);
    }
  }
  return lists;
}
