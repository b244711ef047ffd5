// Which addresses a webhook may reach (seed: "checked for SSRF safety at registration and again at
// every delivery"). The rule acts on IP addresses, never on a URL's text: at registration on what
// the host name resolves to now, at delivery on the address the socket actually connects to
// (delivery-client.ts), so a name re-pointed between the check and the connection (DNS rebinding)
// cannot reach an internal address.
//
// An address is allowed only when it is ordinary public unicast (ipaddr.js's `unicast` range).
// Refused: loopback, private (10/8, 172.16/12, 192.168/16), link-local and cloud metadata
// (169.254/16), CGNAT (100.64/10), unspecified (0/8, ::), broadcast, multicast, reserved and
// documentation ranges, IPv6 unique-local (fc00::/7), link-local (fe80::/10), site-local,
// discard, Teredo; and every IPv6 form that embeds an IPv4 address (IPv4-mapped ::ffff:0:0/96,
// IPv4-translated, IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the
// IPv4 address it carries, so `::ffff:127.0.0.1` is loopback.
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookResolver } from './resolver.ts';

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

/** The verdict on one IP address (v4 or v6 text, brackets and zone ids tolerated). */
export function judgeAddress(address: string): AddressVerdict {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return { allowed: false, range: 'not an IP address' };
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return judgeIpv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) {
    const verdict = judgeIpv4(embedded);
    return verdict.allowed ? verdict : { allowed: false, range: `${verdict.range} (IPv4 embedded in IPv6)` };
  }
  const range = v6.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
}

function judgeIpv4(v4: ipaddr.IPv4): AddressVerdict {
  const range = v4.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, range };
}

/** The IPv4 address an IPv6 address carries, for the forms that route to (or name) one. */
function embeddedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = v6.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = v6.range();
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 6145), 64:ff9b::a.b.c.d (NAT64, RFC 6052).
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return fromWords(parts[6]!, parts[7]!);
  // 2002:AABB:CCDD::/48 (6to4) carries a.b.c.d in its second and third words.
  if (range === '6to4') return fromWords(parts[1]!, parts[2]!);
  // ::a.b.c.d (IPv4-compatible, deprecated; ipaddr.js calls it unicast): the first 96 bits zero.
  if (parts.slice(0, 6).every((word) => word === 0)) return fromWords(parts[6]!, parts[7]!);
  return null;
}

/** RFC 6761: `localhost` and its subdomains are loopback whatever a resolver says. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The ports a webhook URL may name (decision record 0432). Below 1024 only the web's own two: the
 * other well-known ports are mail, SSH, DNS, databases' peers..., services a POST can only abuse
 * (cross-protocol requests). 1024-65535 are open (receivers behind 8443, 8080, a tunnel's port),
 * less the ports the Fetch standard blocks for the same reason ("bad port"; browsers refuse them
 * too). Port 0 is no port at all: nothing can be reached there.
 */
export const webhookWellKnownPortsAllowed: readonly number[] = [80, 443];
/** The first port of the unprivileged range; every one from here to 65535 not in the list below is allowed. */
export const webhookPortUnprivilegedMin = 1024;
/** The Fetch standard's bad ports (fetch.spec.whatwg.org/#bad-port) from 1024 up. */
export const webhookPortsRefused: readonly number[] = [
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];
/** A host name's length at most, without a final dot (RFC 1035 section 2.3.4: 255 octets on the wire). */
export const webhookHostNameCharsMax = 253;
/** One label of a host name at most (RFC 1035 section 2.3.4). */
export const webhookHostLabelCharsMax = 63;

/** Why the URL's port is refused, or null when it is allowed (the scheme's default included). */
export function refusePort(url: URL): string | null {
  if (url.port === '') return null;
  const port = Number(url.port);
  if (port === 0) return 'must not name port 0';
  const allowed = webhookWellKnownPortsAllowed.includes(port) || (port >= webhookPortUnprivilegedMin && !webhookPortsRefused.includes(port));
  return allowed ? null : `must use port 80, 443 or one from ${webhookPortUnprivilegedMin} to 65535 that is not a blocked port (${port} is refused: docs/webhooks.md lists them)`;
}

/** Why the URL's host name is refused for its length or an empty label, or null (IP literals pass). */
export function refuseHostName(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return null;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length > webhookHostNameCharsMax) return `must have a host name of at most ${webhookHostNameCharsMax} characters (it has ${name.length})`;
  const labels = name.split('.');
  if (labels.some((label) => label.length === 0)) return 'must have a host name without empty labels';
  const long = labels.find((label) => label.length > webhookHostLabelCharsMax);
  if (long) return `must have host name labels of at most ${webhookHostLabelCharsMax} characters (one has ${long.length})`;
  return null;
}

export type UrlCheck =
  | { ok: true; url: URL }
  | { ok: false; message: string };

export type UrlPolicy = {
  /** Development mode only (WEBHOOK_ALLOW_PRIVATE_URLS): http and private/loopback receivers are accepted. */
  allowPrivate: boolean;
  /** Development mode accepts http; production requires https. */
  allowHttp: boolean;
};

export type Resolver = (host: string) => Promise<string[]>;

/** All addresses of `host` from the webhook resolver (resolver.ts: the one deliveries use). */
export const systemResolver: Resolver = async (host) => (await webhookResolver(host)).map((record) => record.address);

/**
 * The registration check of a webhook URL (POST /webhooks): scheme, no credentials, an allowed
 * port (refusePort), a host name within DNS's lengths (refuseHostName), and every
 * address the host resolves to allowed. A name that does not resolve (yet) is accepted: it cannot
 * reach anything, every delivery checks the address it connects to, and a merchant may register
 * before its DNS is live (docs/decisions/0221-webhook-url-checks.md).
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy, resolve: Resolver = systemResolver): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'must be an https URL' };
  if (url.protocol === 'http:' && !(policy.allowHttp || policy.allowPrivate)) return { ok: false, message: 'must use https' };
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'must not contain credentials' };
  // Port and host name rules hold in development too: a local receiver listens on a port above 1024.
  const refused = refusePort(url) ?? refuseHostName(url);
  if (refused) return { ok: false, message: refused };
  if (policy.allowPrivate) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalhostName(host)) return { ok: false, message: 'must not point at localhost' };
  if (net.isIP(host) !== 0) {
    const verdict = judgeAddress(host);
    return verdict.allowed ? { ok: true, url } : { ok: false, message: `must not point at a ${describeRange(verdict.range)} address` };
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    // Absent (NXDOMAIN) or not answerable now (timeout, server failure): nothing to refuse (see
    // above); every delivery checks the address it connects to.
    return { ok: true, url };
  }
  for (const address of addresses) {
    const verdict = judgeAddress(address);
    if (!verdict.allowed) return { ok: false, message: `must not resolve to a ${describeRange(verdict.range)} address (${host} resolves to ${address})` };
  }
  return { ok: true, url };
}

/** A range name from ipaddr.js as words for an error message. */
export function describeRange(range: string): string {
  const words: Record<string, string> = {
    loopback: 'loopback',
    private: 'private',
    linkLocal: 'link-local (or cloud metadata)',
    carrierGradeNat: 'carrier-grade NAT',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    multicast: 'multicast',
    reserved: 'reserved',
    uniqueLocal: 'unique-local',
    deprecatedSiteLocal: 'site-local',
    discard: 'discard-only',
    teredo: 'Teredo',
  };
  const base = range.replace(/ \(IPv4 embedded in IPv6\)$/, '');
  const suffix = range === base ? '' : ' (IPv4 embedded in IPv6)';
  return `${words[base] ?? `non-public (${base})`}${suffix}`;
}
