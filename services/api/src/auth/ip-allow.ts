// Optional per-key IP allow-list: exact addresses or CIDR blocks, IPv4 and IPv6.
// The client address is the TCP peer (req.socket.remoteAddress); X-Forwarded-For is NOT trusted,
// because anyone can send it. Behind a proxy, the proxy's address is what gets checked
// (docs/decisions/0138-ip-allow-list.md).
import net from 'node:net';

export const ipAllowEntriesMax = 50;

export type IpAllowList = net.BlockList;

/** Throws with a readable message for an entry that is neither an IP nor a CIDR block. */
export function parseIpAllowList(entries: readonly string[]): IpAllowList {
  if (entries.length > ipAllowEntriesMax) throw new Error(`at most ${ipAllowEntriesMax} IP allow-list entries`);
  const list = new net.BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address, prefixText, extra] = entry.split('/');
    const family = address ? net.isIP(address) : 0;
    if (!address || family === 0 || extra !== undefined) throw new Error(`not an IP address or CIDR block: "${raw}"`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) throw new Error(`bad CIDR prefix in "${raw}"`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is checked as 1.2.3.4. */
export function normalizePeerAddress(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

export function ipAllowed(list: IpAllowList, peer: string | undefined): boolean {
  const address = normalizePeerAddress(peer);
  if (!address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
