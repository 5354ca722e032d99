// SSRF guard: a subscription's URL must be https and resolve only to public addresses, unless the
// operator allows private ones (--webhooks-allow-private, which also allows plain http). The
// delivery checks again and connects to the very address it checked (delivery.ts).
import dns from 'node:dns';
import net, { BlockList } from 'node:net';

const blocked = new BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** Loopback, private, link-local, shared, multicast or unspecified (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  return family === 4 ? blocked.check(address, 'ipv4') : family === 6 ? blocked.check(address, 'ipv6') : true;
}

export class RefusedUrl extends Error {
  /** unresolvable: the host has no address (a typo, a name not yet published), not a forbidden one. */
  constructor(message: string, readonly reason: 'refused' | 'unresolvable' = 'refused') {
    super(message);
  }
}

/** Checks a subscription URL's form; throws RefusedUrl with a reason a user can act on. */
export function checkUrlForm(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedUrl('url is not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new RefusedUrl('url must use https');
  if (url.username || url.password) throw new RefusedUrl('url must not carry credentials');
  return url;
}

/** The addresses the host resolves to, all checked; throws RefusedUrl when one is private and that is not allowed. */
export async function resolveChecked(host: string, allowPrivate: boolean): Promise<dns.LookupAddress[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: dns.LookupAddress[];
  try {
    addresses = net.isIP(bare) ? [{ address: bare, family: net.isIP(bare) }] : await dns.promises.lookup(bare, { all: true, verbatim: true });
  } catch {
    throw new RefusedUrl(`url host ${bare} does not resolve`, 'unresolvable');
  }
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new RefusedUrl(`url host ${bare} resolves to a private, loopback or link-local address`);
  return addresses;
}
