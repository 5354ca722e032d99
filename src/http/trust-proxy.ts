// Which X-Forwarded-For entries the server believes: the client address is the right-most entry
// not added by a trusted proxy (proxy-addr walks the list from the socket leftwards and stops at
// the first address the function refuses). Whatever a client wrote further left changes nothing.
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.js';

/** Fastify's `trustProxy`: false without a proxy; else a function of (address, hops from the socket). */
export function proxyTrust(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting === null) return false;
  // Fastify reads a bare number as "trust nothing", so the hop count is a function here.
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile([...setting.addresses]);
}
